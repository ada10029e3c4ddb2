/**
 * The bridge's two transports for tests: Electron's path (the real preload
 * bridge and IPC handlers, every crossing a structured clone) and the page
 * socket serve mode's JSON path is opened with.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import type { Bridge } from '@shared/bridge'
import { createBridgeDispatcher } from '../../src/main/core/bridge/bridge-dispatch'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import { silentLogger } from '../../src/main/core/log/log'
import type { Monitor } from '../../src/main/core/monitor/monitor'
import { registerBridgeIpc, type BridgeIpc } from '../../src/main/electron/ipc'
import { startServe, type ServeHandle } from '../../src/main/serve/server'
import { createIpcBridge, type PreloadIpc } from '../../src/preload/ipc-bridge'
import { builtInDemo } from '../../src/main/demo/built-in-demo'
import { createSocketBridge, type SocketBridge, type WebSocketLike } from '../../src/renderer/src/bridge/socket-bridge'
import { drivableDemo, FAST_MONITOR, type StartedPerTest } from './monitor-on-indexer'

export const PAGE_URL = 'http://127.0.0.1:5173/'

/** Electron's path with the real preload bridge and the real IPC handlers; every crossing is a structured clone. */
export function electronPath(dispatcher: ReturnType<typeof createBridgeDispatcher>, monitor: Monitor): { bridge: Bridge; ipc: BridgeIpc } {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  const mainListeners = new Map<string, (event: unknown) => void>()
  const pageListeners = new Map<string, (event: unknown, batch: unknown) => void>()
  const frame = { url: PAGE_URL, parent: null }
  const webContents = {
    send: (channel: string, batch: unknown) => pageListeners.get(channel)?.({}, structuredClone(batch)),
    isDestroyed: () => false,
    on: () => webContents,
    removeListener: () => webContents,
  }
  const window = { isDestroyed: () => false, webContents }
  const ipc = registerBridgeIpc({
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => void handlers.set(channel, handler),
      removeHandler: (channel: string) => void handlers.delete(channel),
      on: (channel: string, listener: (event: unknown) => void) => (mainListeners.set(channel, listener), undefined),
      removeListener: (channel: string) => (mainListeners.delete(channel), undefined),
    } as never,
    dispatcher,
    monitor,
    getWindow: () => window as never,
    location: { kind: 'dev-server', url: PAGE_URL, origin: 'http://127.0.0.1:5173' },
  })
  const preloadIpc = {
    async invoke(channel: string, ...args: unknown[]) {
      const handler = handlers.get(channel)
      if (!handler) throw new Error(`No handler for ${channel}`)
      const answer = await handler({ sender: webContents, senderFrame: frame }, ...structuredClone(args))
      return structuredClone(answer)
    },
    on: (channel: string, listener: (event: unknown, batch: unknown) => void) => (pageListeners.set(channel, listener), preloadIpc),
    removeListener: (channel: string) => (pageListeners.delete(channel), preloadIpc),
    send: (channel: string) => mainListeners.get(channel)?.({ sender: webContents, senderFrame: frame }),
  }
  return { bridge: createIpcBridge(preloadIpc as unknown as PreloadIpc), ipc }
}

/** The `ws` client with the Origin a page of ours has, in the DOM WebSocket's shape the browser transport expects. */
export function pageSocket(origin: string) {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { origin })
    }
  } as unknown as new (url: string) => WebSocketLike
}

export interface BothTransports {
  /** Electron's path: the window's bridge and the IPC handlers behind it. */
  window: { bridge: Bridge; ipc: BridgeIpc }
  serve: ServeHandle
  /** A page on serve mode's socket, opened at the start. */
  page: SocketBridge
  /** Another page on serve mode's socket; every page is closed with the rest. */
  openPage(): SocketBridge
  /** Closes the pages, the IPC handlers and the serve server; the core is the test's to stop. */
  close(): Promise<void>
}

/**
 * Both transports onto one running core: Electron's path and serve mode on
 * a free port. `calls` is what they call (the monitor unless a test records
 * the calls); `monitor` is where the window's events come from.
 */
export async function bothTransports(monitor: Monitor, calls: Monitor = monitor): Promise<BothTransports> {
  const window = electronPath(createBridgeDispatcher(calls), monitor)
  const serve = await startServe({ monitor: calls, rendererDir: mkdtempSync(join(tmpdir(), 'pw-transports-')), port: 0, log: silentLogger })
  const pages: SocketBridge[] = []
  const openPage = (): SocketBridge => {
    const page = createSocketBridge(`ws://127.0.0.1:${serve.port}/bridge?token=${serve.token}`, { WebSocket: pageSocket(`http://127.0.0.1:${serve.port}`) })
    pages.push(page)
    return page
  }
  return {
    window,
    serve,
    page: openPage(),
    openPage,
    async close() {
      for (const page of pages.splice(0)) page.close()
      window.ipc.dispose()
      await serve.close()
    },
  }
}

/** A core on the built-in demo in its pushing mode (no cache file), started, with both transports open onto it; all stopped after the test. */
export async function pushingDemoOverBothTransports(started: StartedPerTest) {
  const demo = drivableDemo(builtInDemo(), { pushAddressEvents: true })
  const monitor = started.monitor({ settings: memorySettingsStorage(), historyPath: null, demo: demo.builtIn }, FAST_MONITOR)
  await monitor.start()
  const transports = started.closeBeforeCores(await bothTransports(monitor))
  return { demo, monitor, transports }
}
