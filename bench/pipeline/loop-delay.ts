/**
 * A main loop that never stalls (issue 25): the event-loop delay of the
 * core's main thread (perf_hooks.monitorEventLoopDelay, p99 and max) while it
 * exports 100,000 rows, runs word searches on the 1,000,000-row cache, and
 * ingests at 1,000 events/s, and starts for the first time on a damaged
 * cache. The backfill (10,000 transactions) is measured in its own benchmark,
 * on the process it already runs. Export, search and ingest run in the
 * pipeline's core process (the monitor on a copy of the cache, watching
 * `proofs` and 40 addresses, as the ingest benchmark runs it; a process of
 * its own: in the one the ingest benchmark shares with memory, a second
 * fixed-rate run stalls, see docs/benchmarks.md), through the monitor's
 * bridge methods; the damaged start in
 * a process of its own (bench/children/damaged-start.ts) on a copy of the
 * cache cut mid-page, which the store moves aside and salvages.
 */
import { closeSync, fsyncSync, openSync, statSync, truncateSync, rmSync, readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import type { Figure } from '../lib/figures'
import { FIXTURE_INDEXER_URL } from '../lib/history-fixture'
import { historyShares } from '../lib/records'
import { loopDelayRows, type LoopDelay } from '../lib/loop-delay'
import { profilingFlags, timeToReadyLine } from '../lib/processes'
import { PipelineRig, ROOMY_CACHE } from './rig'
import { median } from '../lib/stats'

/** What people type into a search box that is not a key (as the search benchmark's words). */
const WORDS = ['new', 'transaction', 'failed', 'new transaction', 'trans']

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

/** A copy of the cache cut mid-page, as a crash or a full disk can leave it. */
function damagedCopy(ctx: BenchContext): string {
  const path = ctx.fixtures.copyOfCache()
  rmSync(`${path}-wal`, { force: true })
  truncateSync(path, Math.floor(statSync(path).size / 2) + 123)
  // On disk before the start, as a user's damaged cache is: the copy's hundreds of MB still being written out would
  // hold the store's first fsync (opening the new cache) behind them, 90-200 ms on this machine, which is the copy's.
  const file = openSync(path, 'r+')
  try {
    fsyncSync(file)
  } finally {
    closeSync(file)
  }
  return path
}

/** The copy and whatever the store moved aside or made beside it. */
function removeAround(path: string): void {
  const name = basename(path, '.sqlite')
  for (const file of readdirSync(dirname(path))) if (file.startsWith(name)) rmSync(join(dirname(path), file), { force: true })
}

export const loopDelay: Benchmark = {
  name: 'loop-delay',
  title: 'A main loop that never stalls: export, word search, damaged first start',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const rows = Math.min(100_000, Math.floor(historyShares(ctx.sizes.cacheRows).proofs * 0.8))
    const cacheNote = `${ctx.sizes.cacheRows.toLocaleString('en-US')}-row cache`
    const figures: Figure[] = []
    // What the benchmark's seconds are made of, in its log: the suite's 12 minutes are spent phase by phase.
    let phaseStart = performance.now()
    const phaseDone = (what: string): void => {
      ctx.log(`  ${what} in ${seconds(performance.now() - phaseStart)}`)
      phaseStart = performance.now()
    }
    const rig = await PipelineRig.start(ctx, { cacheLimits: ROOMY_CACHE })
    phaseDone('started the core on a copy of the cache')
    try {
      const consumer = rig.consumer.channel
      const ingests: LoopDelay[] = []
      for (let run = 0; run < Math.min(ctx.sizes.runs, 3); run++) {
        await consumer.request('loopDelayStart')
        await rig.atFixedRate(1_000, ctx.quick ? 1_000 : 10_000, ctx.quick ? 20_000 : 60_000)
        ingests.push(await consumer.request<LoopDelay>('loopDelayStop'))
      }
      phaseDone(`ingested at 1,000 events/s, ${ingests.length} runs,`)
      const exports: LoopDelay[] = []
      const searches: LoopDelay[] = []
      let exportMs = 0
      let hits = 0
      // Three runs, as the ingest and damaged-start rows: each run's p99 and max already come from thousands of
      // 1 ms samples over seconds of work; two more runs added about 10 s to the suite and nothing to the figure.
      for (let run = 0; run < Math.min(ctx.sizes.runs, 3); run++) {
        await consumer.request('loopDelayStart')
        const done = await consumer.request<{ rows: number; ms: number }>('exportRows', { rows })
        exports.push(await consumer.request<LoopDelay>('loopDelayStop'))
        if (done.rows < rows) throw new Error(`the export gave ${done.rows} rows, not ${rows}`)
        exportMs = Math.max(exportMs, done.ms)

        await consumer.request('loopDelayStart')
        hits = await consumer.request<number>('searchWords', { words: WORDS, times: 3 })
        searches.push(await consumer.request<LoopDelay>('loopDelayStop'))
      }
      phaseDone(`exported and searched, ${exports.length} runs each,`)
      figures.push(
        ...loopDelayRows('ingest-1000', 'ingest at 1,000 events/s', ingests, `monitor with history store, ${cacheNote}; ${rig.channels} channels; until all relayed and stored`),
        ...loopDelayRows('export-100k', `an export of ${rows.toLocaleString('en-US')} rows`, exports, `CSV of every cached proof through exportHistory, to a stream, ended after ${rows.toLocaleString('en-US')} rows; ${cacheNote}; slowest ${seconds(exportMs)}`),
        ...loopDelayRows('search-words', 'word searches on the large cache', searches, `${WORDS.map((word) => `"${word}"`).join(', ')}, 3 times each, through the monitor’s search; ${cacheNote}; ${hits} hits`),
      )
    } finally {
      await rig.stop()
    }
    phaseDone('stopped the core')

    const starts: LoopDelay[] = []
    const kinds = new Set<string>()
    let proofs = 0
    const firstScreenMs: number[] = []
    const salvageMs: number[] = []
    const loadMs: number[] = []
    for (let run = 0; run < Math.max(1, Math.min(ctx.sizes.runs, 3)); run++) {
      const path = damagedCopy(ctx)
      try {
        const { line } = await timeToReadyLine(process.execPath, [...profilingFlags(), join(ctx.benchDir, 'children', 'damaged-start.js'), path, FIXTURE_INDEXER_URL, ctx.quick ? '500' : '2000'], { timeoutMs: 180_000 })
        const [p99, max, ms, count, kind, firstScreen, salvaged, load] = (line[1] as string).split(' ')
        starts.push({ p99: Number(p99), max: Number(max), ms: Number(ms), mean: NaN })
        kinds.add(kind as string)
        proofs = Number(count)
        firstScreenMs.push(Number(firstScreen))
        salvageMs.push(Number(salvaged))
        loadMs.push(Number(load))
      } finally {
        removeAround(path)
      }
    }
    phaseDone(`started ${starts.length} times on a damaged copy`)
    figures.push(
      ...loopDelayRows(
        'damaged-start',
        'the first start on a damaged cache',
        starts,
        `${cacheNote} cut mid-page; found ${[...kinds].join(', ')}; moved aside, the first screen from the new cache after ${seconds(median(firstScreenMs))}, what could be read salvaged while the core runs, done after ${seconds(median(salvageMs))} (medians), then ${proofs} newest proofs from the cache; the whole process once the core's modules are loaded (in ${Math.round(median(loadMs))} ms, not counted)`,
      ),
    )
    return figures
  },
}
