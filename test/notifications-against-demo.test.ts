/**
 * The notification centre against the demo indexer over real HTTP and
 * WebSocket: one entry per thing that happened, the indexer's own list read
 * after an outage, and read state agreeing both ways.
 */
import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import type { AppNotification, ConnectionState } from '@shared/domain'
import type { Notice } from '@shared/notice'
import type { UnreadCounts } from '@shared/unread'
import { DEMO_WALLET } from '../src/main/demo/catalog'
import type { DemoIndexer } from '../src/main/demo/server'
import type { Monitor, MonitorDeps } from '../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { waitFor } from './support/wait-for'
import { demoProfileOn, FAST_MONITOR, fastSocket, heard, startedPerTest } from './support/monitor-on-indexer'

const FAST: MonitorDeps = {
  live: { ...FAST_MONITOR.live, transport: fastSocket() },
  notify: { pairWindowMs: 1_500 },
}

const started = startedPerTest()

/**
 * The app's demo profile against a demo indexer started here (so the test can drive it), signed in with its session token.
 * `pushAddressEvents`: a deployment that pushes announcements too (the reference lists them only over HTTP).
 */
async function start({ pushAddressEvents = false } = {}): Promise<{ demo: DemoIndexer; monitor: Monitor; events: BridgeEvent[] }> {
  const running = await started.demo({ seed: 11, pushAddressEvents })
  const created = started.monitor({ settings: memorySettingsStorage(), demo: demoProfileOn(running) }, FAST)
  const { events, connection } = heard(created)
  await created.start()
  await waitFor(() => connection()?.userChannels === 'ok')
  return { demo: running, monitor: created, events }
}

async function entries(of: Monitor): Promise<AppNotification[]> {
  return (await of.listNotifications({ limit: 200 })).items
}

describe('notifications against the demo indexer', () => {
  it('decides pop-ups in the core: a notice for a notification, one summary for a burst, none in do-not-disturb', async () => {
    const { demo, monitor, events } = await start({ pushAddressEvents: true })
    const notices = () => events.filter((e) => e.event === 'notice').flatMap((e) => e.payload as Notice[])
    demo.network.publishNotification('SYSTEM')
    await waitFor(() => notices().length === 1)
    const burst = Array.from({ length: 20 }, () => demo.network.publishNotification('SYSTEM'))
    await waitFor(() => notices().length === 2)
    expect(notices()[1]).toMatchObject({ count: burst.length, title: '20 notifications' })
    await monitor.updateSettings({ notifications: { doNotDisturb: true } })
    const quiet = demo.network.publishNotification('SYSTEM')
    await waitFor(async () => (await entries(monitor)).some((entry) => entry.id === quiet.id))
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(notices()).toHaveLength(2)
  })

  it('makes one entry of a proof of mine and its PROOF_VERIFIED notification, linking the proof', async () => {
    const { demo, monitor } = await start()
    const published = demo.network.publishProof({ authority: DEMO_WALLET })
    await waitFor(async () => (await entries(monitor)).some((entry) => entry.subject?.id === published.proof.proofAccount))
    // Past the pairing window nothing more comes of it.
    await new Promise((resolve) => setTimeout(resolve, 1_700))
    const about = (await entries(monitor)).filter((entry) => entry.subject?.id === published.proof.proofAccount)
    expect(about.map((entry) => [entry.id, entry.kind])).toEqual([[published.notification!.id, 'PROOF_VERIFIED']])
  })

  it('reads what the indexer kept while the socket was down, newest first down to one held, and notifies nothing twice', async () => {
    const { demo, monitor, events } = await start({ pushAddressEvents: true })
    const before = demo.network.publishNotification('SYSTEM')
    await waitFor(async () => (await entries(monitor)).some((entry) => entry.id === before.id))
    demo.refuseUpgrades({ status: 503 })
    demo.dropAllConnections()
    await waitFor(() => (events.filter((e) => e.event === 'connection').at(-1)?.payload as ConnectionState).socket.state !== 'live')
    const missed = [demo.network.publishNotification('SYSTEM'), demo.network.publishProof({ authority: DEMO_WALLET }).notification!, demo.network.publishNotification('SYSTEM')]
    demo.refuseUpgrades(null)
    await waitFor(async () => {
      const ids = new Set((await entries(monitor)).map((entry) => entry.id))
      return missed.every((notification) => ids.has(notification.id))
    }, 15_000)
    const held = await entries(monitor)
    // Kept with its subject from data.url, which only the list gives.
    expect(held.find((entry) => entry.id === missed[1]!.id)?.subject).toMatchObject({ kind: 'proof' })
    expect(held.filter((entry) => entry.id === before.id)).toHaveLength(1)
    expect((await monitor.getUnread()).total).toBe(held.filter((entry) => !entry.read).length)
  })

  it('sends what is read here to the indexer, and takes what was read there', async () => {
    const { demo, monitor } = await start({ pushAddressEvents: true })
    const mine = demo.network.publishNotification('SYSTEM')
    const theirs = demo.network.publishNotification('SYSTEM')
    await waitFor(async () => (await entries(monitor)).filter((entry) => entry.id === mine.id || entry.id === theirs.id).length === 2)
    const wire = () => demo.network.inbox.list(100).items
    await monitor.markNotificationsRead([mine.id])
    await waitFor(() => wire().find((item) => item.record.id === mine.id)?.read === true)
    expect(wire().find((item) => item.record.id === theirs.id)?.read).toBe(false)

    // Read on the indexer's web app: the next sync (every reconnect) brings it here.
    demo.network.inbox.markRead(theirs.id)
    demo.dropAllConnections()
    await waitFor(async () => (await entries(monitor)).find((entry) => entry.id === theirs.id)?.read === true, 15_000)
    const unread = (await monitor.getUnread()) as UnreadCounts
    expect(unread.total).toBe((await entries(monitor)).filter((entry) => !entry.read).length)

    await monitor.markNotificationsRead('all')
    await waitFor(() => wire().every((item) => item.read))
  })
})
