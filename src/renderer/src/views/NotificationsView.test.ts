import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { AppNotification, Page } from '@shared/domain'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { deferred } from '@test/support/renderer/deferred'
import { signature } from '@test/support/renderer/fixtures'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import { address, makeNotification, makeUnread, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import NotificationsView from './NotificationsView.vue'
import { settle } from '@test/support/renderer/settle'

/** Answers like main: filtered by kind and read state, unread counted. */
function serve(bridge: FakeBridge, all: AppNotification[]): void {
  bridge.handle('listNotifications', (query): Page<AppNotification> => {
    const items = all.filter((item) => (!query.kind || item.kind === query.kind) && (!query.unreadOnly || !item.read))
    return { items, nextCursor: null, total: String(items.length), freshness: { source: 'network', fetchedAt: Date.now() } }
  })
  const counts = () => makeUnread(all.filter((item) => !item.read).length)
  bridge.handle('getUnread', counts)
  bridge.handle('markNotificationsRead', (ids) => {
    for (const item of all) if (ids === 'all' || ids.includes(item.id)) item.read = true
    return counts()
  })
}

describe('NotificationsView', () => {
  it('says it is loading, then explains an empty centre, and an empty filter differently', async () => {
    const page = deferred<Page<AppNotification>>()
    const { wrapper, router, bridge } = await mountView(NotificationsView, '/notifications', (fake) =>
      fake.handle('listNotifications', (query) => (query.unreadOnly && query.limit ? { items: [], nextCursor: null, total: '0' } : page.promise)),
    )
    expect(wrapper.find('[data-testid="notifications-loading"]').exists()).toBe(true)
    page.resolve({ items: [], nextCursor: null, total: '0' })
    await flushPromises()
    expect(wrapper.get('[data-testid="notifications-empty"]').text()).toContain('No notifications yet')
    serve(bridge, [])
    await router.push('/notifications?kind=PROOF_REVOKED')
    await flushPromises()
    expect(wrapper.get('[data-testid="notifications-empty"]').text()).toBe('No notifications match these filters.')
  })

  it('shows a failure with Retry', async () => {
    const { wrapper, bridge } = await mountView(NotificationsView, '/notifications', (fake) =>
      fake.fail('listNotifications', { code: 'INTERNAL', message: 'cache locked' }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('cache locked')
    serve(bridge, [makeNotification(1)])
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="notification-item"]')).toHaveLength(1)
  })

  it('lists notifications with read state, kind and a link to their subject', async () => {
    const { wrapper } = await mountView(NotificationsView, '/notifications', (bridge) =>
      serve(bridge, [
        makeNotification(3, { kind: 'PROOF_REVOKED', subject: { kind: 'transaction', id: signature(3) } }),
        makeNotification(2, { read: true, kind: 'SYSTEM', subject: null }),
        makeNotification(1, { kind: 'AIRDROP_SENT' }),
        makeNotification(0, { title: 'Proof verified' }),
      ]),
    )
    const items = wrapper.findAll('[data-testid="notification-item"]')
    expect(items.map((item) => item.get('[data-testid="notification-state"]').attributes('data-read'))).toEqual(['false', 'true', 'false', 'false'])
    // A title that only repeats the kind is not said twice.
    expect(textsOf(wrapper, 'notification-kind')).toEqual(['Proof revoked', 'System', 'Airdrop sent'])
    expect(items[3]!.text()).toContain('Proof verified')
    expect(items[0]!.get('[data-testid="notification-open"]').attributes('href')).toBe(`/transactions/${signature(3)}`)
    expect(items[0]!.get('[data-testid="notification-open"]').text()).toBe('Open transaction')
    expect(items[1]!.find('[data-testid="notification-open"]').exists()).toBe(false)
    expect(items[2]!.get('[data-testid="notification-open"]').attributes('href')).toBe(`/proofs/${address(1)}`)
    expect(wrapper.get('[data-testid="notifications-unread"]').text()).toBe('3 unread')
    // A kind the app does not know becomes a filter choice too.
    const kinds = wrapper.findAll('[data-testid="notifications-kind"] option').map((option) => option.attributes('value'))
    expect(kinds).toContain('AIRDROP_SENT')
  })

  it('marks one read, or all, and opening one marks it read', async () => {
    const { wrapper, bridge } = await mountView(NotificationsView, '/notifications', (fake) =>
      serve(fake, [makeNotification(3), makeNotification(2), makeNotification(1)]),
    )
    await wrapper.findAll('[data-testid="notification-mark-read"]')[1]!.trigger('click')
    await flushPromises()
    expect(bridge.callsOf('markNotificationsRead')).toEqual([[['n-2']]])
    expect(wrapper.findAll('[data-testid="notification-item"]').map((item) => item.get('[data-testid="notification-state"]').attributes('data-read'))).toEqual(['false', 'true', 'false'])
    expect(wrapper.get('[data-testid="notifications-unread"]').text()).toBe('2 unread')

    await wrapper.get('[data-testid="notification-open"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('markNotificationsRead').at(-1)).toEqual([['n-3']])
  })

  it('marks all read and disables the button when nothing is unread', async () => {
    const { wrapper, bridge } = await mountView(NotificationsView, '/notifications', (fake) =>
      serve(fake, [makeNotification(2), makeNotification(1)]),
    )
    await wrapper.get('[data-testid="notifications-mark-all"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('markNotificationsRead')).toEqual([['all']])
    expect(wrapper.findAll('[data-testid="notification-item"]').every((item) => item.get('[data-testid="notification-state"]').attributes('data-read') === 'true')).toBe(true)
    expect(wrapper.get('[data-testid="notifications-mark-all"]').attributes('disabled')).toBeDefined()
  })

  it('says so in place when marking fails', async () => {
    const { wrapper } = await mountView(NotificationsView, '/notifications', (fake) => {
      serve(fake, [makeNotification(1)])
      fake.fail('markNotificationsRead', { code: 'INTERNAL', message: 'disk full' })
    })
    await wrapper.get('[data-testid="notifications-mark-all"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="notifications-mark-error"]').text()).toBe('Could not mark as read: disk full')
    expect(wrapper.get('[data-testid="notification-state"]').attributes('data-read')).toBe('false')
  })

  it('puts pushed notifications on top and shows the unread count main pushes', async () => {
    const { wrapper, bridge } = await mountView(NotificationsView, '/notifications', (fake) => serve(fake, [makeNotification(1)]))
    bridge.emit('notifications', [makeNotification(5)])
    bridge.emit('unread', makeUnread(2))
    await flushPromises()
    expect(wrapper.findAll('[data-testid="notification-item"]')).toHaveLength(2)
    expect(wrapper.get('[data-testid="notification-item"]').text()).toContain('Proof 5 verified')
    expect(wrapper.get('[data-testid="notifications-unread"]').text()).toBe('2 unread')
  })

  it('puts the filters in the route and asks main with them', async () => {
    const { wrapper, router, bridge } = await mountView(NotificationsView, '/notifications', (fake) =>
      serve(fake, [makeNotification(2, { kind: 'SYSTEM' }), makeNotification(1)]),
    )
    await wrapper.get('[data-testid="notifications-kind"]').setValue('SYSTEM')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ kind: 'SYSTEM' })
    await wrapper.get('[data-testid="notifications-unread-only"]').setValue(true)
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ kind: 'SYSTEM', unread: '1' })
    expect(bridge.callsOf('listNotifications').at(-1)).toEqual([{ kind: 'SYSTEM', unreadOnly: true }])
    expect(wrapper.findAll('[data-testid="notification-item"]')).toHaveLength(1)
  })

  it('shows a burst as one entry that expands to its items, each linked, and filters by watched address', async () => {
    const pubkey = address(4)
    const group = makeNotification(9, {
      kind: 'ADDRESS_TRANSACTION',
      title: '3 new transactions on Treasury',
      subject: { kind: 'address', id: pubkey },
      topic: { kind: 'address', id: pubkey },
      group: { count: 3, failed: 1, items: [1, 2, 3].map((n) => ({ subject: { kind: 'transaction' as const, id: signature(n) }, text: `sig ${n}`, at: Date.now(), failed: n === 2 })) },
    })
    const { wrapper, router, bridge } = await mountView(NotificationsView, '/notifications', (fake) => {
      serve(fake, [group, makeNotification(1)])
      fake.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(4, { label: 'Treasury' })]))
    })
    await wrapper.get('[data-testid="notification-expand"]').trigger('click')
    await flushPromises()
    const items = wrapper.findAll('[data-testid="notification-group-item"]')
    expect(items.map((item) => item.get('a').attributes('href'))).toEqual([1, 2, 3].map((n) => `/transactions/${signature(n)}`))
    expect(bridge.callsOf('markNotificationsRead').at(-1)).toEqual([['n-9']])
    // Only the address's entries.
    expect(wrapper.findAll('[data-testid="notifications-topic"] option').map((option) => option.text())).toEqual(['Everything', 'Treasury'])
    await wrapper.get('[data-testid="notifications-topic"]').setValue(`address:${pubkey}`)
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ topic: `address:${pubkey}` })
    expect(bridge.callsOf('listNotifications').at(-1)).toEqual([{ topic: `address:${pubkey}` }])
  })

  it('works from the keyboard: arrows move, R marks the entry read, Enter opens its subject', async () => {
    const { wrapper, bridge, router } = await mountView(NotificationsView, '/notifications', (fake) =>
      serve(fake, [makeNotification(2, { subject: { kind: 'transaction', id: signature(2) } }), makeNotification(1)]),
    )
    const grid = wrapper.get('[data-testid="virtual-list"]')
    await grid.trigger('keydown', { key: 'ArrowDown' })
    await grid.trigger('keydown', { key: 'r' })
    await flushPromises()
    expect(bridge.callsOf('markNotificationsRead')).toEqual([[['n-2']]])
    await grid.trigger('keydown', { key: 'Enter' })
    await settle()
    expect(router.currentRoute.value.path).toBe(`/transactions/${signature(2)}`)
  })

  it('points at the notification a search chose', async () => {
    const { wrapper } = await mountView(NotificationsView, '/notifications?focus=n-1', (bridge) =>
      serve(bridge, [makeNotification(2), makeNotification(1)]),
    )
    const items = wrapper.findAll('[data-testid="notification-entry"]')
    expect(items.map((item) => item.classes().includes('focused'))).toEqual([false, true])
  })

  it('says when the list comes from the cache because the indexer is down', async () => {
    const { wrapper } = await mountView(NotificationsView, '/notifications', (bridge) =>
      bridge.handle('listNotifications', () => ({
        items: [makeNotification(1)],
        nextCursor: null,
        total: '1',
        freshness: { source: 'cache', fetchedAt: Date.now() - 3 * 3_600_000, offline: { code: 'UNREACHABLE', message: 'down' } },
      })),
    )
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Offline — cached 3 hours ago')
  })

  it("shows each entry's reason with a link to its rule, and leads there on a click; older entries show none", async () => {
    const text = "because you watch Treasury · rule 'Watched addresses' · burst of 3 grouped"
    const { wrapper, router } = await mountView(NotificationsView, '/notifications', (bridge) =>
      serve(bridge, [makeNotification(2, { kind: 'ADDRESS_TRANSACTION', reason: { source: 'addresses', text } }), makeNotification(1)]),
    )
    expect(textsOf(wrapper, 'notification-reason')).toEqual([`Open rule · ${text}`])
    await wrapper.get('[data-testid="notification-reason-rule"]').trigger('click')
    await settle()
    expect(router.currentRoute.value.fullPath).toBe('/settings?rule=addresses')
  })
})
