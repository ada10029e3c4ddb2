/** One process per data folder: a second serve process on the same folder is refused, naming the holder. */
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startBuilt, type Started, SERVE_LINE } from './processes'

const root = resolve(import.meta.dirname, '../..')

/** Runs serve.js to its end and gives its exit code and output. */
function runToExit(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve(root, 'out/main/serve.js'), '--port', '0'], {
      cwd: root,
      env: { ...process.env, PROOFWATCH_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      done({ code, output })
    })
  })
}

describe('one serve process per data folder', () => {
  const started: Started[] = []
  afterAll(async () => {
    for (const process of started) await process.stop()
  })

  it('refuses a second process on the same folder with a message naming the first, and frees the folder at exit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'proofwatch-lock-'))
    const first = await startBuilt('serve.js', ['--port', '0'], SERVE_LINE, { PROOFWATCH_DATA_DIR: dataDir })
    started.push(first)
    const second = await runToExit(dataDir)
    expect(second.code).toBe(1)
    expect(second.output).toContain(`The data folder ${dataDir} is in use by ProofWatch serve mode, process ${first.child.pid}`)
    expect(second.output).not.toContain('ENOENT')

    await first.stop()
    // The first one released the folder: the next start takes it.
    const third = await startBuilt('serve.js', ['--port', '0'], SERVE_LINE, { PROOFWATCH_DATA_DIR: dataDir })
    started.push(third)
  })

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'proofwatch-lock-'))
    // Far above any pid the system hands out.
    writeFileSync(join(dataDir, 'proofwatch.lock'), JSON.stringify({ pid: 2 ** 30, kind: 'serve', startedAt: 0 }))
    started.push(await startBuilt('serve.js', ['--port', '0'], SERVE_LINE, { PROOFWATCH_DATA_DIR: dataDir }))
  })
})
