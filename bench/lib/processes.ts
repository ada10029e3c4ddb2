/**
 * Child processes of the benchmarks: forked benchmark children with a request
 * channel, plain processes awaited by an output line, and one registry so
 * that a benchmark that fails or times out leaves nothing running.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { ChildChannel } from './ipc'

const running = new Set<ChildProcess>()

function track(child: ChildProcess): ChildProcess {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

/** Ends a child: SIGTERM, then SIGKILL if it has not gone after a grace period. */
export function stopProcess(child: ChildProcess, graceMs = 3000): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    child.once('exit', () => done())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref()
  })
}

/** Resolves when the child has exited, or after `ms` (then false). */
export function exited(child: ChildProcess, ms: number): Promise<boolean> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done(true)
    const timer = setTimeout(() => done(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      done(true)
    })
  })
}

/** Every child still running (after a failure or a timeout). */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child, 1000)))
}

export interface ForkedChild<Ready> {
  channel: ChildChannel
  /** What the child sent with its `ready` notice. */
  ready: Ready
  child: ChildProcess
  /** The child's stderr so far, for error messages. */
  output(): string
  stop(): Promise<void>
}

export interface ForkOptions {
  execArgv?: string[]
  env?: Record<string, string>
  timeoutMs?: number
}

/** With PROOFWATCH_BENCH_PROFILE=<dir>, every forked child and serve mode write a CPU profile there when it exits (for `node --cpu-prof` readers). */
export function profilingFlags(): string[] {
  const dir = process.env.PROOFWATCH_BENCH_PROFILE
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []
}

/** Forks out/bench/children/<name>.js and waits for its `ready` notice. */
export function forkChild<Ready>(benchDir: string, name: string, args: unknown, options: ForkOptions = {}): Promise<ForkedChild<Ready>> {
  const child = track(
    fork(resolve(benchDir, 'children', `${name}.js`), [JSON.stringify(args)], {
      execArgv: [...(options.execArgv ?? []), ...profilingFlags()],
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    }),
  )
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  })
  const channel = new ChildChannel(child, name)
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      void stopProcess(child)
      reject(new Error(`${name} did not get ready within ${options.timeoutMs ?? 30_000} ms:\n${output}`))
    }, options.timeoutMs ?? 30_000)
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`))
    }
    child.once('exit', onExit)
    const unsubscribe = channel.onNotice('ready', (ready) => {
      unsubscribe()
      clearTimeout(timer)
      child.off('exit', onExit)
      resolvePromise({ channel, ready: ready as Ready, child, output: () => output, stop: () => stopProcess(child) })
    })
  })
}

export interface LineWaitOptions {
  cwd?: string
  env?: Record<string, string>
  timeoutMs?: number
}

export interface StartedProcess {
  child: ChildProcess
  match: RegExpMatchArray
  /** From just before spawn to the arrival of the matching line. */
  elapsedMs: number
  output(): string
  stop(): Promise<void>
}

/** Spawns `command` and resolves when stdout or stderr shows a line matching `pattern`. */
export function spawnUntilLine(command: string, args: string[], pattern: RegExp, options: LineWaitOptions = {}): Promise<StartedProcess> {
  const startedAt = performance.now()
  const child = track(
    spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] }),
  )
  let output = ''
  return new Promise((resolvePromise, reject) => {
    const timeoutMs = options.timeoutMs ?? 30_000
    const timer = setTimeout(() => {
      void stopProcess(child)
      reject(new Error(`${command} ${args.join(' ')}: no line matching ${pattern} within ${timeoutMs} ms:\n${output.slice(-2000)}`))
    }, timeoutMs)
    let settled = false
    const onData = (chunk: Buffer) => {
      const arrivedAt = performance.now()
      output += chunk.toString()
      if (settled) return
      const match = output.match(pattern)
      if (!match) return
      settled = true
      clearTimeout(timer)
      resolvePromise({ child, match, elapsedMs: arrivedAt - startedAt, output: () => output, stop: () => stopProcess(child) })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code) => {
      if (settled) return
      clearTimeout(timer)
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-2000)}`))
    })
  })
}

/** Milliseconds from spawn to the `ready` line of a process that then exits by itself; checks that it exited cleanly. */
export async function timeToReadyLine(command: string, args: string[], options: LineWaitOptions = {}): Promise<{ ms: number; line: RegExpMatchArray }> {
  const started = await spawnUntilLine(command, args, /^ready (.*)$/m, options)
  const code = await new Promise<number | null>((done) => {
    if (started.child.exitCode !== null) return done(started.child.exitCode)
    started.child.once('exit', (exitCode) => done(exitCode))
  })
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}:\n${started.output().slice(-2000)}`)
  return { ms: started.elapsedMs, line: started.match }
}
