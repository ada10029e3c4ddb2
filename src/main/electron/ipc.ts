import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron'
import type { BridgeEvent, BridgeResponse } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import { toWireValue } from '@shared/wire-value'
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatch'
import type { Logger } from '../core/log/log'
import { silentLogger } from '../core/log/log'
import type { Monitor } from '../core/monitor/monitor'
import type { RelayWindow } from './event-relay'
import { EventRelay } from './event-relay'
import type { RendererLocation } from './renderer-location'
import { isAppRendererUrl } from './renderer-location'

export type BridgeIpcMain = Pick<IpcMain, 'handle' | 'removeHandler' | 'on' | 'removeListener'>

/** The part of an IPC event the sender check reads. */
export interface SenderInfo {
  readonly sender: unknown
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null
}

export interface BridgeIpcDeps {
  ipcMain: BridgeIpcMain
  dispatcher: BridgeDispatcher
  monitor: Pick<Monitor, 'onEvents'>
  getWindow: () => RelayWindow | null
  location: RendererLocation
  log?: Logger
  /** How many items of one array event are held for a page that is not ready. */
  maxQueuedItems?: number
}

export const UNTRUSTED_SENDER: BridgeResponse<never> = { error: { code: 'INVALID_ARGUMENT', message: 'Untrusted sender' } }

/** Only the top frame of the app's own page may call the bridge. */
export function isTrustedSender(event: SenderInfo, location: RendererLocation): boolean {
  const frame = event.senderFrame
  if (!frame || frame.parent !== null) return false
  return isAppRendererUrl(location, frame.url)
}

export interface BridgeIpc {
  /** Sends events of main's own (navigate, problem) the same way as the monitor's. */
  push(batch: BridgeEvent[]): void
  /** Removes every handler and listener. */
  dispose(): void
}

/**
 * Connects the bridge to Electron IPC: one handler per request channel, and
 * the monitor's event batches relayed to the window once its page is ready.
 */
export function registerBridgeIpc(deps: BridgeIpcDeps): BridgeIpc {
  const { ipcMain, dispatcher, monitor, getWindow, location } = deps
  const log = deps.log ?? silentLogger

  for (const method of BRIDGE_METHOD_NAMES) {
    ipcMain.handle(IPC_CHANNELS[method], (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event, location)) {
        log.warn('Refused a bridge call from an untrusted sender', { method, url: event.senderFrame?.url.slice(0, 200) })
        return UNTRUSTED_SENDER
      }
      return dispatcher(method, args)
    })
  }

  const relay = new EventRelay({ getWindow, log, ...(deps.maxQueuedItems ? { maxItemsPerList: deps.maxQueuedItems } : {}) })
  const onReady = (event: IpcMainEvent) => {
    const window = getWindow()
    if (!isTrustedSender(event, location) || !window || window.isDestroyed() || event.sender !== window.webContents) {
      log.warn('Ignored READY from an untrusted sender')
      return
    }
    relay.markReady(window.webContents)
  }
  ipcMain.on(READY_CHANNEL, onReady)
  // Events reach the page in the data model the serve-mode socket gives them (JSON's), not structured clone's richer one.
  const stopEvents = monitor.onEvents((batch) => relay.push(toWireValue(batch)))

  return {
    push: (batch) => relay.push(toWireValue(batch)),
    dispose() {
      stopEvents()
      ipcMain.removeListener(READY_CHANNEL, onReady)
      for (const method of BRIDGE_METHOD_NAMES) ipcMain.removeHandler(IPC_CHANNELS[method])
      relay.dispose()
    },
  }
}
