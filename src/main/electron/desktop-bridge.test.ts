import { describe, expect, it, vi } from 'vitest'
import type { BridgeMethods } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES } from '@shared/bridge'
import { desktopBridge } from './desktop-bridge'

describe('desktopBridge', () => {
  it('is every bridge method: the overrides, and the monitor for the rest, called on the monitor', async () => {
    const monitor = {
      calls: [] as string[],
      ...Object.fromEntries(
        BRIDGE_METHOD_NAMES.map((name) => [
          name,
          function (this: { calls: string[] }, ...args: unknown[]) {
            this.calls.push(`${name}(${args.join(',')})`)
            return Promise.resolve(name)
          },
        ]),
      ),
    }
    const openExternal = vi.fn(async () => ({ url: 'https://explorer.solana.com/tx/x', opened: true }))
    const bridge = desktopBridge(monitor as unknown as BridgeMethods, { openExternal })
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_METHOD_NAMES].sort())
    await expect(bridge.getProof('P1')).resolves.toBe('getProof')
    await bridge.openExternal({ kind: 'transaction', id: 'x' })
    expect(monitor.calls).toEqual(['getProof(P1)'])
    expect(openExternal).toHaveBeenCalledWith({ kind: 'transaction', id: 'x' })
  })
})
