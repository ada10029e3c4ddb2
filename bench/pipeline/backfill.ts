/**
 * Backfill after an outage: the core watches an address (on a copy of the
 * 1,000,000-row cache); the indexer goes down, the address gets 10,000
 * transactions meanwhile, and the indexer comes back on the same port with
 * the same network. From the socket's being live again to all 10,000 stored
 * in the history cache (committed, seen from a connection of its own) and
 * the live service synced. Target under 2 s. Side by side: fetching the same
 * over HTTP with the app's IndexerClient alone, newest first.
 */
import { performance } from 'node:perf_hooks'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { IndexerClient } from '../../src/main/core/indexer/client'
import type { BackfillTiming } from '../children/pipeline'
import { PipelineRig, ROOMY_CACHE } from './rig'
import { loopDelayRows, type LoopDelay } from '../lib/loop-delay'

const PAGE = 200

/** Pages newest first until the transaction held before the outage; returns how many were new. */
async function fetchMissed(client: IndexerClient, address: string, lastHeld: string, expected: number): Promise<number> {
  let cursor: string | undefined
  let fetched = 0
  for (;;) {
    const page = await client.transactions({ pubkey: address, limit: PAGE, cursor })
    for (const tx of page.items) {
      if (tx.signature === lastHeld) return fetched
      fetched++
    }
    if (page.nextCursor === null || fetched > expected) return fetched
    cursor = page.nextCursor
  }
}

export const backfill: Benchmark = {
  name: 'backfill',
  title: 'Backfill after an outage',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const count = ctx.sizes.backfillTransactions
    const rig = await PipelineRig.start(ctx, {
      watch: (authorities) => [authorities[0] as string],
      quickReconnect: true,
      cacheLimits: ROOMY_CACHE,
      indexer: { maxTransactions: (ctx.sizes.runs + 2) * count * 2 + 10_000 },
    })
    try {
      const address = rig.watched[0] as string
      const consumer = rig.consumer.channel
      const client = new IndexerClient({ baseUrl: rig.indexer.ready.httpUrl, retries: 0 })
      const core: number[] = []
      const relayed: number[] = []
      const http: number[] = []
      const delays: LoopDelay[] = []
      let backfilled = 0
      const problems = new Set<string>()
      // The first outage warms up; then one per run.
      for (let run = -1; run < ctx.sizes.runs; run++) {
        const lastHeld = (await client.transactions({ pubkey: address, limit: 1 })).items[0]?.signature ?? ''
        await consumer.request('beforeOutage', { address })
        // Issue 25: the core's main thread from the outage to everything stored and synced.
        await consumer.request('loopDelayStart')
        await rig.indexer.channel.request('outage', { address, count })
        const timing = await consumer.request<BackfillTiming>('afterOutage', { missed: count, timeoutMs: 60_000 })
        const delay = await consumer.request<LoopDelay>('loopDelayStop')
        for (const problem of timing.problems) problems.add(problem)
        if (run < 0) continue
        core.push(timing.ms)
        delays.push(delay)
        relayed.push(timing.relayedMs)
        backfilled = Math.max(backfilled, timing.backfilled)
        // Side by side: the same transactions fetched over HTTP alone, now that the core is done.
        const startedAt = performance.now()
        const fetched = await fetchMissed(client, address, lastHeld, count)
        http.push(performance.now() - startedAt)
        if (fetched !== count) throw new Error(`fetched ${fetched} of ${count} missed transactions over HTTP`)
      }
      return [
        measured(
          {
            id: 'backfill.10k',
            figure: `backfill of ${count.toLocaleString('en-US')} missed transactions`,
            unit: 'ms',
            target: { atMost: 2_000, text: '< 2,000 ms' },
            note: `socket live again → all stored and synced; monitor on the cache copy; ${backfilled} fetched over HTTP (largest run)${problems.size ? `; problems: ${[...problems].join(' | ')}` : ''}`,
          },
          core,
        ),
        measured({ id: 'backfill.relayed', figure: '… of which until relayed to the bridge client', unit: 'ms', note: 'before the history store commits them' }, relayed),
        measured({ id: 'backfill.http-only', figure: `fetch ${count.toLocaleString('en-US')} transactions over HTTP`, unit: 'ms', note: `IndexerClient, ${PAGE} a page, decoded; no store, no live switch` }, http),
        ...loopDelayRows(
          'backfill-10k',
          `a ${count.toLocaleString('en-US')}-transaction backfill`,
          delays,
          'outage → reconnect → all stored and synced; includes the measuring child’s own checks of the cache file (a count of the address’s rows from its newest slot before the outage on, every 5 ms after all were relayed)',
        ),
      ]
    } finally {
      await rig.stop()
    }
  },
}
