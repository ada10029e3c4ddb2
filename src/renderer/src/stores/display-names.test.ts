import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { address } from '@test/support/renderer/workspace-fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useDisplayNamesStore } from './display-names'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('display names store', () => {
  it('sends the asks of one moment together, each address once, and none that is not an address', async () => {
    bridge.handle('getDisplayNames', (pubkeys) => pubkeys.map((pubkey) => ({ pubkey, displayName: `name of ${pubkey.slice(0, 6)}`, readAt: 1 })))
    const names = useDisplayNamesStore()
    for (const pubkey of [address(1), address(2), address(1), 'not an address', '', null]) names.ensure(pubkey)
    await flushPromises()
    names.ensure(address(2))
    await flushPromises()
    expect(bridge.callsOf('getDisplayNames')).toEqual([[[address(1), address(2)]]])
    expect(names.nameOf(address(2))).toBe(`name of ${address(2).slice(0, 6)}`)
  })

  it('keeps a pushed name over an older answer that crossed it', async () => {
    let answer: (() => void) | null = null
    bridge.handle('getDisplayNames', (pubkeys) => new Promise((resolve) => (answer = () => resolve(pubkeys.map((pubkey) => ({ pubkey, displayName: null, readAt: null }))))))
    const names = useDisplayNamesStore()
    names.ensure(address(1))
    await flushPromises()
    bridge.emit('displayNames', [{ pubkey: address(1), displayName: 'ref_tester', readAt: 5 }])
    answer!()
    await flushPromises()
    expect(names.nameOf(address(1))).toBe('ref_tester')
  })

  it('asks again, when next shown, for what a failed call did not answer', async () => {
    bridge.fail('getDisplayNames', { code: 'TIMEOUT', message: 'no answer', retryable: true })
    const names = useDisplayNamesStore()
    names.ensure(address(1))
    await flushPromises()
    expect(names.nameOf(address(1))).toBeNull()
    bridge.handle('getDisplayNames', (pubkeys) => pubkeys.map((pubkey) => ({ pubkey, displayName: 'back', readAt: 2 })))
    names.ensure(address(1))
    await flushPromises()
    expect(bridge.callsOf('getDisplayNames')).toHaveLength(2)
    expect(names.nameOf(address(1))).toBe('back')
  })
})
