import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { ConnectionState } from '@shared/domain'
import type { Watchlist } from '@shared/watchlist'
import { deferred } from '@test/support/renderer/deferred'
import { makeConnection } from '@test/support/renderer/fixtures'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import { address, makeFollowedCircuit, makeUnread, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import { useConnectionStore } from '@renderer/stores/connection'
import WatchlistView from './WatchlistView.vue'

const VALID = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

function connectionWith(channels: ConnectionState['channels']): ConnectionState {
  return { ...makeConnection(), channels }
}

describe('WatchlistView', () => {
  it('says it is loading, then explains the empty lists', async () => {
    const answer = deferred<Watchlist>()
    const { wrapper } = await mountView(WatchlistView, '/watchlist', (bridge) => bridge.handle('getWatchlist', () => answer.promise))
    expect(wrapper.find('[data-testid="watchlist-loading"]').exists()).toBe(true)
    answer.resolve(makeWatchlist())
    await flushPromises()
    expect(wrapper.get('[data-testid="watchlist-addresses-empty"]').text()).toContain('No watched addresses yet')
    expect(wrapper.get('[data-testid="watchlist-circuits-empty"]').text()).toContain('No followed circuits')
  })

  it('shows a failure to read the watchlist with Retry', async () => {
    const { wrapper, bridge } = await mountView(WatchlistView, '/watchlist', (fake) =>
      fake.fail('getWatchlist', { code: 'INTERNAL', message: 'watchlist file unreadable' }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('watchlist file unreadable')
    bridge.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1)]))
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="watched-address-row"]')).toHaveLength(1)
  })

  it('lists addresses with label, live state, unread count, last activity and a link to the timeline', async () => {
    const { wrapper, bridge } = await mountView(WatchlistView, '/watchlist', (fake) => {
      fake.handle('getWatchlist', () =>
        makeWatchlist([makeWatchedAddress(1, { lastActivityAt: Date.now() - 150_000 }), makeWatchedAddress(2, { label: null, lastActivityAt: null })]),
      )
      fake.handle('getUnread', () => makeUnread(5, { [address(1)]: 3 }))
      fake.handle('getConnection', () =>
        connectionWith([
          { channel: `address:${address(1)}:txs`, state: 'subscribed' },
          { channel: `address:${address(2)}:txs`, state: 'refused', error: 'Subscription limit reached', reason: 'refused' },
        ]),
      )
    })
    await useConnectionStore().start()
    // The connection state reaches the rows a few turns later, more on a loaded machine.
    await vi.waitFor(() => expect(wrapper.find('[data-testid="watched-address-row"] [data-testid="live-state"]').text()).toBe('Live'))
    const rows = wrapper.findAll('[data-testid="watched-address-row"]')
    expect(rows[0]!.get('[data-testid="label-text"]').text()).toBe('Wallet 1')
    expect(rows[0]!.get('[data-testid="live-state"]').text()).toBe('Live')
    expect(rows[0]!.get('[data-testid="watch-unread"]').text()).toBe('3 unread')
    // One meaning, stated: the centre's unread entries, a burst counted once.
    expect(wrapper.get('[data-testid="watch-unread-meaning"]').text()).toMatch(/notification centre’s unread entries.*a burst of transactions is one entry/)
    expect(rows[0]!.get('[data-testid="watch-last-activity"]').text()).toBe('2 minutes ago')
    expect(rows[0]!.get('[data-testid="watched-address-link"]').attributes('href')).toBe(`/address/${address(1)}`)
    expect(rows[1]!.get('[data-testid="label-text"]').text()).toBe('No label')
    expect(rows[1]!.get('[data-testid="live-state"]').text()).toBe('Refused')
    expect(rows[1]!.get('[data-testid="live-state"]').attributes('title')).toBe('Subscription limit reached')
    expect(rows[1]!.get('[data-testid="watch-last-activity"]').text()).toBe('No activity yet')
    expect(wrapper.get('[data-testid="watchlist-summary"]').text()).toBe('2 addresses · 0 circuits · 3 unread')
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Live')
    bridge.emit('connection', { ...makeConnection({ socket: 'offline', reason: 'network down' }), channels: [] })
    await flushPromises()
    expect(wrapper.get('[data-testid="freshness"]').text()).toMatch(/^Offline — /)
    expect(rows[0]!.get('[data-testid="live-state"]').text()).toBe('Offline')
    // Live activity: the counts main pushes replace what is shown.
    bridge.emit('watchlist', makeWatchlist([makeWatchedAddress(1)]))
    bridge.emit('unread', makeUnread(4, { [address(1)]: 4 }))
    await flushPromises()
    expect(textsOf(wrapper, 'watch-unread')).toEqual(['4 unread'])
  })

  it('checks an address before asking main, and shows what main refused', async () => {
    const { wrapper, bridge } = await mountView(WatchlistView, '/watchlist', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist())
      fake.fail('watchAddress', { code: 'INVALID_ARGUMENT', message: 'At most 200 watched addresses' })
    })
    await wrapper.get('[data-testid="watch-address-id"]').setValue('not an address!')
    await wrapper.get('[data-testid="watch-address-form"]').trigger('submit')
    expect(wrapper.get('[data-testid="watch-address-problem"]').text()).toMatch(/base58/)
    expect(bridge.callsOf('watchAddress')).toEqual([])

    await wrapper.get('[data-testid="watch-address-id"]').setValue(VALID)
    await wrapper.get('[data-testid="watch-address-label"]').setValue('  Treasury ')
    await wrapper.get('[data-testid="watch-address-form"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsOf('watchAddress')).toEqual([[{ pubkey: VALID, label: 'Treasury' }]])
    expect(wrapper.get('[data-testid="watch-address-problem"]').text()).toBe('Not added: At most 200 watched addresses')

    bridge.handle('watchAddress', (input) => makeWatchlist([makeWatchedAddress(9, { pubkey: input.pubkey, label: input.label ?? null })]))
    await wrapper.get('[data-testid="watch-address-form"]').trigger('submit')
    await flushPromises()
    expect(textsOf(wrapper, 'label-text')).toEqual(['Treasury'])
    expect((wrapper.get('[data-testid="watch-address-id"]').element as HTMLInputElement).value).toBe('')
  })

  it('renames in place, toggles notify (putting it back when refused) and removes', async () => {
    const { wrapper, bridge } = await mountView(WatchlistView, '/watchlist', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1)]))
      fake.handle('watchAddress', (input) => makeWatchlist([makeWatchedAddress(1, { label: input.label ?? 'Wallet 1' })]))
      fake.handle('unwatchAddress', () => makeWatchlist())
    })
    await wrapper.get('[data-testid="label-rename"]').trigger('click')
    await wrapper.get('[data-testid="label-input"]').setValue('Hot wallet')
    await wrapper.get('[data-testid="label-save"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsOf('watchAddress')).toEqual([[{ pubkey: address(1), label: 'Hot wallet' }]])
    expect(wrapper.get('[data-testid="label-text"]').text()).toBe('Hot wallet')

    bridge.fail('watchAddress', { code: 'INTERNAL', message: 'could not save' })
    const box = wrapper.get('[data-testid="watch-notify"]')
    await box.setValue(false)
    await flushPromises()
    expect(bridge.callsOf('watchAddress').at(-1)).toEqual([{ pubkey: address(1), notify: false }])
    expect((box.element as HTMLInputElement).checked).toBe(true)
    expect(wrapper.get('[data-testid="watch-row-error"]').text()).toBe('could not save')

    await wrapper.get('[data-testid="unwatch-button"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('unwatchAddress')).toEqual([[address(1)]])
    expect(wrapper.find('[data-testid="watched-address-row"]').exists()).toBe(false)
  })

  it('keeps the keyboard in the list when Stop watching takes a row away: the next row\'s button, then the form', async () => {
    let held = [makeWatchedAddress(1), makeWatchedAddress(2)]
    const { wrapper } = await mountView(
      WatchlistView,
      '/watchlist',
      (fake) => {
        fake.handle('getWatchlist', () => makeWatchlist(held))
        fake.handle('unwatchAddress', (pubkey) => makeWatchlist((held = held.filter((entry) => entry.pubkey !== pubkey))))
      },
      {},
      { attachTo: document.body },
    )
    const buttons = () => wrapper.findAll('[data-testid="unwatch-button"]')
    ;(buttons()[0]!.element as HTMLElement).focus()
    await buttons()[0]!.trigger('click')
    await flushPromises()
    expect(buttons()).toHaveLength(1)
    expect(document.activeElement).toBe(buttons()[0]!.element)
    await buttons()[0]!.trigger('click')
    await flushPromises()
    expect(buttons()).toHaveLength(0)
    expect(document.activeElement).toBe(wrapper.get('[data-testid="watch-address-id"]').element)
    wrapper.unmount()
  })

  it('shows a circuit the server will not stream as polled, and marks its unread read', async () => {
    const { wrapper, bridge } = await mountView(WatchlistView, '/watchlist', (fake) => {
      fake.handle('getWatchlist', () =>
        makeWatchlist([], [makeFollowedCircuit('balance-v2', { mode: 'polled', modeReason: 'Channel not allowed' })]),
      )
      fake.handle('getUnread', () => makeUnread(2, {}, { 'balance-v2': 2 }))
      fake.handle('markWatchRead', () => {
        // Main pushes the new counts as the mark is made.
        queueMicrotask(() => fake.emit('unread', makeUnread(0)))
        return makeWatchlist([], [makeFollowedCircuit('balance-v2', { mode: 'polled' })])
      })
    })
    const row = wrapper.get('[data-testid="followed-circuit-row"]')
    expect(row.get('[data-testid="live-state"]').text()).toBe('Polled')
    expect(row.get('[data-testid="live-state"]').attributes('title')).toContain('Channel not allowed')
    await row.get('[data-testid="watch-unread"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('markWatchRead')).toEqual([[{ kind: 'circuit', id: 'balance-v2' }]])
    expect(wrapper.find('[data-testid="watch-unread"]').exists()).toBe(false)
  })

  it('fills the follow form from a search result, or points at the circuit already followed', async () => {
    const fresh = await mountView(WatchlistView, '/watchlist?circuit=age-v1', (bridge) => bridge.handle('getWatchlist', () => makeWatchlist()))
    expect((fresh.wrapper.get('[data-testid="follow-circuit-id"]').element as HTMLInputElement).value).toBe('age-v1')

    const known = await mountView(WatchlistView, '/watchlist?circuit=age-v1', (bridge) =>
      bridge.handle('getWatchlist', () => makeWatchlist([], [makeFollowedCircuit('age-v1')])),
    )
    expect(known.wrapper.get('[data-testid="followed-circuit-row"]').classes()).toContain('asked')
  })
})
