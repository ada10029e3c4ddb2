import { describe, expect, it } from 'vitest'
import type { AppNotification, Page } from '@shared/domain'
import type { Snooze } from '@shared/snooze'
import { mountView } from '@test/support/renderer/mount-view'
import { settle } from '@test/support/renderer/settle'
import { address, makeNotification, makeUnread, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import NotificationsView from './NotificationsView.vue'

const WATCHED = address(7)

describe('NotificationsView snooze', () => {
  it('snoozes an entry\'s address from its Snooze menu, shows "Snoozed until …" and ends it', async () => {
    let held: Snooze[] = []
    const entry = makeNotification(1, { kind: 'ADDRESS_TRANSACTION', title: 'Transaction on Treasury', topic: { kind: 'address', id: WATCHED } })
    const { wrapper, bridge } = await mountView(NotificationsView, '/notifications', (fake) => {
      fake.handle('listNotifications', (): Page<AppNotification> => ({ items: [entry], nextCursor: null, total: '1' }))
      fake.handle('getUnread', () => makeUnread(1))
      fake.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(7, { label: 'Treasury' })]))
      fake.handle('listSnoozes', () => held)
      fake.handle('snoozeNotifications', ({ target }) => (held = [{ target, until: new Date(2030, 0, 1, 18, 40).getTime() }]))
      fake.handle('endSnooze', () => (held = []))
    })
    await wrapper.get('[data-testid="notification-snooze-open"]').trigger('click')
    const panel = wrapper.get('[data-testid="notification-snooze"]')
    expect(panel.text()).toContain('This address (Treasury)')
    expect(panel.text()).toContain('All: Watched addresses')
    expect(panel.text()).toContain('Until tomorrow, 08:00')
    await panel.get('[data-testid="snooze-address-1h"]').trigger('click')
    await settle()
    expect(bridge.callsOf('snoozeNotifications')).toEqual([[{ target: { kind: 'address', id: WATCHED }, duration: '1h' }]])
    expect(wrapper.get('[data-testid="notification-snooze-open"]').text()).toMatch(/^Snoozed until 1 Jan 18:40$/)
    await wrapper.get('[data-testid="notification-snooze-open"]').trigger('click')
    await wrapper.get('[data-testid="snooze-end"]').trigger('click')
    await settle()
    expect(bridge.callsOf('endSnooze')).toEqual([[{ kind: 'address', id: WATCHED }]])
    expect(wrapper.get('[data-testid="notification-snooze-open"]').text()).toBe('Snooze…')
  })

  it('takes the focus into the Snooze panel, and Esc closes it and gives the focus back to the entry\'s button, staying on the page', async () => {
    const entry = makeNotification(1, { kind: 'HEALTH', title: 'Indexer unreachable' })
    const { wrapper, router } = await mountView(
      NotificationsView,
      '/notifications',
      (fake) => {
        fake.handle('listNotifications', (): Page<AppNotification> => ({ items: [entry], nextCursor: null, total: '1' }))
        fake.handle('getUnread', () => makeUnread(1))
        fake.handle('listSnoozes', () => [])
      },
      {},
      { attachTo: document.body },
    )
    const opener = () => wrapper.get('[data-testid="notification-snooze-open"]').element as HTMLElement
    opener().focus()
    await wrapper.get('[data-testid="notification-snooze-open"]').trigger('click')
    await settle()
    const panel = wrapper.get('[data-testid="notification-snooze"]')
    expect(document.activeElement).toBe(panel.element)
    await panel.trigger('keydown', { key: 'Escape' })
    await settle()
    expect(wrapper.find('[data-testid="notification-snooze"]').exists()).toBe(false)
    expect(document.activeElement).toBe(opener())
    expect(router.currentRoute.value.path).toBe('/notifications')

    // Close gives the focus back alike.
    await wrapper.get('[data-testid="notification-snooze-open"]').trigger('click')
    await settle()
    await wrapper.get('[data-testid="notification-snooze-close"]').trigger('click')
    await settle()
    expect(document.activeElement).toBe(opener())
    wrapper.unmount()
  })

  it('keeps the keyboard in the entry\'s row after a snooze choice and after Mark read, whose buttons go away', async () => {
    let read = false
    const entry = () => makeNotification(1, { kind: 'HEALTH', title: 'Indexer unreachable', read })
    const { wrapper } = await mountView(
      NotificationsView,
      '/notifications',
      (fake) => {
        fake.handle('listNotifications', (): Page<AppNotification> => ({ items: [entry()], nextCursor: null, total: '1' }))
        fake.handle('getUnread', () => makeUnread(read ? 0 : 1))
        fake.handle('markNotificationsRead', () => ((read = true), makeUnread(0)))
        fake.handle('listSnoozes', () => [])
        fake.handle('snoozeNotifications', ({ target }) => [{ target, until: null }])
      },
      {},
      { attachTo: document.body },
    )
    const opener = () => wrapper.get('[data-testid="notification-snooze-open"]').element as HTMLElement
    await wrapper.get('[data-testid="notification-snooze-open"]').trigger('click')
    await settle()
    /** Presses a button as the keyboard does, focused first. */
    async function pressFocused(testId: string): Promise<void> {
      const button = wrapper.get(`[data-testid="${testId}"]`)
      ;(button.element as HTMLElement).focus()
      await button.trigger('click')
      await settle()
    }
    await pressFocused('snooze-source-1h')
    expect(wrapper.find('[data-testid="notification-snooze"]').exists()).toBe(false)
    expect(document.activeElement).toBe(opener())

    await pressFocused('notification-mark-read')
    expect(wrapper.find('[data-testid="notification-mark-read"]').exists()).toBe(false)
    expect(document.activeElement).toBe(opener())
    wrapper.unmount()
  })

  it('follows a snooze that main ended (its time came) or began elsewhere', async () => {
    const entry = makeNotification(1, { kind: 'HEALTH', title: 'Indexer unreachable' })
    const { wrapper, bridge } = await mountView(NotificationsView, '/notifications', (fake) => {
      fake.handle('listNotifications', (): Page<AppNotification> => ({ items: [entry], nextCursor: null, total: '1' }))
      fake.handle('getUnread', () => makeUnread(1))
      fake.handle('listSnoozes', () => [])
    })
    bridge.emit('snoozes', [{ target: { kind: 'source', id: 'health' }, until: null }])
    await settle()
    expect(wrapper.get('[data-testid="notification-snooze-open"]').text()).toBe('Snoozed until you end it')
    bridge.emit('snoozes', [])
    await settle()
    expect(wrapper.get('[data-testid="notification-snooze-open"]').text()).toBe('Snooze…')
  })
})
