/**
 * Sustained ingest: the demo indexer publishes to `proofs` and to 40 watched
 * addresses, as fast as the consumer keeps up and then at fixed rates;
 * ProofWatch's core decodes, de-duplicates, stores and relays to a counting
 * bridge client. Target: ≥ 15,000 events/s and ≥ 70% of the raw SQLite
 * batched upsert measured in the same run with the same schema.
 *
 * The store and the live service do not exist yet, so the target row is
 * reported as not measured and the path that exists (sockets, decoding,
 * de-duplication, relay) is measured on its own. To measure the target:
 * give IngestPipeline the history store (its `store` hook) on a writable copy
 * of the 1,000,000-row cache, replace the per-socket LiveFeeds and RecentKeys
 * with the live service, and interleave each run with upsertRate() from
 * ../baselines/sqlite-upsert on the store's schema.
 */
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import { PipelineRig } from './rig'

const MISSING = 'needs the history store (src/main/core/history) and the live service (src/main/core/live), not there yet'

export const ingest: Benchmark = {
  name: 'ingest',
  title: 'Sustained ingest through the core',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const rig = await PipelineRig.start(ctx)
    try {
      const events = ctx.sizes.ingestEvents
      const timeoutMs = ctx.quick ? 20_000 : 60_000
      await rig.asFastAsPossible(Math.min(events, 20_000), timeoutMs)
      const fastest: number[] = []
      let producerBusy = 0
      for (let run = 0; run < ctx.sizes.runs; run++) {
        const result = await rig.asFastAsPossible(events, timeoutMs)
        fastest.push(result.eventsPerSecond)
        producerBusy = Math.max(producerBusy, result.producerBusy)
      }

      const sockets = Math.ceil(rig.channels / 10)
      const path = `decode + dedupe + relay, no store; ${rig.channels} channels on ${sockets} sockets`
      const figures: Figure[] = [
        notMeasured(
          { id: 'ingest.sustained', figure: 'ingest, sustained (with history store)', unit: 'events/s', target: { atLeast: 15_000, text: '≥ 15,000' } },
          MISSING,
        ),
        notMeasured(
          {
            id: 'ingest.vs-upsert',
            figure: 'ingest ÷ raw SQLite batched upsert',
            unit: 'events/s',
            target: { atLeast: 0.7, baseline: 'sqlite.upsert-batched-tuned', text: '≥ 0.70× raw upsert' },
          },
          MISSING,
        ),
        measured(
          {
            id: 'ingest.no-store.max',
            figure: 'ingest as fast as it keeps up (no store yet)',
            unit: 'events/s',
            // Producer and consumer share two cores: a producer busy most of the time may be what sets the pace.
            note: `${path}; producer busy ${Math.round(producerBusy * 100)}% of the time (worst run)`,
          },
          fastest,
        ),
      ]

      for (const rate of ctx.sizes.ingestFixedRates) {
        const runs = Math.min(ctx.sizes.runs, 3)
        const delivered: number[] = []
        const lags: number[] = []
        for (let run = 0; run < runs; run++) {
          const result = await rig.atFixedRate(rate, ctx.sizes.ingestFixedMs, timeoutMs)
          delivered.push(result.eventsPerSecond)
          lags.push(result.lagMs)
        }
        const worstLag = Math.max(...lags)
        figures.push(
          measured(
            {
              id: `ingest.no-store.fixed-${rate}`,
              figure: `ingest at ${rate.toLocaleString('en-US')} events/s offered (no store yet)`,
              unit: 'events/s',
              note: `${worstLag < 250 ? 'kept up' : 'fell behind'}: all relayed ${Math.round(worstLag)} ms after the last was sent (worst run)`,
            },
            delivered,
          ),
        )
      }
      return figures
    } finally {
      await rig.stop()
    }
  },
}
