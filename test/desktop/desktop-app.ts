import { fork, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { waitFor } from '../support/wait-for'
import type { FromApp, Probe, Recorded, ToApp } from './stand-in/messages'

export const ROOT = resolve(import.meta.dirname, '../..')
export const BUILT_MAIN = resolve(ROOT, 'out/main/index.js')
const REGISTER = pathToFileURL(resolve(import.meta.dirname, 'stand-in/register.ts')).href

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface LaunchOptions {
  /** The stand-in's home folder: userData is `<home>/.config/ProofWatch` unless `--data-dir` says otherwise. */
  home: string
  args?: string[]
  env?: Record<string, string>
  /** Which built main script to run; the real one unless a test breaks a copy of it. */
  main?: string
}

/**
 * The built main bundle running in its own Node process on the stand-in
 * Electron, and what it did. The test talks to it over the Node IPC channel
 * with structured clone (`serialization: 'advanced'`), as Electron's IPC copies.
 */
export class DesktopApp {
  readonly records: Recorded[] = []
  readonly missing: string[] = []
  /** What main sent to the renderer of each window. */
  readonly toRenderer: Array<{ windowId: number; channel: string; args: unknown[] }> = []
  readonly exited: Promise<Exit>
  /** What the stand-in said when it loaded: the app's process and its Node version. */
  hello: { pid: number; node: string; argv: string[] } | null = null
  private readonly child: ChildProcess
  private readonly rendererListeners = new Set<(message: { windowId: number; channel: string; args: unknown[] }) => void>()
  private readonly pending = new Map<number, { done: (value: unknown) => void; fail: (error: Error) => void }>()
  private nextId = 1
  private text = ''
  private exit: Exit | null = null

  constructor(options: LaunchOptions) {
    this.child = fork(options.main ?? BUILT_MAIN, options.args ?? [], {
      cwd: ROOT,
      execArgv: ['--import', REGISTER],
      env: { ...process.env, ...options.env, ELECTRON_STAND_IN_HOME: options.home },
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    const collect = (chunk: Buffer) => (this.text += chunk.toString())
    this.child.stdout!.on('data', collect)
    this.child.stderr!.on('data', collect)
    this.child.on('message', (message: FromApp) => this.receive(message))
    this.exited = new Promise((done) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal }
        for (const { fail } of this.pending.values()) fail(new Error(`The app exited (${code ?? signal}) before answering`))
        this.pending.clear()
        done(this.exit)
      })
    })
  }

  get output(): string {
    return this.text
  }

  get hasExited(): boolean {
    return this.exit !== null
  }

  /** Records of one API (`BrowserWindow.new`, `ipcMain.handle`…), in order. */
  calls(api: string): Recorded[] {
    return this.records.filter((entry) => entry.api === api)
  }

  async waitForCall(api: string, match: (entry: Recorded) => boolean = () => true, timeoutMs = 20_000): Promise<Recorded> {
    await this.until(() => this.calls(api).some(match), `${api}`, timeoutMs)
    return this.calls(api).find(match)!
  }

  /** Waits for a condition, failing early with the app's output when the app has exited. */
  async until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    try {
      await waitFor(() => {
        if (check()) return true
        if (this.exit) throw new Error(`the app exited (${this.exit.code ?? this.exit.signal})`)
        return false
      }, timeoutMs)
    } catch (error) {
      throw new Error(`Waiting for ${what}: ${(error as Error).message}\n--- app output ---\n${this.text}`)
    }
  }

  onRenderer(listener: (message: { windowId: number; channel: string; args: unknown[] }) => void): () => void {
    this.rendererListeners.add(listener)
    return () => this.rendererListeners.delete(listener)
  }

  /** `ipcRenderer.invoke` from the top frame of window `windowId`'s page at `frameUrl`. */
  invoke(windowId: number, frameUrl: string, channel: string, args: unknown[]): Promise<unknown> {
    return this.ask((id) => ({ kind: 'invoke', id, windowId, frameUrl, channel, args }))
  }

  /** `ipcRenderer.send` from that page. */
  send(windowId: number, frameUrl: string, channel: string, args: unknown[]): void {
    this.post({ kind: 'send', windowId, frameUrl, channel, args })
  }

  probe(windowId: number, probe: Probe): Promise<unknown> {
    return this.ask((id) => ({ kind: 'probe', id, windowId, probe }))
  }

  /** What keeps the app's process alive (process.getActiveResourcesInfo()). */
  resources(): Promise<string[]> {
    return this.probe(0, { probe: 'resources' }) as Promise<string[]>
  }

  /** Quits as the tray's Quit or the last window would, and waits for the process to end by itself. */
  async quit(withinMs: number): Promise<{ exit: Exit; tookMs: number }> {
    const started = Date.now()
    this.post({ kind: 'quit' })
    const timeout = new Promise<null>((done) => setTimeout(() => done(null), withinMs).unref())
    const exit = await Promise.race([this.exited, timeout])
    if (exit) return { exit, tookMs: Date.now() - started }
    const left = await this.resources().catch((error: Error) => [`(could not ask: ${error.message})`])
    throw new Error(`The app did not exit within ${withinMs} ms of quitting; still open: ${left.join(', ')}\n--- app output ---\n${this.text}`)
  }

  /** Ends the process whatever state it is in (after a failed test). */
  async kill(): Promise<void> {
    if (this.exit) return
    this.child.kill('SIGKILL')
    await this.exited
  }

  private receive(message: FromApp): void {
    switch (message.kind) {
      case 'record':
        this.records.push(message.entry)
        return
      case 'missing':
        this.missing.push(message.name)
        return
      case 'to-renderer': {
        const { windowId, channel, args } = message
        this.toRenderer.push({ windowId, channel, args })
        for (const listener of this.rendererListeners) listener({ windowId, channel, args })
        return
      }
      case 'reply': {
        const waiting = this.pending.get(message.id)
        this.pending.delete(message.id)
        if (!waiting) return
        if (message.ok) waiting.done(message.value)
        else waiting.fail(new Error(message.message))
        return
      }
      case 'hello':
        this.hello = { pid: message.pid, node: message.node, argv: message.argv }
        return
    }
  }

  private ask(build: (id: number) => ToApp): Promise<unknown> {
    const id = this.nextId++
    return new Promise((done, fail) => {
      this.pending.set(id, { done, fail })
      this.post(build(id))
    })
  }

  private post(message: ToApp): void {
    if (this.exit) throw new Error('The app has exited')
    this.child.send(message)
  }
}
