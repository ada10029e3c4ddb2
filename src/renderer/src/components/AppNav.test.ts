import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { mountView } from '@renderer/test-utils/mount-view'
import { makeFollowedCircuit, makeNotification, makeWatchedAddress, makeWatchlist } from '@renderer/test-utils/workspace-fixtures'
import AppNav from './AppNav.vue'

describe('AppNav', () => {
  it('links every view, with the unread counts of the watchlist and the notifications', async () => {
    const { wrapper, bridge } = await mountView(AppNav, '/', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1, { unread: 2 })], [makeFollowedCircuit('c', { unread: 1 })]))
      fake.handle('listNotifications', () => ({ items: [makeNotification(1)], nextCursor: null, total: '4' }))
    })
    for (const name of ['dashboard', 'proofs', 'transactions', 'watchlist', 'notifications', 'settings']) {
      expect(wrapper.find(`[data-testid="nav-${name}"]`).exists()).toBe(true)
    }
    expect(wrapper.get('[data-testid="nav-watchlist-unread"]').text()).toBe('3 unread')
    expect(wrapper.get('[data-testid="nav-notifications-unread"]').text()).toBe('4 unread')
    expect(wrapper.find('[data-testid="search-open"]').exists()).toBe(true)

    bridge.emit('notifications', [makeNotification(9)])
    bridge.emit('watchlist', makeWatchlist())
    await flushPromises()
    expect(wrapper.get('[data-testid="nav-notifications-unread"]').text()).toBe('5 unread')
    expect(wrapper.find('[data-testid="nav-watchlist-unread"]').exists()).toBe(false)
  })

  it('shows no badge when the counts cannot be read', async () => {
    const { wrapper } = await mountView(AppNav, '/', (fake) => {
      fake.fail('getWatchlist', { code: 'INTERNAL', message: 'x' })
      fake.fail('listNotifications', { code: 'INTERNAL', message: 'y' })
    })
    expect(wrapper.find('[data-testid="nav-watchlist-unread"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="nav-notifications-unread"]').exists()).toBe(false)
  })
})
