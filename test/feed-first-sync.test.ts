/**
 * The proof feed's first sync reads the indexer's history (up to 100 pages).
 * That is history, not news: the views heard it as arrivals and stacked
 * thousands of old proofs above the rows they held. Only the newest of it
 * reach the window, and what is published afterwards arrives as before.
 */
import { describe, expect, it } from 'vitest'
import { RECENT_PROOFS_CAP } from '../src/shared/bridge'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'
import { waitFor } from './support/wait-for'
import { heard, startedPerTest } from './support/monitor-on-indexer'

const started = startedPerTest()
const HISTORY = 1_000

describe("the proof feed's first sync", () => {
  it('relays only the newest of the history it reads; a proof published afterwards is relayed as it comes', async () => {
    const demo = await started.demo({ seed: 31, network: { historyProofs: HISTORY, historyTransactions: 10 } })
    const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(demo.httpUrl)) })
    const { of, connection } = heard(monitor)
    await monitor.start()
    await waitFor(() => connection()?.socket.state === 'live' && connection()!.channels.every((c) => c.state === 'subscribed'))
    // The whole history was read (and kept): the cache holds more than was relayed.
    await waitFor(async () => (await monitor.listProofs({ limit: 200 }, { source: 'cache' })).total === String(HISTORY), 20_000)
    await waitFor(() => of('proofs').flat().length >= RECENT_PROOFS_CAP)

    const relayed = of('proofs').flat()
    expect(relayed).toHaveLength(RECENT_PROOFS_CAP)
    const newest = await monitor.listProofs({ limit: RECENT_PROOFS_CAP })
    // Oldest first, as every batch of the feed.
    expect(relayed.map((proof) => proof.proofAccount)).toEqual(newest.items.map((proof) => proof.proofAccount).reverse())

    const published = demo.network.publishProof().proof
    await waitFor(() => of('proofs').flat().some((proof) => proof.proofAccount === published.proofAccount))
    expect(of('proofs').flat()).toHaveLength(RECENT_PROOFS_CAP + 1)
  })
})
