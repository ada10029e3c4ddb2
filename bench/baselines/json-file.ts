/**
 * Baseline: the history kept as one JSON file, the way a cache is often
 * first written: read it whole at start, rewrite it whole for every new
 * event. What the SQLite cache is measured against.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { rewriteJsonHistory, writeJsonProofs } from '../lib/json-history'
import { cachedProofs } from '../lib/records'
import { median } from '../lib/stats'

function readHistory(path: string): unknown[] {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown[]
}

export const jsonFile: Benchmark = {
  name: 'json-file',
  title: 'History as one JSON file (baseline)',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const records = ctx.sizes.jsonRecords
    const path = join(ctx.workDir, `history-${records}.json`)
    await writeJsonProofs(path, records, 2)
    // Three runs at most: each is about 5 s of rewriting the file, and these baselines stand orders of magnitude
    // from the store's figures they are compared with (docs/benchmarks.md, "Staying under 12 minutes").
    const runs = Math.min(ctx.sizes.runs, 3)
    const newEvents = [...cachedProofs(ctx.sizes.jsonAppends * runs, 3)]

    const reads: number[] = []
    const appends: number[] = []
    for (let run = 0; run < runs; run++) {
      let startedAt = performance.now()
      const history = readHistory(path)
      reads.push(performance.now() - startedAt)
      if (history.length !== records) throw new Error(`read ${history.length} of ${records} records`)

      const perEvent: number[] = []
      for (let append = 0; append < ctx.sizes.jsonAppends; append++) {
        startedAt = performance.now()
        history.push(newEvents[run * ctx.sizes.jsonAppends + append])
        rewriteJsonHistory(path, history)
        perEvent.push(performance.now() - startedAt)
      }
      appends.push(median(perEvent))
      // Back to the original size, so every run appends to the same history.
      rewriteJsonHistory(path, history.slice(0, records))
    }
    const size = `${records.toLocaleString('en-US')} records`
    return [
      measured({ id: 'json.read', figure: 'JSON file: read + parse history', unit: 'ms', baseline: true, note: size }, reads),
      measured(
        { id: 'json.append', figure: 'JSON file: append one event (rewrite)', unit: 'ms/event', baseline: true, note: `${size}, median of ${ctx.sizes.jsonAppends} per run` },
        appends,
      ),
    ]
  },
}
