/**
 * The bridge as the desktop app serves it: the monitor's methods, with the
 * few the desktop answers itself (opening a browser, facts about this run)
 * or follows (settings and read state the tray shows).
 */
import type { BridgeMethods } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES } from '@shared/bridge'

export function desktopBridge(monitor: BridgeMethods, overrides: Partial<BridgeMethods>): BridgeMethods {
  const methods: Record<string, unknown> = {}
  for (const name of BRIDGE_METHOD_NAMES) {
    const own = overrides[name]
    methods[name] = own ?? ((...args: unknown[]) => (monitor[name] as (...a: unknown[]) => unknown).apply(monitor, args))
  }
  return methods as unknown as BridgeMethods
}
