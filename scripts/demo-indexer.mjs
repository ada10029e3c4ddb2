// npm run demo-indexer -- [--port 8787] [--rate 20] [--seed 1]
import { buildIfNeeded } from './build-if-needed.mjs'

buildIfNeeded()
await import('../out/main/demo-indexer.js')
