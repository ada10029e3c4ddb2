/**
 * A watched address's backfill of hundreds of transactions after an outage,
 * through the whole core against the demo over real HTTP and WebSocket:
 * handed on in parts and sent to the window in messages of at most 250
 * items, every one stored and relayed once, oldest first.
 */
import { describe, expect, it } from 'vitest'
import type { AddressTransaction } from '@shared/domain'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import type { DemoIndexer } from '../../src/main/demo/server'
import { watchingSettings } from '../support/watching-settings'
import { waitFor } from '../support/wait-for'
import { fastSocket, FAST_MONITOR, heard, startedPerTest } from '../support/monitor-on-indexer'
import { restartDemo } from '../support/demo-outage'

const started = startedPerTest()
const MISSED = 600

describe('a large backfill through the core', () => {
  it('stores and relays every missed transaction once, oldest first, in messages of at most 250 items', async () => {
    let demo: DemoIndexer = await started.demo({ seed: 9 })
    const address = DEMO_BUSY_ADDRESSES[0] as string
    const monitor = started.monitor(
      { settings: memorySettingsStorage(watchingSettings(demo.httpUrl, { name: 'Test indexer' })) },
      { ...FAST_MONITOR, live: { ...FAST_MONITOR.live, transport: fastSocket() } },
    )
    const events = heard(monitor)
    await monitor.start()
    await monitor.watchAddress({ pubkey: address })
    await waitFor(async () => (await monitor.listTransactions({ pubkey: address, limit: 1 }, { source: 'cache' })).items.length > 0)
    await waitFor(() => events.connection()?.socket.state === 'live')

    const missed: string[] = []
    demo = started.closeAfterCores(
      await restartDemo(demo, { rate: 0 }, () => {
        for (let n = 0; n < MISSED; n++) missed.push(demo.network.publishTransaction({ feePayer: address }).signature)
      }),
    )
    const relayed = () => (events.of('addressTransactions').flat() as AddressTransaction[]).map((item) => item.transaction.signature)
    await waitFor(() => missed.every((signature) => relayed().includes(signature)), 20_000)

    // Each once, in the order they happened.
    const arrived = relayed().filter((signature) => missed.includes(signature))
    expect(arrived).toEqual(missed)
    // In several messages, none of them more than 250 items.
    const sizes = events.batches.map((batch) => batch.reduce((n, event) => n + (Array.isArray(event.payload) ? event.payload.length : 1), 0))
    expect(Math.max(...sizes)).toBeLessThanOrEqual(250)
    expect(events.batches.filter((batch) => batch.some((event) => event.event === 'addressTransactions')).length).toBeGreaterThanOrEqual(3)
    // Every one stored: the cache's newest pages of the address hold them all.
    await waitFor(async () => {
      const held = new Set<string>()
      let cursor: string | undefined
      do {
        const page = await monitor.listTransactions({ pubkey: address, limit: 200, cursor }, { source: 'cache' })
        for (const tx of page.items) held.add(tx.signature)
        cursor = page.nextCursor ?? undefined
      } while (cursor !== undefined && held.size < MISSED * 2)
      return missed.every((signature) => held.has(signature))
    })
  })
})
