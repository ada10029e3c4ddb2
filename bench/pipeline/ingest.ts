/**
 * Sustained ingest: the demo indexer publishes to `proofs` and to 40 watched
 * addresses, as fast as the consumer keeps up and then at fixed rates;
 * ProofWatch's core (the monitor: live service, history store on a copy of
 * the 1,000,000-row cache, watchlist, event batcher; the process the memory
 * benchmark then goes on with) decodes,
 * de-duplicates, stores and relays to a counting bridge client. A run ends
 * when everything was relayed and stored. Target: ≥ 15,000 events/s and
 * ≥ 90% of the raw SQLite upsert of the same rows (the history writer's SQL,
 * the store's schema and pragmas, 1,000 events a transaction) measured
 * interleaved with the runs on another copy of the cache.
 */
import { rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { proofEvents } from '../lib/ingest-rows'
import { rawIngestRate, rawIngestRowsPerEvent } from '../baselines/sqlite-upsert'
import { rowsByTable, rowsAdded } from '../lib/table-rows'
import { sharedCore } from './core-process'
import type { RunCpu } from './rig'
import { median } from '../lib/stats'

/** One as-fast-as-possible run: its events and the CPU each process spent on them. */
type CpuRun = { events: number; cpu: RunCpu }

/** Proofs per transaction of the raw upsert: 1,000 events. */
const RAW_BATCH_PROOFS = 500

export const ingest: Benchmark = {
  name: 'ingest',
  title: 'Sustained ingest through the core',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const rawPath = ctx.fixtures.copyOfCache()
    // Shared with the memory benchmark, which goes on where this one stops.
    const rig = await sharedCore(ctx)
    try {
      const events = ctx.sizes.ingestEvents
      const timeoutMs = ctx.quick ? 20_000 : 60_000
      const rawProofs = Math.max(RAW_BATCH_PROOFS, ctx.sizes.upsertRows / 2)
      await rig.asFastAsPossible(Math.min(events, 20_000), timeoutMs)
      rawIngestRate(rawPath, proofEvents(RAW_BATCH_PROOFS, 9_999), RAW_BATCH_PROOFS)

      const fastest: number[] = []
      const raw: number[] = []
      const cpuRuns: CpuRun[] = []
      let producerBusy = 0
      let ingested = 0
      // Counted between runs, when everything is stored: rows added per event, by table.
      const rowsBefore = rig.historyPath === null ? null : rowsByTable(rig.historyPath)
      for (let run = 0; run < ctx.sizes.runs; run++) {
        // Side by side: the raw upsert between two runs, while both children are idle.
        raw.push(rawIngestRate(rawPath, proofEvents(rawProofs, 20_000 + run), RAW_BATCH_PROOFS))
        const result = await rig.asFastAsPossible(events, timeoutMs)
        fastest.push(result.eventsPerSecond)
        cpuRuns.push(result)
        producerBusy = Math.max(producerBusy, result.producerBusy)
        ingested += result.events
      }
      const afterMax = await rig.counts()
      const added = rowsBefore === null || rig.historyPath === null ? null : rowsAdded(rowsBefore, rowsByTable(rig.historyPath))
      const rawRows = rawIngestRowsPerEvent(rawPath, proofEvents(RAW_BATCH_PROOFS, 30_000), RAW_BATCH_PROOFS)

      const sockets = Math.ceil(rig.channels / 10)
      const path = `monitor with history store, ${ctx.sizes.cacheRows.toLocaleString('en-US')}-row cache; ${rig.channels} channels on ${sockets} sockets`
      const figures: Figure[] = [
        measured(
          {
            id: 'ingest.raw-upsert',
            figure: 'SQLite upsert of the ingest’s rows, 1,000 events per transaction',
            unit: 'events/s',
            baseline: true,
            short: 'raw upsert',
            note: `history writer’s SQL, store’s schema and pragmas, same ${ctx.sizes.cacheRows.toLocaleString('en-US')}-row cache; interleaved with the runs below`,
          },
          raw,
        ),
        measured(
          {
            id: 'ingest.sustained',
            figure: 'ingest as fast as it keeps up (stored and relayed)',
            unit: 'events/s',
            target: { atLeast: 15_000, text: '≥ 15,000' },
            // Producer and consumer share two cores: a producer busy most of the time may be what sets the pace.
            note: `${path}; producer busy ${Math.round(producerBusy * 100)}% of the time (worst run)`,
          },
          fastest,
        ),
        measured(
          {
            id: 'ingest.vs-upsert',
            figure: 'ingest ÷ raw upsert of the same rows',
            unit: 'events/s',
            target: { atLeast: 0.9, baseline: 'ingest.raw-upsert', text: '≥ 0.90× raw upsert' },
            note: `${afterMax.duplicates} duplicates dropped, ${afterMax.problems} problems${afterMax.lastProblem ? ` (last: ${afterMax.lastProblem})` : ''}`,
          },
          fastest,
        ),
      ]

      figures.push(cpuPerEventFigure(cpuRuns, raw))

      if (added !== null && ingested > 0) {
        const total = added.reduce((sum, table) => sum + table.rows, 0)
        const byTable = added
          .filter((table) => table.rows > 0)
          .map((table) => `${table.name} ${(table.rows / ingested).toFixed(2)}`)
          .join(', ')
        figures.push(
          measured(
            {
              id: 'ingest.rows-per-event',
              figure: 'rows written per event by the core',
              unit: 'rows',
              note: `rows added to the cache ÷ ${ingested.toLocaleString('en-US')} events: ${byTable}; the raw upsert of the same rows adds ${rawRows.toFixed(2)}`,
            },
            [total / ingested],
          ),
        )
      }

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
              id: `ingest.fixed-${rate}`,
              figure: `ingest at ${rate.toLocaleString('en-US')} events/s offered`,
              unit: 'events/s',
              note: `${worstLag < 250 ? 'kept up' : 'fell behind'}: all relayed and stored ${Math.round(worstLag)} ms after the last was sent (worst run)`,
            },
            delivered,
          ),
        )
      }
      return figures
    } finally {
      for (const file of [rawPath, `${rawPath}-wal`, `${rawPath}-shm`]) rmSync(file, { force: true })
    }
  },
}

/**
 * What the ≥ 0.90× target asks of the CPU: at 0.90× the raw upsert's rate, the
 * processes of the run (all CPU-bound while ingesting as fast as possible) have
 * the machine's cores × 1 s ÷ that rate of CPU per event between them, however
 * the core spreads its work over threads. A core, producer and runner above
 * that budget cannot meet the target on this machine.
 */
function cpuPerEventFigure(runs: readonly CpuRun[], raw: number[]): Figure {
  const cores = availableParallelism()
  const rawRate = median(raw)
  const budget = (cores * 1e6) / (0.9 * rawRate)
  const events = runs.reduce((sum, run) => sum + run.events, 0)
  const producer = runs.reduce((sum, run) => sum + run.cpu.producer, 0) / events
  const runner = runs.reduce((sum, run) => sum + run.cpu.runner, 0) / events
  const corePerEvent = runs.map((run) => run.cpu.core / run.events)
  const core = median(corePerEvent)
  return measured(
    {
      id: 'ingest.cpu-per-event',
      figure: 'CPU per event of the core’s process (every thread), ingesting as fast as it keeps up',
      unit: 'µs',
      note:
        `the demo indexer ${producer.toFixed(1)} µs and the runner ${runner.toFixed(1)} µs beside it; the raw upsert ${(1e6 / rawRate).toFixed(1)} µs on one thread; ` +
        `at 0.90× the raw upsert the three have ${budget.toFixed(1)} µs per event on ${cores} cores, ${(core + producer + runner).toFixed(1)} µs spent`,
    },
    corePerEvent,
  )
}
