/**
 * Issue 26: the rule preview and the entries' reasons through both transports
 * (Electron's IPC path and serve mode's socket), on the demo indexer: a draft
 * is previewed against the cache without being saved, a malformed draft is
 * refused with a clear message, and an entry's reason reaches the page.
 */
import { describe, expect, it } from 'vitest'
import type { Bridge } from '@shared/bridge'
import { pushingDemoOverBothTransports } from './support/bridge-transports'
import { startedPerTest } from './support/monitor-on-indexer'
import { waitFor } from './support/wait-for'

const ALL_OFF = { sources: { notifications: false, userProofs: false, circuits: false, addresses: false, health: false } }

/** What a call was refused with (each transport rebuilds the error on the page's side). */
const refusal = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => null, (error: unknown) => error)

const started = startedPerTest()

describe('the rule preview and reasons over both transports', () => {
  it('previews drafts against the cache, refuses a malformed one plainly, and carries entries’ reasons', async () => {
    const { demo, monitor, transports: both } = await pushingDemoOverBothTransports(started)
    const page = both.page
    const transports: Array<[string, Bridge]> = [['socket', page], ['ipc', both.window.bridge]]
    await waitFor(async () => (await monitor.getConnection()).userChannels === 'ok')

    demo.indexer().network.publishNotification('SYSTEM')
    await waitFor(async () => (await page.listNotifications({ limit: 50 })).items.some((n) => n.kind === 'SYSTEM'))
    const saved = (await monitor.getSettings()).notifications

    for (const [name, bridge] of transports) {
      const entry = (await bridge.listNotifications({ limit: 50 })).items.find((n) => n.kind === 'SYSTEM')
      expect(entry?.reason, name).toEqual({ source: 'notifications', text: "because the indexer sent it to your account · rule 'Indexer notifications'" })

      const onlyNotices = await bridge.previewNotificationRules({ ...ALL_OFF, sources: { ...ALL_OFF.sources, notifications: true } })
      expect(onlyNotices.notifications, name).toBeGreaterThanOrEqual(1)
      expect(onlyNotices.latest.every((notice) => notice.sources.every((source) => source === 'notifications')), name).toBe(true)
      expect(onlyNotices.days.length, name).toBeGreaterThanOrEqual(30)
      const none = await bridge.previewNotificationRules(ALL_OFF)
      expect(none.notifications, name).toBe(0)
      expect(none.events, name).toBeGreaterThanOrEqual(1)

      const refused = await refusal(bridge.previewNotificationRules({ quietHours: { start: '25:99' } } as never))
      expect(refused, name).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Quiet hours start must be a time like 22:00, got 25:99' })
      const unknown = await refusal(bridge.previewNotificationRules({ sources: { everything: true } } as never))
      expect(unknown, name).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Unknown notification source setting: everything' })
      const notAnObject = await refusal(bridge.previewNotificationRules('all off' as never))
      expect(notAnObject, name).toMatchObject({ code: 'INVALID_ARGUMENT' })
    }
    // A preview saves nothing.
    expect((await monitor.getSettings()).notifications).toEqual(saved)

    // Offline: the indexer gone, the preview still answers from the cache.
    await demo.indexer().close()
    await waitFor(async () => (await monitor.getConnection()).http.state !== 'ok', 20_000)
    const offline = await page.previewNotificationRules({})
    expect(offline.events).toBeGreaterThanOrEqual(1)
  })
})
