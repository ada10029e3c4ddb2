import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { mountView } from '@test/support/renderer/mount-view'
import { address, makeFollowedCircuit, makeNotification, makeUnread, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import AppNav from './AppNav.vue'

describe('AppNav', () => {
  it('links every view, with the unread counts of the watchlist and the notifications from the one unread model', async () => {
    const { wrapper, bridge } = await mountView(AppNav, '/', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1)], [makeFollowedCircuit('c')]))
      // An address no longer watched still has unread entries: they count in the centre, not in the watchlist.
      fake.handle('getUnread', () => makeUnread(4, { [address(1)]: 2, [address(7)]: 1 }, { c: 1 }))
    })
    for (const name of ['dashboard', 'proofs', 'transactions', 'watchlist', 'notifications', 'settings']) {
      expect(wrapper.find(`[data-testid="nav-${name}"]`).exists()).toBe(true)
    }
    expect(wrapper.get('[data-testid="nav-watchlist-unread"]').text()).toBe('3 unread')
    expect(wrapper.get('[data-testid="nav-notifications-unread"]').text()).toBe('4 unread')
    expect(wrapper.find('[data-testid="search-open"]').exists()).toBe(true)

    // A pushed entry changes nothing by itself: the counts come with the next `unread` event.
    bridge.emit('notifications', [makeNotification(9)])
    await flushPromises()
    expect(wrapper.get('[data-testid="nav-notifications-unread"]').text()).toBe('4 unread')
    bridge.emit('unread', makeUnread(5, { [address(1)]: 2 }, { c: 2 }))
    await flushPromises()
    expect(wrapper.get('[data-testid="nav-notifications-unread"]').text()).toBe('5 unread')
    expect(wrapper.get('[data-testid="nav-watchlist-unread"]').text()).toBe('4 unread')
    bridge.emit('watchlist', makeWatchlist())
    await flushPromises()
    expect(wrapper.find('[data-testid="nav-watchlist-unread"]').exists()).toBe(false)
  })

  it('shows no badge when the counts cannot be read', async () => {
    const { wrapper } = await mountView(AppNav, '/', (fake) => {
      fake.fail('getWatchlist', { code: 'INTERNAL', message: 'x' })
      fake.fail('getUnread', { code: 'INTERNAL', message: 'y' })
    })
    expect(wrapper.find('[data-testid="nav-watchlist-unread"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="nav-notifications-unread"]').exists()).toBe(false)
  })
})
