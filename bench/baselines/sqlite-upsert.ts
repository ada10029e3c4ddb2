/**
 * Baseline: rows per second that SQLite itself takes as upserts into the
 * 1,000,000-row cache (placeholder schema: a unique key and one secondary
 * index; WAL, synchronous=NORMAL). The ingest target is a share of the
 * batched figure, so it must use the history store's schema and pragmas
 * once that exists.
 */
import { performance } from 'node:perf_hooks'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { openCache, ProofUpserter, type CacheTuning } from '../lib/cache-fixture'
import { cachedProofs, type CachedProof } from '../lib/records'

export const UPSERT_BASELINE_ID = 'sqlite.upsert-batched-tuned'

interface Variant {
  tuning: CacheTuning
  batch: number
  rows: number
}

/** Rows per second for one run of a variant, with rows no run used before; they are deleted again afterwards, so every run meets the same table. */
export function upsertRate(path: string, variant: Variant, seed: number): number {
  const rows: CachedProof[] = [...cachedProofs(variant.rows, seed)]
  const db = openCache(path, variant.tuning)
  try {
    const { last } = db.prepare('SELECT max(id) AS last FROM proofs').get() as { last: number }
    const upserter = new ProofUpserter(db)
    const startedAt = performance.now()
    for (let first = 0; first < rows.length; first += variant.batch) upserter.upsert(rows.slice(first, first + variant.batch))
    const rate = rows.length / ((performance.now() - startedAt) / 1000)
    db.prepare('DELETE FROM proofs WHERE id > ?').run(last)
    return rate
  } finally {
    db.close()
  }
}

export const sqliteUpsert: Benchmark = {
  name: 'sqlite',
  title: 'SQLite batched upsert into the cache (baseline)',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const path = ctx.fixtures.writableCacheFile()
    const variants = {
      tuned: { tuning: 'tuned', batch: 1000, rows: ctx.sizes.upsertRows },
      plain: { tuning: 'default', batch: 1000, rows: ctx.sizes.upsertRows },
      single: { tuning: 'default', batch: 1, rows: ctx.sizes.upsertSingleRows },
    } satisfies Record<string, Variant>
    const samples = { tuned: [] as number[], plain: [] as number[], single: [] as number[] }
    let seed = 10_000
    // Interleaved, so that a noisy moment hurts every variant alike.
    for (let run = 0; run < ctx.sizes.runs; run++) {
      for (const name of ['tuned', 'plain', 'single'] as const) samples[name].push(upsertRate(path, variants[name], seed++))
    }
    const rows = `${ctx.sizes.cacheRows.toLocaleString('en-US')}-row table`
    return [
      measured(
        {
          id: UPSERT_BASELINE_ID,
          figure: `SQLite upsert, 1,000 per transaction, 64 MiB cache`,
          unit: 'rows/s',
          baseline: true,
          short: 'raw upsert',
          note: `${rows}; placeholder schema; checkpoint every 10,000 pages`,
        },
        samples.tuned,
      ),
      measured(
        {
          id: 'sqlite.upsert-batched',
          figure: 'SQLite upsert, 1,000 per transaction',
          unit: 'rows/s',
          target: { baseline: UPSERT_BASELINE_ID, text: 'side by side' },
          note: `${rows}; default cache and checkpoints`,
        },
        samples.plain,
      ),
      measured(
        {
          id: 'sqlite.upsert-single',
          figure: 'SQLite upsert, one per transaction',
          unit: 'rows/s',
          target: { baseline: UPSERT_BASELINE_ID, text: 'side by side' },
          note: rows,
        },
        samples.single,
      ),
    ]
  },
}
