// npm run serve -- [--indexer URL] [--ws URL] [--port N] [--data-dir DIR]
import { buildIfNeeded } from './build-if-needed.mjs'

buildIfNeeded()
await import('../out/main/serve.js')
