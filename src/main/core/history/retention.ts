/**
 * The cache's size caps: when it holds more rows or bytes than allowed, the
 * oldest records go first (by slot and time, across tables and indexers),
 * in small transactions that let other work run between them. Proofs of a
 * kept address or the user's own, transactions that involve a kept address,
 * and notifications stay unless the user asks (`evictKept`).
 */
import type { SQLInputValue } from 'node:sqlite'
import type { CacheLimits } from '@shared/history'
import type { HistoryDatabase } from './database'

export interface RetentionPolicy {
  /** Watched addresses and the user's wallet: their proofs and transactions are kept. */
  keepAddresses: readonly string[]
}

export interface RetentionReport {
  rowsBefore: number
  rowsAfter: number
  bytesBefore: number
  bytesAfter: number
  evicted: number
}

export interface RetentionOptions {
  /** Also evict what the policy keeps (the user asked). Default false. */
  evictKept?: boolean
  /** Rows deleted per transaction. Default 2000. */
  chunkRows?: number
  /** Eviction goes this far below a cap, so it does not run again at once. Default 0.9. */
  headroom?: number
  /** Lets other work run between chunks. Default: the next macrotask. */
  pause?: () => Promise<void>
  /** Asked between chunks: true stops (the cache is closing). */
  shouldStop?: () => boolean
  /** Waited for before each write: the cache's write worker finishing its batch. Default: nothing. */
  beforeWrite?: () => Promise<void>
}

/** Tables that count as records, for the row cap. */
const COUNTED_TABLES = ['proofs', 'transactions', 'notifications', 'overview_snapshots', 'series_points', 'leaderboard_entries'] as const

/** Every counted row of every table: a scan of each, so the background check runs it off the main thread. */
export const COUNT_ROWS_SQL = `SELECT ${COUNTED_TABLES.map((table) => `(SELECT count(*) FROM ${table})`).join(' + ')} AS n`

export function countRows(database: HistoryDatabase): number {
  return Number((database.statement(COUNT_ROWS_SQL).get() as { n: number }).n)
}

/** Bytes in use inside the file (pages not on the free list). */
export function usedBytes(database: HistoryDatabase): number {
  const pages = pragmaNumber(database, 'page_count')
  const free = pragmaNumber(database, 'freelist_count')
  return (pages - free) * pragmaNumber(database, 'page_size')
}

function pragmaNumber(database: HistoryDatabase, name: string): number {
  const row = database.statement(`PRAGMA ${name}`).get() as Record<string, number> | undefined
  return Number(row?.[name] ?? 0)
}

interface Candidate {
  table: 'proofs' | 'transactions' | 'overview_snapshots' | 'notifications'
  indexerId: number
  /** Time of its oldest evictable row: candidates are taken oldest first. */
  time: number
}

/** Which rows of each table may go, and in which order. */
function evictable(table: Candidate['table'], evictKept: boolean): { where: string; order: string } {
  switch (table) {
    case 'proofs':
      return {
        where: evictKept ? '' : 'AND own = 0 AND (authority IS NULL OR authority NOT IN (SELECT value FROM json_each(:kept)))',
        order: 'slot, time, id',
      }
    case 'transactions':
      return {
        where: evictKept
          ? ''
          : `AND NOT EXISTS (SELECT 1 FROM transaction_accounts a WHERE a.transaction_id = t.id
               AND a.account IN (SELECT value FROM json_each(:kept)))`,
        order: 'slot, time, id',
      }
    case 'overview_snapshots':
      return { where: '', order: 'minute' }
    case 'notifications':
      return { where: evictKept ? '' : 'AND 0', order: 'received_at, id' }
  }
}

function timeColumn(table: Candidate['table']): string {
  return table === 'overview_snapshots' ? 'observed_at' : table === 'notifications' ? 'received_at' : 'time'
}

function oldestCandidates(database: HistoryDatabase, kept: string, evictKept: boolean): Candidate[] {
  const indexers = (database.statement('SELECT id FROM indexers').all() as { id: number }[]).map((row) => row.id)
  const candidates: Candidate[] = []
  for (const table of ['proofs', 'transactions', 'overview_snapshots', 'notifications'] as const) {
    const { where, order } = evictable(table, evictKept)
    const sql = `SELECT ${timeColumn(table)} AS time FROM ${table} t WHERE indexer_id = :indexer ${where} ORDER BY ${order} LIMIT 1`
    for (const indexerId of indexers) {
      const params: Record<string, SQLInputValue> = { indexer: indexerId }
      if (sql.includes(':kept')) params.kept = kept
      const row = database.statement(sql).get(params) as { time: number } | undefined
      if (row !== undefined) candidates.push({ table, indexerId, time: row.time })
    }
  }
  return candidates.sort((a, b) => a.time - b.time)
}

function evictChunk(database: HistoryDatabase, candidate: Candidate, kept: string, evictKept: boolean, rows: number): number {
  const { where, order } = evictable(candidate.table, evictKept)
  const sql =
    `DELETE FROM ${candidate.table} WHERE id IN (SELECT id FROM ${candidate.table} t ` +
    `WHERE indexer_id = :indexer ${where} ORDER BY ${order} LIMIT :rows)`
  const params: Record<string, SQLInputValue> = { indexer: candidate.indexerId, rows }
  if (sql.includes(':kept')) params.kept = kept
  const db = database.db
  db.exec('BEGIN IMMEDIATE')
  try {
    const { changes } = database.statement(sql).run(params)
    db.exec('COMMIT')
    return Number(changes)
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw error
  }
}

const nextMacrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** Evicts oldest-first until the cache is within `limits` (with headroom), or nothing evictable is left. */
export async function enforceRetention(
  database: HistoryDatabase,
  limits: CacheLimits,
  policy: RetentionPolicy,
  options: RetentionOptions = {},
): Promise<RetentionReport> {
  const chunkRows = options.chunkRows ?? 2000
  const headroom = options.headroom ?? 0.9
  const pause = options.pause ?? nextMacrotask
  const evictKept = options.evictKept ?? false
  const kept = JSON.stringify(policy.keepAddresses)
  const rowsBefore = countRows(database)
  const bytesBefore = usedBytes(database)
  let rows = rowsBefore
  let bytes = bytesBefore
  let evicted = 0
  const stopped = (): RetentionReport => ({ rowsBefore, rowsAfter: rowsBefore - evicted, bytesBefore, bytesAfter: bytes, evicted })

  // Bytes per row drifts as rows go; a few rounds re-measure it.
  for (let round = 0; round < 5 && (rows > limits.maxRows || bytes > limits.maxBytes); round++) {
    const byRows = rows > limits.maxRows ? rows - Math.floor(limits.maxRows * headroom) : 0
    const bytesPerRow = rows > 0 ? bytes / rows : 0
    const byBytes = bytes > limits.maxBytes && bytesPerRow > 0 ? Math.ceil((bytes - limits.maxBytes * headroom) / bytesPerRow) : 0
    let wanted = Math.max(byRows, byBytes)
    let progress = 0
    while (wanted > 0) {
      await options.beforeWrite?.()
      if (database.isClosed || options.shouldStop?.()) return stopped()
      const candidate = oldestCandidates(database, kept, evictKept)[0]
      if (candidate === undefined) break
      const gone = evictChunk(database, candidate, kept, evictKept, Math.min(chunkRows, wanted))
      if (gone === 0) break
      wanted -= gone
      evicted += gone
      progress += gone
      await pause()
      if (database.isClosed || options.shouldStop?.()) return stopped()
    }
    // Give freed pages back to the file system (the file is built with incremental auto-vacuum).
    await options.beforeWrite?.()
    if (database.isClosed) return stopped()
    database.db.exec('PRAGMA incremental_vacuum')
    rows = countRows(database)
    bytes = usedBytes(database)
    if (progress === 0) break
  }
  return { rowsBefore, rowsAfter: rows, bytesBefore, bytesAfter: bytes, evicted }
}
