/**
 * Copying what can still be read from a damaged cache file into a new one,
 * table by table and key range by key range (what SQLite's `.recover` does
 * for the shell, which node:sqlite does not offer). A range that meets a bad
 * page is split until only the unreadable rows are left out, so one bad page
 * costs its own rows, not the whole cache.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { DatabaseSync } from 'node:sqlite'
import { errorMessage } from './sqlite-errors'

export interface SalvageReport {
  /** Rows copied into the new cache. */
  rows: number
  /** Tables that gave at least one row. */
  tables: number
  /** Key ranges that could not be read, smallest first tried (each lost its rows). */
  unreadableRanges: number
  /** Why nothing at all could be read, when that is so. */
  failure: string | null
}

const SCHEMA = 'salvaged'
/** Keys per range tried first; a failing range is split by this factor down to single keys. */
const RANGE = 1000
const SPLIT = 10
/** Without a readable maximum, give up after this many unreadable or empty ranges in a row. */
const GIVE_UP_AFTER = 50

/** Parents before children, so that what is copied keeps its links. */
const TABLES: ReadonlyArray<{ name: string; key: string }> = [
  { name: 'indexers', key: 'rowid' },
  { name: 'proofs', key: 'rowid' },
  { name: 'transactions', key: 'rowid' },
  { name: 'transaction_accounts', key: 'transaction_id' },
  { name: 'overview_snapshots', key: 'rowid' },
  { name: 'series', key: 'rowid' },
  { name: 'series_points', key: 'series_id' },
  { name: 'leaderboards', key: 'rowid' },
  { name: 'leaderboard_entries', key: 'leaderboard_id' },
  { name: 'notifications', key: 'rowid' },
  { name: 'circuits', key: 'indexer_id' },
  { name: 'circuit_keys', key: 'indexer_id' },
]

/** Copies into `db` (a new, migrated cache) whatever `damagedPath` still gives. Never throws. */
export function salvageInto(db: DatabaseSync, damagedPath: string): SalvageReport {
  const report: SalvageReport = { rows: 0, tables: 0, unreadableRanges: 0, failure: null }
  let readable = damagedPath
  let copy: string | null = null
  const failure = attach(db, readable)
  if (failure !== null) {
    // A file cut short still claims its full length, and SQLite then reads nothing: a copy that claims what is there.
    copy = shortenedCopy(damagedPath)
    if (copy === null || attach(db, copy) !== null) {
      if (copy !== null) rmSync(copy, { force: true })
      return { ...report, failure }
    }
    readable = copy
  }
  try {
    for (const table of TABLES) {
      const copied = copyTable(db, table.name, table.key, report)
      if (copied > 0) report.tables++
      report.rows += copied
    }
  } finally {
    try {
      db.exec(`DETACH DATABASE ${SCHEMA}`)
    } catch {
      // The damaged file stays attached until the connection closes; it is only read.
    }
    if (copy !== null) rmSync(copy, { force: true })
  }
  return report
}

/** Attaches and reads the schema; the failure's words, or null. */
function attach(db: DatabaseSync, path: string): string | null {
  try {
    db.prepare(`ATTACH DATABASE ? AS ${SCHEMA}`).run(path)
  } catch (error) {
    return errorMessage(error)
  }
  try {
    db.prepare(`SELECT count(*) AS n FROM ${SCHEMA}.sqlite_schema`).get()
    return null
  } catch (error) {
    try {
      db.exec(`DETACH DATABASE ${SCHEMA}`)
    } catch {
      // Nothing attached to leave.
    }
    return errorMessage(error)
  }
}

/** A copy of a truncated file cut to whole pages, its header's page count set to them; null when it is not that. */
function shortenedCopy(path: string): string | null {
  try {
    const bytes = readFileSync(path)
    if (bytes.length < 100) return null
    const raw = bytes.readUInt16BE(16)
    const pageSize = raw === 1 ? 65536 : raw
    const pages = Math.floor(bytes.length / pageSize)
    if (pageSize < 512 || pages === 0 || bytes.readUInt32BE(28) <= pages) return null
    const fixed = bytes.subarray(0, pages * pageSize)
    fixed.writeUInt32BE(pages, 28)
    const copy = `${path}.readable-part`
    writeFileSync(copy, fixed, { mode: 0o600 })
    return copy
  } catch {
    return null
  }
}

/** Words for the damage message: what the new cache holds of the old one. */
export function salvageSummary(report: SalvageReport): string {
  if (report.rows === 0) return ' Nothing could be read back from it.'
  const lost = report.unreadableRanges > 0 ? '; the rows on its damaged pages could not be read' : ''
  return ` ${report.rows.toLocaleString('en-US')} records that could still be read were copied into the new cache${lost}.`
}

function copyTable(db: DatabaseSync, table: string, key: string, report: SalvageReport): number {
  let columns: string[]
  try {
    const theirs = new Set(columnsOf(db, SCHEMA, table))
    columns = columnsOf(db, 'main', table).filter((column) => theirs.has(column))
  } catch {
    return 0
  }
  if (columns.length === 0) return 0
  const list = columns.map((c) => `"${c}"`).join(', ')
  const insert = db.prepare(
    `INSERT OR IGNORE INTO main."${table}" (${list}) SELECT ${list} FROM ${SCHEMA}."${table}" WHERE ${key} BETWEEN ? AND ?`,
  )
  const bound = (sql: string): number | null => {
    try {
      const value = (db.prepare(sql).get() as { k: unknown } | undefined)?.k
      return typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : null
    } catch {
      return null
    }
  }
  const min = bound(`SELECT min(${key}) AS k FROM ${SCHEMA}."${table}"`) ?? 1
  const max = bound(`SELECT max(${key}) AS k FROM ${SCHEMA}."${table}"`)

  let copied = 0
  /**
   * Copies [from, to]; on failure splits it in SPLIT parts and goes deeper
   * only beside parts that could be read (a whole unreadable stretch, such
   * as a lost interior page, costs a few statements, not one per key).
   * Returns rows copied, or -1 when nothing there could be read.
   */
  const copyRange = (from: number, to: number, size: number): number => {
    const tried = attempt(from, to)
    if (tried >= 0 || size <= 1) {
      if (tried < 0) report.unreadableRanges++
      return tried
    }
    const step = Math.max(1, Math.ceil(size / SPLIT))
    const parts: Array<{ from: number; to: number; got: number }> = []
    for (let start = from; start <= to; start += step) {
      const end = Math.min(to, start + step - 1)
      parts.push({ from: start, to: end, got: attempt(start, end) })
    }
    if (parts.every((part) => part.got < 0)) {
      report.unreadableRanges++
      return -1
    }
    let rows = 0
    for (const part of parts) {
      const got = part.got >= 0 ? part.got : copyRange(part.from, part.to, step)
      if (got > 0) rows += got
    }
    return rows
  }
  const attempt = (from: number, to: number): number => {
    try {
      return Number(insert.run(from, to).changes)
    } catch {
      return -1
    }
  }
  let quiet = 0
  for (let from = min; max === null ? quiet < GIVE_UP_AFTER : from <= max; from += RANGE) {
    const got = copyRange(from, from + RANGE - 1, RANGE)
    if (got > 0) {
      copied += got
      quiet = 0
    } else quiet++
  }
  return copied
}

function columnsOf(db: DatabaseSync, schema: string, table: string): string[] {
  return (db.prepare(`PRAGMA ${schema}.table_info("${table}")`).all() as { name: string }[]).map((row) => row.name)
}
