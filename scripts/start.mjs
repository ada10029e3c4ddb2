// npm start -- [--indexer URL] [--ws URL] [--data-dir DIR]: builds if needed and launches the app.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { buildIfNeeded, root } from './build-if-needed.mjs'

buildIfNeeded()

let fellBack = false
// Same core and same interface, in the browser instead of a window.
async function startBrowserMode(reason) {
  if (fellBack) return
  fellBack = true
  console.error(`${reason}\nStarting ProofWatch in browser mode instead: open the URL printed below.`)
  await import('../out/main/serve.js')
}

let electronBinary = null
try {
  // Resolving the path downloads Electron on first use.
  electronBinary = createRequire(import.meta.url)('electron')
} catch {
  // Electron's own message advises a command that needs the same download: say what most likely happened instead.
  await startBrowserMode(
    'Electron could not be downloaded: no internet access? It is downloaded once, on the first start; the next start tries again.',
  )
}

if (electronBinary) {
  const startedAt = Date.now()
  const child = spawn(electronBinary, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
  child.on('error', (error) => void startBrowserMode(`Electron could not be started (${error.message}).`))
  child.on('exit', (code) => {
    // An Electron that fails at once (no display, missing system libraries) never showed a window.
    if (code !== 0 && Date.now() - startedAt < 10_000) void startBrowserMode(`Electron exited at start with code ${code}.`)
    else process.exit(code ?? 0)
  })
}
