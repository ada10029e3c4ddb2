/**
 * Runs the built preload (`out/preload/index.cjs`) under the rules Electron
 * gives a sandboxed preload: a `vm` context with a `require` that knows only
 * `electron` (contextBridge, ipcRenderer) and the few Node modules Electron
 * polyfills, and a trimmed `process`. Whatever the preload exposes is copied
 * as contextBridge copies it: own properties only, functions proxied,
 * prototypes lost, errors reduced to their message.
 */
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import * as timers from 'node:timers'
import * as url from 'node:url'
import { createContext, runInContext } from 'node:vm'
import type { ContextBridge, IpcRenderer, IpcRendererEvent } from 'electron'
import { ROOT } from './desktop-app'

export const BUILT_PRELOAD = resolve(ROOT, 'out/preload/index.cjs')

/** Where the preload's IPC goes: main's handlers, or a test's answers. */
export interface PreloadTransport {
  invoke(channel: string, args: unknown[]): Promise<unknown>
  send(channel: string, args: unknown[]): void
}

type IpcListener = (event: IpcRendererEvent, ...args: unknown[]) => void

/** `ipcRenderer` of a sandboxed preload, over `transport`; `deliver` is main's `webContents.send`. */
export class IpcRendererStandIn {
  readonly invoked: Array<{ channel: string; args: unknown[] }> = []
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  private readonly listeners = new EventEmitter()
  private readonly transport: PreloadTransport

  constructor(transport: PreloadTransport) {
    this.transport = transport
  }

  readonly invoke: IpcRenderer['invoke'] = (channel, ...args) => {
    this.invoked.push({ channel, args })
    // Structured clone on the way out, as Electron serialises the arguments.
    return this.transport.invoke(channel, structuredClone(args))
  }
  readonly send: IpcRenderer['send'] = (channel, ...args) => {
    this.sent.push({ channel, args })
    this.transport.send(channel, structuredClone(args))
  }
  readonly on: IpcRenderer['on'] = (channel, listener) => {
    this.listeners.on(channel, listener)
    return this as unknown as IpcRenderer
  }
  readonly once: IpcRenderer['once'] = (channel, listener) => {
    this.listeners.once(channel, listener)
    return this as unknown as IpcRenderer
  }
  readonly removeListener: IpcRenderer['removeListener'] = (channel, listener) => {
    this.listeners.removeListener(channel, listener as IpcListener)
    return this as unknown as IpcRenderer
  }
  readonly off: IpcRenderer['off'] = (channel, listener) => this.removeListener(channel, listener)
  readonly removeAllListeners: IpcRenderer['removeAllListeners'] = (channel) => {
    this.listeners.removeAllListeners(channel)
    return this as unknown as IpcRenderer
  }

  listenerCount(channel: string): number {
    return this.listeners.listenerCount(channel)
  }

  /** A message from main on `channel`, copied as Electron copies it. */
  deliver(channel: string, args: unknown[]): void {
    const event = { sender: this, senderId: 0, ports: [] } as unknown as IpcRendererEvent
    this.listeners.emit(channel, event, ...structuredClone(args))
  }
}

/** contextBridge's copy into the page's world, for what crosses it. */
function acrossWorlds(value: unknown, depth = 0): unknown {
  if (depth > 1000) throw new Error('contextBridge: object is too deep')
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown
    return (...args: unknown[]) => {
      let result: unknown
      try {
        result = fn(...args.map((arg) => acrossWorlds(arg, depth + 1)))
      } catch (error) {
        throw acrossError(error)
      }
      if (result instanceof Promise || (typeof result === 'object' && result !== null && typeof (result as Promise<unknown>).then === 'function')) {
        return Promise.resolve(result).then(
          (resolved) => acrossWorlds(resolved, depth + 1),
          (rejected: unknown) => {
            throw acrossError(rejected)
          },
        )
      }
      return acrossWorlds(result, depth + 1)
    }
  }
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => acrossWorlds(item, depth + 1))
  if (value instanceof Date || value instanceof RegExp || ArrayBuffer.isView(value)) return structuredClone(value)
  // Own enumerable properties only: methods on a prototype do not cross.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, acrossWorlds(item, depth + 1)]))
}

/** An Error crosses as a new Error with only its message; any other value is copied. */
function acrossError(error: unknown): unknown {
  if (error instanceof Error || Object.prototype.toString.call(error) === '[object Error]') return new Error((error as Error).message)
  return acrossWorlds(error)
}

/** Node modules a sandboxed preload may require, as Electron lists them. */
const SANDBOX_MODULES: Record<string, unknown> = { events: { EventEmitter, default: EventEmitter }, timers, url }

export interface PreloadRun {
  /** What the preload exposed, by key, as the page would see it. */
  readonly exposed: Map<string, unknown>
  readonly ipcRenderer: IpcRendererStandIn
  /** Every module the preload asked `require` for. */
  readonly required: string[]
}

/** Runs the preload file once, in a fresh sandbox, with its IPC going to `transport`. */
export function runPreload(transport: PreloadTransport, file: string = BUILT_PRELOAD): PreloadRun {
  const exposed = new Map<string, unknown>()
  const required: string[] = []
  const ipcRenderer = new IpcRendererStandIn(transport)
  const contextBridge: Pick<ContextBridge, 'exposeInMainWorld'> = {
    exposeInMainWorld(apiKey, api) {
      if (exposed.has(apiKey)) throw new Error(`Cannot bind an API on top of an existing property on the window object`)
      exposed.set(apiKey, acrossWorlds(api))
    },
  }
  const electron = { contextBridge, ipcRenderer }
  const sandboxRequire = (id: string): unknown => {
    required.push(id)
    if (id === 'electron' || id === 'electron/renderer') return electron
    const name = id.startsWith('node:') ? id.slice(5) : id
    if (name in SANDBOX_MODULES) return SANDBOX_MODULES[name]
    throw new Error(`module not found: ${id}`)
  }
  // The isolated world of a page: web globals, and no Node ones (no require, no process) but what the wrapper hands in.
  const context = createContext({
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    structuredClone,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    AbortController,
    Event,
    EventTarget,
  })
  const sandboxProcess = Object.assign(new EventEmitter(), {
    platform: process.platform,
    arch: process.arch,
    env: {},
    argv: [],
    pid: process.pid,
    type: 'renderer',
    sandboxed: true,
    contextIsolated: true,
    versions: { ...process.versions },
  })
  const module = { exports: {} as unknown }
  const wrapped = `(function (exports, require, module, __filename, __dirname, process, Buffer, global, setImmediate, clearImmediate) {${readFileSync(file, 'utf8')}\n})`
  const run = runInContext(wrapped, context, { filename: file }) as (...args: unknown[]) => void
  run(module.exports, sandboxRequire, module, file, resolve(file, '..'), sandboxProcess, Buffer, context, setImmediate, clearImmediate)
  return { exposed, ipcRenderer, required }
}
