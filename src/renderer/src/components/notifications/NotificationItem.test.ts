import { describe, expect, it } from 'vitest'
import { mountView } from '@test/support/renderer/mount-view'
import { formatLocalTime } from '@renderer/format/time'
import { makeNotification } from '@test/support/renderer/workspace-fixtures'
import NotificationItem from './NotificationItem.vue'

async function mounted(notification: ReturnType<typeof makeNotification>) {
  return (await mountView(NotificationItem, '/', () => {}, { notification })).wrapper
}

describe('NotificationItem', () => {
  it('shows a growing group at its latest event, with its first in the hover text (issue 23, defect 10)', async () => {
    const first = Date.parse('2026-11-27T06:00:00Z')
    const latest = Date.parse('2026-11-27T06:09:00Z')
    const group = makeNotification(1, { receivedAt: first, group: { count: 9, failed: 0, items: [], lastAt: latest } })
    const time = (await mounted(group)).get('[data-testid="notification-when"]')
    expect(time.attributes('datetime')).toBe('2026-11-27T06:09:00.000Z')
    expect(time.attributes('title')).toBe(`Latest ${formatLocalTime(latest)} · first ${formatLocalTime(first)}`)
  })

  it('shows a single entry at the time it came', async () => {
    const at = Date.parse('2026-11-27T06:00:00Z')
    const time = (await mounted(makeNotification(2, { receivedAt: at }))).get('[data-testid="notification-when"]')
    expect(time.attributes('datetime')).toBe('2026-11-27T06:00:00.000Z')
    expect(time.attributes('title')).toBe(formatLocalTime(at))
  })

  it('leads an alert about a circuit to that circuit in the Circuits view, and a connection alert to Settings', async () => {
    const circuitAlert = makeNotification(3, { id: 'HEALTH:circuits:4:1', kind: 'HEALTH', subject: { kind: 'circuit', id: '4' } })
    const open = (await mounted(circuitAlert)).get('[data-testid="notification-open"]')
    expect(open.text()).toBe('Open circuits')
    expect(open.attributes('href')).toContain('/circuits?id=4')
    const connectionAlert = makeNotification(4, { id: 'HEALTH:unreachable:1', kind: 'HEALTH' })
    expect((await mounted(connectionAlert)).get('[data-testid="notification-open"]').text()).toBe('Open settings')
  })

  it('says why an entry is here and links to its rule in Settings; an entry stored before reasons shows none', async () => {
    const text = "because you watch 5nrh…shmy · rule 'Watched addresses' · burst of 12 grouped"
    const grouped = await mounted(makeNotification(5, { kind: 'ADDRESS_TRANSACTION', reason: { source: 'addresses', text } }))
    expect(grouped.get('[data-testid="notification-reason"]').text()).toContain(text)
    const link = grouped.get('[data-testid="notification-reason-rule"]')
    expect(link.text()).toBe('Open rule')
    expect(link.attributes('aria-label')).toBe('Open rule “Watched addresses”')
    expect(link.attributes('href')).toContain('/settings?rule=addresses')
    expect((await mounted(makeNotification(6))).find('[data-testid="notification-reason"]').exists()).toBe(false)
  })
})
