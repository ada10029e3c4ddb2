import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

export interface Started {
  child: ChildProcess
  /** The first captured group of the line that announced readiness. */
  match: RegExpMatchArray
  output: () => string
  stop: () => Promise<void>
}

/** Runs a built entry of out/main with this Node and waits for the line that says it is ready. */
export function startBuilt(entry: string, args: string[], ready: RegExp, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [resolve(root, 'out/main', entry), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3000).unref()
    })
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(ready)
      if (match) {
        clearTimeout(timer)
        resolvePromise({ child, match, output: () => output, stop })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${entry} exited with ${code}:\n${output}`))
    })
  })
}
