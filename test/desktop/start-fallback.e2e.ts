/** `npm start` where Electron cannot be downloaded: it says why, and serves the app to a browser instead. */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { waitFor } from '../support/wait-for'
import { ROOT } from './desktop-app'

/** Where Electron's binary is installed, starting would launch it: nothing to fall back from. */
const installed = existsSync(resolve(ROOT, 'node_modules/electron/path.txt'))
if (installed) console.warn('Skipping the npm start fallback test: Electron is installed here, so npm start launches it')

/** A port nothing listens on: taken from the system, then released. */
function freedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => done(port))
    })
  })
}

describe.skipIf(installed)('npm start without Electron', () => {
  it('says Electron could not be downloaded, and starts serve mode', async () => {
    // A download mirror nobody answers on and an empty cache: the download fails here as it does offline.
    const child = spawn(process.execPath, [resolve(ROOT, 'scripts/start.mjs'), '--port', '0'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ELECTRON_MIRROR: `http://127.0.0.1:${await freedPort()}/`,
        electron_config_cache: mkdtempSync(join(tmpdir(), 'proofwatch-electron-cache-')),
        PROOFWATCH_DATA_DIR: mkdtempSync(join(tmpdir(), 'proofwatch-start-')),
        PROOFWATCH_INDEXER_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise((done) => child.once('exit', done))
    try {
      await waitFor(() => /ProofWatch serving at http:\/\/127\.0\.0\.1:\d+\//.test(output), 30_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`)
      })
      expect(output).toContain('Electron could not be downloaded: no internet access?')
      expect(output).toContain('Starting ProofWatch in browser mode instead')
      // Not Electron's advice to run a command that needs the same download.
      expect(output).not.toContain('install-electron')
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })
})
