import { beforeEach, describe, expect, it } from 'vitest'
import type { AppNotification, Page } from '@shared/domain'
import type { NotificationQuery } from '@shared/history'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeNotification, makeUnread } from '@test/support/renderer/workspace-fixtures'
import { useNotificationsStore } from './notifications'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

/** A store of notifications that filters like main: by kind and unread. */
function serve(all: AppNotification[], total: (query: NotificationQuery, count: number) => string | null = (_q, count) => String(count)): void {
  bridge.handle('listNotifications', (query): Page<AppNotification> => {
    const items = all.filter((item) => (!query.kind || item.kind === query.kind) && (!query.unreadOnly || !item.read))
    return { items: items.slice(0, query.limit ?? 50), nextCursor: null, total: total(query, items.length) }
  })
}

describe('notifications store', () => {
  it('shows the unread count main keeps, asked once and then pushed', async () => {
    bridge.handle('getUnread', () => makeUnread(2))
    const notifications = useNotificationsStore()
    await notifications.ensureUnread()
    await notifications.ensureUnread()
    expect(notifications.unread).toBe(2)
    expect(bridge.callsOf('getUnread')).toEqual([[]])
    bridge.emit('unread', makeUnread(7))
    expect(notifications.unread).toBe(7)
  })

  it('loads with filters and offers kinds it has seen beyond the known ones', async () => {
    serve([makeNotification(1), makeNotification(2, { kind: 'PROOF_REVOKED' }), makeNotification(3, { kind: 'AIRDROP' })])
    const notifications = useNotificationsStore()
    await notifications.applyFilters({ kind: '', unreadOnly: false })
    expect(notifications.items).toHaveLength(3)
    expect(notifications.kinds).toContain('AIRDROP')
    await notifications.applyFilters({ kind: 'PROOF_REVOKED', unreadOnly: true })
    expect(bridge.callsOf('listNotifications').at(-1)).toEqual([{ kind: 'PROOF_REVOKED', unreadOnly: true }])
    expect(notifications.items.map((item) => item.id)).toEqual(['n-2'])
  })

  it('puts pushed notifications on top once and skips those the filter hides', async () => {
    serve([makeNotification(1)])
    const notifications = useNotificationsStore()
    await notifications.applyFilters({ kind: 'PROOF_VERIFIED', unreadOnly: false })
    bridge.emit('notifications', [makeNotification(2), makeNotification(3, { kind: 'SYSTEM' }), makeNotification(4)])
    expect(notifications.items.map((item) => item.id)).toEqual(['n-4', 'n-2', 'n-1'])
    bridge.emit('notifications', [makeNotification(4)])
    expect(notifications.items.map((item) => item.id)).toEqual(['n-4', 'n-2', 'n-1'])
  })

  it('marks the rows another page or the window marked read, by id, topic or all (issue 23, defect 3)', async () => {
    const topic = { kind: 'address' as const, id: 'Addr1111111111111111111111111111111111111111' }
    serve([makeNotification(1), makeNotification(2, { topic }), makeNotification(3), makeNotification(4)])
    const notifications = useNotificationsStore()
    await notifications.applyFilters({ kind: '', unreadOnly: false })
    const readIds = () => notifications.items.filter((item) => item.read).map((item) => item.id).sort()
    bridge.emit('notificationsRead', [{ scope: 'ids', ids: ['n-1'] }])
    expect(readIds()).toEqual(['n-1'])
    bridge.emit('notificationsRead', [{ scope: 'topic', topic: `address:${topic.id}` }])
    expect(readIds()).toEqual(['n-1', 'n-2'])
    bridge.emit('notificationsRead', [{ scope: 'all' }])
    expect(readIds()).toEqual(['n-1', 'n-2', 'n-3', 'n-4'])
    expect(notifications.items.map((item) => item.id)).toEqual(['n-1', 'n-2', 'n-3', 'n-4'])
  })

  it('marks some or all read, keeps the rows in place, and takes the unread count main answers', async () => {
    serve([makeNotification(1), makeNotification(2), makeNotification(3)])
    bridge.handle('markNotificationsRead', (ids) => makeUnread(ids === 'all' ? 0 : 3 - ids.length))
    const notifications = useNotificationsStore()
    await notifications.applyFilters({ kind: '', unreadOnly: true })
    expect(await notifications.markRead(['n-2'])).toBe(true)
    expect(notifications.items.map((item) => [item.id, item.read])).toEqual([['n-1', false], ['n-2', true], ['n-3', false]])
    expect(notifications.unread).toBe(2)
    await notifications.markAllRead()
    expect(notifications.items.every((item) => item.read)).toBe(true)
    expect(notifications.unread).toBe(0)
    expect(bridge.callsOf('markNotificationsRead')).toEqual([[['n-2']], ['all']])
  })

  it('keeps the rows unread and says why when marking fails', async () => {
    serve([makeNotification(1)])
    bridge.fail('markNotificationsRead', { code: 'INTERNAL', message: 'cache is read-only' })
    const notifications = useNotificationsStore()
    await notifications.applyFilters({ kind: '', unreadOnly: false })
    expect(await notifications.markAllRead()).toBe(false)
    expect(notifications.markError?.message).toBe('cache is read-only')
    expect(notifications.items[0]?.read).toBe(false)
  })

  it('keeps the freshness of the first page', async () => {
    bridge.handle('listNotifications', () => ({
      items: [makeNotification(1)],
      nextCursor: null,
      total: '1',
      freshness: { source: 'cache', fetchedAt: 1_700_000_000_000, offline: { code: 'UNREACHABLE', message: 'down' } },
    }))
    const notifications = useNotificationsStore()
    await notifications.ensureLoaded()
    expect(notifications.freshness?.source).toBe('cache')
    expect(notifications.freshness?.offline?.message).toBe('down')
  })
})
