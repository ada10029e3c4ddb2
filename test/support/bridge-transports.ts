/**
 * The bridge's two transports for tests: Electron's path (the real preload
 * bridge and IPC handlers, every crossing a structured clone) and the page
 * socket serve mode's JSON path is opened with.
 */
import WebSocket from 'ws'
import type { Bridge } from '@shared/bridge'
import type { createBridgeDispatcher } from '../../src/main/core/bridge/bridge-dispatch'
import type { Monitor } from '../../src/main/core/monitor/monitor'
import { registerBridgeIpc, type BridgeIpc } from '../../src/main/electron/ipc'
import { createIpcBridge, type PreloadIpc } from '../../src/preload/ipc-bridge'
import type { WebSocketLike } from '../../src/renderer/src/bridge/socket-bridge'

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
