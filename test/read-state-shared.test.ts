/**
 * Issue 23, defect 3: "Mark all read" in one tab left every row unread in the
 * other. Two pages on one serve-mode core (two socket bridges) and the
 * desktop window's IPC path are all told which rows were marked read.
 */
import { describe, expect, it } from 'vitest'
import type { Bridge } from '@shared/bridge'
import { readChangeCovers, type ReadChange } from '@shared/unread'
import { pushingDemoOverBothTransports } from './support/bridge-transports'
import { startedPerTest } from './support/monitor-on-indexer'
import { waitFor } from './support/wait-for'

const started = startedPerTest()

function heard(bridge: Bridge): ReadChange[] {
  const changes: ReadChange[] = []
  bridge.on('notificationsRead', (batch) => changes.push(...batch))
  return changes
}

describe('one read state in every page', () => {
  it('tells every page and the window which rows were marked read, by id and all', async () => {
    const { demo, monitor, transports } = await pushingDemoOverBothTransports(started)
    const first = transports.page
    const second = transports.openPage()
    const window = transports.window
    const [atFirst, atSecond, atWindow] = [heard(first), heard(second), heard(window.bridge)]
    await waitFor(async () => (await monitor.getConnection()).userChannels === 'ok')

    // Two announcements, pushed by the demo in its pushing mode: each is its own entry (a stream of one's own
    // verified proofs is rolled into one).
    demo.indexer().network.publishNotification('SYSTEM')
    demo.indexer().network.publishNotification('SYSTEM')
    let ids: string[] = []
    await waitFor(async () => {
      ids = (await second.listNotifications({ limit: 50 })).items.filter((n) => !n.read).map((n) => n.id)
      return ids.length >= 2
    })

    await first.markNotificationsRead([ids[0]!])
    for (const changes of [atFirst, atSecond, atWindow]) {
      await waitFor(() => changes.some((change) => readChangeCovers(change, { id: ids[0]! })))
      expect(changes.some((change) => readChangeCovers(change, { id: ids[1]! }))).toBe(false)
    }
    // What a page that opens now lists agrees with what the others were told.
    const listed = (await second.listNotifications({ limit: 50 })).items
    expect(listed.find((n) => n.id === ids[0])?.read).toBe(true)

    await second.markNotificationsRead('all')
    for (const changes of [atFirst, atSecond, atWindow]) await waitFor(() => changes.some((change) => change.scope === 'all'))
    expect((await first.getUnread()).total).toBe(0)
  })
})
