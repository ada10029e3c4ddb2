import type { Bridge } from '@shared/bridge'
import { accessRefusedError, NO_TOKEN_MESSAGE } from './access-refused'
import { createRefusedBridge } from './refused-bridge'
import { createSocketBridge, type SocketBridgeOptions } from './socket-bridge'

type PageLocation = Pick<Location, 'protocol' | 'host' | 'search'>

let defaultBridge: Bridge | null = null
let overridden: Bridge | null = null

/** The page's access token from `?token=`; null when there is none. */
export function pageToken(location: Pick<Location, 'search'>): string | null {
  const token = new URLSearchParams(location.search).get('token')
  return token ? token : null
}

/** Where the browser transport lives: the page's own host, with the page's start token. */
export function socketBridgeUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}/bridge?token=${encodeURIComponent(token)}`
}

/**
 * The browser transport for a page at `location`. Without a token serve
 * mode would only refuse the socket, so it is not opened at all.
 */
export function createPageBridge(location: PageLocation, options: SocketBridgeOptions = {}): Bridge {
  const token = pageToken(location)
  if (token === null) return createRefusedBridge(accessRefusedError(NO_TOKEN_MESSAGE))
  return createSocketBridge(socketBridgeUrl(location, token), options)
}

/** The preload's bridge in Electron, otherwise the browser transport (created once). */
export function getBridge(): Bridge {
  if (overridden) return overridden
  defaultBridge ??= window.proofwatch ?? createPageBridge(window.location)
  return defaultBridge
}

/** Makes getBridge return `bridge` (tests); null goes back to the default. */
export function overrideBridge(bridge: Bridge | null): void {
  overridden = bridge
}
