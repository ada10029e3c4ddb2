// npm start -- [--indexer URL] [--ws URL] [--data-dir DIR]: builds if needed and launches the app.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { buildIfNeeded, root } from './build-if-needed.mjs'

buildIfNeeded()

let electronBinary = null
try {
  // Resolving the path downloads Electron on first use.
  electronBinary = createRequire(import.meta.url)('electron')
} catch (error) {
  console.error(`Electron could not be installed here (${error instanceof Error ? error.message.split('\n')[0] : error}).`)
}

if (electronBinary) {
  const child = spawn(electronBinary, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  // Same core and same interface, in the browser instead of a window.
  console.error('Starting ProofWatch in browser mode instead: open the URL printed below.')
  await import('../out/main/serve.js')
}
