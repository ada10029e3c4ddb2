/**
 * Baselines: what SQLite itself takes as upserts into the 1,000,000-row
 * history cache, with the history store's schema (its migrations) and
 * pragmas (opened by its HistoryDatabase) and the history writer's SQL,
 * nothing of the app around them. Every run uses new keys and deletes its
 * rows again, so every run meets the same table.
 */
import { performance } from 'node:perf_hooks'
import { rmSync } from 'node:fs'
import type { Proof } from '@shared/domain'
import { DEFAULT_CACHE_KIB, HistoryDatabase } from '../../src/main/core/history/database'
import { SQL } from '../../src/main/core/history/history-writer'
import { rawText, slotKey, timeKey } from '../../src/main/core/history/stored-records'
import { decodeProof } from '../../src/main/core/indexer/decode'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { EVENTS_PER_PROOF, RawIngestWriter, proofEvents, type ProofEvents } from '../lib/ingest-rows'
import { cachedProofs } from '../lib/records'
import { rowsAdded, rowsIn } from '../lib/table-rows'

export interface StoreTuning {
  /** The store's page cache; absent: its default. */
  cacheKiB?: number
}

/** Runs `write` on the cache at `path` opened as the store opens it, then deletes every row it added. */
function onCache<T>(path: string, tuning: StoreTuning, write: (database: HistoryDatabase, indexerId: number) => T): T {
  const database = HistoryDatabase.open({ path, ...tuning })
  if (database.damage !== null) throw new Error(`the cache copy could not be used: ${database.damage.message}`)
  const db = database.db
  try {
    const { id } = db.prepare('SELECT min(id) AS id FROM indexers').get() as { id: number }
    const last = (table: string) => Number((db.prepare(`SELECT coalesce(max(id), 0) AS last FROM ${table}`).get() as { last: number }).last)
    const before = { proofs: last('proofs'), transactions: last('transactions'), notifications: last('notifications') }
    const result = write(database, id)
    // Triggers take the transactions' address rows and the notifications' search entries with them.
    for (const [table, max] of Object.entries(before)) db.prepare(`DELETE FROM ${table} WHERE id > ?`).run(max)
    return result
  } finally {
    database.close()
  }
}

/** Events per second of the raw upsert of the ingest's rows, `batchProofs` proofs (twice as many events) per transaction. */
export function rawIngestRate(path: string, events: readonly ProofEvents[], batchProofs: number, tuning: StoreTuning = {}): number {
  return onCache(path, tuning, (database, indexerId) => {
    const writer = new RawIngestWriter(database.db, indexerId)
    const at = Date.now()
    const startedAt = performance.now()
    for (let first = 0; first < events.length; first += batchProofs) writer.write(events.slice(first, first + batchProofs), at)
    return (events.length * EVENTS_PER_PROOF) / ((performance.now() - startedAt) / 1000)
  })
}

/**
 * Rows the raw upsert adds per event, counted as the core's are (table-rows.ts):
 * the floor the core's write amplification is measured against.
 */
export function rawIngestRowsPerEvent(path: string, events: readonly ProofEvents[], batchProofs: number): number {
  return onCache(path, {}, (database, indexerId) => {
    const writer = new RawIngestWriter(database.db, indexerId)
    const before = rowsIn(database.db)
    const at = Date.now()
    for (let first = 0; first < events.length; first += batchProofs) writer.write(events.slice(first, first + batchProofs), at)
    return rowsAdded(before, rowsIn(database.db)).reduce((sum, table) => sum + table.rows, 0) / (events.length * EVENTS_PER_PROOF)
  })
}

/** Rows per second of the raw upsert of full proof records, `batch` per transaction. */
export function rawProofRate(path: string, proofs: readonly Proof[], batch: number, tuning: StoreTuning = {}): number {
  return onCache(path, tuning, (database, indexerId) => {
    const upsert = database.db.prepare(SQL.upsertProof)
    const at = Date.now()
    const startedAt = performance.now()
    for (let first = 0; first < proofs.length; first += batch) {
      database.db.exec('BEGIN IMMEDIATE')
      for (const proof of proofs.slice(first, first + batch)) {
        upsert.run(indexerId, proof.proofAccount, proof.authority, proof.circuitId, proof.proofType, slotKey(proof.slotVerified), timeKey(proof.verifiedAt), rawText(proof.raw), at)
      }
      database.db.exec('COMMIT')
    }
    return proofs.length / ((performance.now() - startedAt) / 1000)
  })
}

/** The page cache the history store had before it was measured here: its figures are kept side by side with the default's. */
const FORMER_CACHE_KIB = 64 * 1024

export const sqliteUpsert: Benchmark = {
  name: 'sqlite',
  title: 'SQLite upsert into the history cache (baseline)',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const path = ctx.fixtures.copyOfCache()
    try {
      const batched: number[] = []
      const single: number[] = []
      const ingestDefault: number[] = []
      const ingestLargeCache: number[] = []
      let seed = 10_000
      const proofs = (count: number) => [...cachedProofs(count, seed++)].map((proof) => decodeProof(proof))
      const ingestProofs = Math.max(500, ctx.sizes.upsertRows / 2)
      rawIngestRate(path, proofEvents(500, seed++), 500)
      // Interleaved, so that a noisy moment hurts every variant alike.
      for (let run = 0; run < ctx.sizes.runs; run++) {
        batched.push(rawProofRate(path, proofs(ctx.sizes.upsertRows), 1000))
        single.push(rawProofRate(path, proofs(ctx.sizes.upsertSingleRows), 1))
        ingestDefault.push(rawIngestRate(path, proofEvents(ingestProofs, seed++), 500))
        ingestLargeCache.push(rawIngestRate(path, proofEvents(ingestProofs, seed++), 500, { cacheKiB: FORMER_CACHE_KIB }))
      }
      const rows = `${ctx.sizes.cacheRows.toLocaleString('en-US')}-row cache`
      const note = `${rows}; the store's schema, pragmas and upsert`
      return [
        measured(
          { id: 'sqlite.upsert-proofs-batched', figure: 'SQLite upsert of proofs, 1,000 per transaction', unit: 'rows/s', baseline: true, short: 'batched upsert', note },
          batched,
        ),
        measured(
          {
            id: 'sqlite.upsert-proofs-single',
            figure: 'SQLite upsert of proofs, one per transaction',
            unit: 'rows/s',
            target: { baseline: 'sqlite.upsert-proofs-batched', text: 'side by side' },
            note,
          },
          single,
        ),
        measured(
          {
            id: 'sqlite.upsert-ingest-cache-default',
            figure: `SQLite upsert of the ingest’s rows, ${DEFAULT_CACHE_KIB / 1024} MiB page cache`,
            unit: 'events/s',
            baseline: true,
            short: `${DEFAULT_CACHE_KIB / 1024} MiB cache`,
            note: `${rows}; the store's default page cache; 1,000 events per transaction`,
          },
          ingestDefault,
        ),
        measured(
          {
            id: 'sqlite.upsert-ingest-cache-64mib',
            figure: `… with a ${FORMER_CACHE_KIB / 1024} MiB page cache`,
            unit: 'events/s',
            target: { baseline: 'sqlite.upsert-ingest-cache-default', text: 'side by side' },
            note: 'the former default: what the larger cache would buy',
          },
          ingestLargeCache,
        ),
      ]
    } finally {
      for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true })
    }
  },
}
