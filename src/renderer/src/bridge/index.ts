import type { Bridge } from '@shared/bridge'
import { createSocketBridge } from './socket-bridge'

let defaultBridge: Bridge | null = null
let overridden: Bridge | null = null

/** Where the browser transport lives: the page's own host, with the page's start token. */
export function socketBridgeUrl(location: Pick<Location, 'protocol' | 'host' | 'search'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  const token = new URLSearchParams(location.search).get('token') ?? ''
  return `${scheme}://${location.host}/bridge?token=${encodeURIComponent(token)}`
}

/** The preload's bridge in Electron, otherwise the browser transport (created once). */
export function getBridge(): Bridge {
  if (overridden) return overridden
  defaultBridge ??= window.proofwatch ?? createSocketBridge(socketBridgeUrl(window.location))
  return defaultBridge
}

/** Makes getBridge return `bridge` (tests); null goes back to the default. */
export function overrideBridge(bridge: Bridge | null): void {
  overridden = bridge
}
