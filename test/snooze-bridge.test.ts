/**
 * Snooze and privacy through both bridge transports (Electron's IPC path and
 * serve mode's JSON socket) on a real monitor: what they answer, the
 * `snoozes` event, and clear errors for hostile input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Snooze } from '@shared/snooze'
import { createMonitor, type Monitor } from '../src/main/core/monitor/monitor'
import { DEFAULT_SETTINGS, memorySettingsStorage } from '../src/main/core/config/settings'
import { bothTransports, type BothTransports } from './support/bridge-transports'
import { waitFor } from './support/wait-for'

const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

let monitor: Monitor
let transports: BothTransports

beforeAll(async () => {
  monitor = createMonitor({ settings: memorySettingsStorage({ ...DEFAULT_SETTINGS, activeProfileId: 'demo' }), historyPath: null })
  transports = await bothTransports(monitor)
})

afterAll(async () => {
  await transports?.close()
  await monitor?.stop()
})

const message = (run: () => Promise<unknown>) => run().then(() => 'no error', (error: Error) => error.message)

describe.each([
  ['Electron IPC', () => transports.window.bridge],
  ['the serve-mode socket', () => transports.page],
])('snooze and privacy over %s', (_name, bridgeOf) => {
  it('snoozes, lists, pushes the change and ends a snooze', async () => {
    const bridge = bridgeOf()
    const pushed: Snooze[][] = []
    const stop = bridge.on('snoozes', (list) => pushed.push(list))
    await bridge.getAppInfo()
    const list = await bridge.snoozeNotifications({ target: { kind: 'address', id: ADDRESS }, duration: 'forever' })
    expect(list).toEqual([{ target: { kind: 'address', id: ADDRESS }, until: null }])
    expect(await bridge.listSnoozes()).toEqual(list)
    await waitFor(() => pushed.some((p) => p.length === 1))
    expect(await bridge.endSnooze({ kind: 'address', id: ADDRESS })).toEqual([])
    await waitFor(() => pushed.at(-1)?.length === 0)
    stop()
  })

  it('sets the notification privacy in the rules', async () => {
    const bridge = bridgeOf()
    expect((await bridge.setNotificationPrivacy('nothing')).notifications.privacy).toBe('nothing')
    expect((await bridge.getSettings()).notifications.privacy).toBe('nothing')
    await bridge.setNotificationPrivacy('full')
  })

  it.each([
    [{ target: { kind: 'address', id: ADDRESS }, duration: '2h' }, 'A snooze lasts 1h, 8h, tomorrow, forever; not "2h"'],
    [{ target: { kind: 'address', id: ADDRESS }, duration: 3600 }, 'Invalid arguments for snoozeNotifications'],
    [{ target: { kind: 'address', id: 'not-an-address' }, duration: '1h' }, 'Cannot snooze "not-an-address": not an address'],
    [{ target: { kind: 'source', id: 'everything' }, duration: '1h' }, 'Cannot snooze the rule "everything"'],
    [{ target: { kind: 'notice', id: '__proto__' }, duration: '1h' }, 'Cannot snooze the kind "__proto__"'],
    [{ target: { kind: 'galaxy', id: ADDRESS }, duration: '1h' }, 'snooze an address, a source or a notice kind'],
    [{ target: { kind: 'address', id: ADDRESS }, duration: '1h', extra: true }, 'Invalid arguments for snoozeNotifications'],
    [{ target: { kind: 'address', id: 'x'.repeat(5000) }, duration: '1h' }, 'Invalid arguments for snoozeNotifications'],
  ])('refuses %j with a clear error', async (input, expected) => {
    expect(await message(() => bridgeOf().snoozeNotifications(input as never))).toContain(expected)
    expect(await bridgeOf().listSnoozes()).toEqual([])
  })

  it('refuses an unknown target to end and an unknown privacy level', async () => {
    expect(await message(() => bridgeOf().endSnooze({ kind: 'source', id: 'nope' } as never))).toContain('Cannot snooze the rule "nope"')
    expect(await message(() => bridgeOf().setNotificationPrivacy('loud' as never))).toContain('Notification privacy must be one of full, noAddresses, nothing')
  })
})
