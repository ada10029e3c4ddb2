import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const HELPER = resolve(import.meta.dirname, 'unhandled-rejections.ts')

/** A real Node process (this one's binary) that rejects a promise nobody catches, then says whether it still runs. */
function runRejecting(install: boolean): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `
    const { logUnhandledRejections } = await import(${JSON.stringify(HELPER)})
    const log = { info() {}, warn() {}, error: (message, details) => console.log('logged:', message, JSON.stringify(details)) }
    if (${install}) logUnhandledRejections(log)
    void Promise.reject(new Error('ENOSPC: no space left on device, write'))
    setTimeout(() => console.log('still running'), 50)
  `
  return new Promise((done) => {
    execFile(process.execPath, ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script], (error, stdout, stderr) =>
      done({ code: error ? (error.code as number) : 0, stdout, stderr }),
    )
  })
}

describe('logUnhandledRejections', () => {
  it('logs a rejection nobody caught and the process keeps running', async () => {
    const { code, stdout } = await runRejecting(true)
    expect(stdout).toContain('logged: An unhandled rejection was caught; ProofWatch keeps running')
    expect(stdout).toContain('ENOSPC: no space left on device')
    expect(stdout).toContain('still running')
    expect(code).toBe(0)
  })

  it('without it the same rejection ends the process (what it guards against)', async () => {
    const { code, stdout } = await runRejecting(false)
    expect(stdout).not.toContain('still running')
    expect(code).not.toBe(0)
  })
})

describe('logUnhandledRejections, called again', () => {
  it('keeps one handler and logs to the newest log', async () => {
    const { logUnhandledRejections } = await import('./unhandled-rejections')
    const { EventEmitter } = await import('node:events')
    const target = new EventEmitter()
    const first: string[] = []
    const second: string[] = []
    logUnhandledRejections({ info() {}, warn() {}, error: (m) => first.push(m) }, target)
    const remove = logUnhandledRejections({ info() {}, warn() {}, error: (m) => second.push(m) }, target)
    expect(target.listenerCount('unhandledRejection')).toBe(1)
    target.emit('unhandledRejection', new Error('x'))
    expect([first.length, second.length]).toEqual([0, 1])
    remove()
    expect(target.listenerCount('unhandledRejection')).toBe(0)
  })
})
