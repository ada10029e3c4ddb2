/**
 * Copying what can still be read from a damaged cache file into a new one,
 * table by table and key range by key range (what SQLite's `.recover` does
 * for the shell, which node:sqlite does not offer). A range that meets a bad
 * page is split until only the unreadable rows are left out, so one bad page
 * costs its own rows, not the whole cache.
 */
import { chmodSync, closeSync, copyFileSync, openSync, readSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs'
import { nodeFsPromises } from '../../runtime/builtins-on-first-use'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
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
/** Keys per range tried first (at once; a salvage in slices may take fewer); a failing range is split by this factor down to single keys. */
const RANGE = 1000
const SPLIT = 10
/** A slice of a salvage that runs all at once. */
const ALL_AT_ONCE_SLICE_MS = 100
/** Careful ranges grow to at most this many times a range while nothing can be read. */
const MAX_STRIDE = 16
/** Without a readable maximum, give up after this many unreadable or empty ranges of RANGE keys in a row. */
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

/** Copies into `db` (a new, migrated cache) whatever `damagedPath` still gives, all at once. Never throws. */
export function salvageInto(db: DatabaseSync, damagedPath: string): SalvageReport {
  const run = SalvageRun.start(db, damagedPath)
  // Slices all the same: a range that fails costs its slice a rollback, not the whole copy.
  for (;;) {
    const until = performance.now() + ALL_AT_ONCE_SLICE_MS
    if (run.step(() => performance.now() >= until)) break
  }
  return run.finish()
}

/** Where a copy stands: a table of TABLES and the first key of its next range. */
interface Position {
  table: number
  from: number
  /** Rows copied of that table before `from`. */
  copied: number
  /** Its keys in a row that gave nothing, before `from`. */
  quietKeys: number
}

/** A table being copied. */
interface TableCopy {
  insert: StatementSync
  max: number | null
  from: number
  /** Keys in a row that gave nothing, unreadable or empty (the end, without a readable maximum). */
  quietKeys: number
  copied: number
  /** Keys the next careful range spans. */
  stride: number
}

/**
 * A salvage that goes a slice at a time, so that the app can start on the
 * new cache and go on while a large damaged file is read back (a 700 MB
 * cache takes seconds). Each slice copies key ranges in one transaction
 * until its time is up; a range that fails sends the ranges up to it back
 * through the careful path (one transaction each, split down to the
 * unreadable keys). The damaged file stays attached to `db` until finish().
 */
export class SalvageRun {
  private readonly report: SalvageReport = { rows: 0, tables: 0, unreadableRanges: 0, failure: null }
  private tableIndex = 0
  private table: TableCopy | null = null
  /** Ranges up to here go one transaction each: one of them failed inside a slice. */
  private carefulThrough: Position | null = null
  private copy: string | null = null
  private attached = false
  private ended = false

  private constructor(
    private readonly db: DatabaseSync,
    /** Keys a range: fewer make shorter slices, more fewer statements. */
    private readonly range: number,
  ) {}

  /** Attaches the damaged file (or a readable copy of what a cut-short file holds); a run that cannot read it is done at once. */
  static start(db: DatabaseSync, damagedPath: string, range = RANGE): SalvageRun {
    const run = new SalvageRun(db, range)
    const failure = attach(db, damagedPath)
    if (failure === null) run.attached = true
    else run.attachCopy(shortenedCopy(damagedPath), failure)
    return run
  }

  /**
   * start(), with a cut-short file's copy made off the main thread. `stale()`
   * says, after the copy, that the connection is no longer the one to copy
   * into (closed or replaced): the run is then done with nothing copied.
   */
  static async startAside(db: DatabaseSync, damagedPath: string, stale: () => boolean, range = RANGE): Promise<SalvageRun> {
    const run = new SalvageRun(db, range)
    const failure = attach(db, damagedPath)
    if (failure === null) {
      run.attached = true
      return run
    }
    const copy = await shortenedCopyAside(damagedPath)
    if (stale()) {
      if (copy !== null) rmSync(copy, { force: true })
      run.ended = true
      return run
    }
    run.attachCopy(copy, failure)
    return run
  }

  /** A cut-short file still claims its full length, and SQLite then reads nothing: a copy that claims what is there. */
  private attachCopy(copy: string | null, failure: string): void {
    if (copy === null || attach(this.db, copy) !== null) {
      if (copy !== null) rmSync(copy, { force: true })
      this.report.failure = failure
      this.ended = true
      return
    }
    this.copy = copy
    this.attached = true
  }

  get done(): boolean {
    return this.ended
  }

  /** Rows copied so far. */
  get rows(): number {
    return this.report.rows
  }

  /** Copies until `timeUp()` says so or all is copied; true when all is copied. */
  step(timeUp: () => boolean): boolean {
    if (this.ended) return true
    const careful = this.carefulThrough
    if (careful !== null) {
      // At least one range a slice, however little time it is given.
      let through = careful
      do {
        // Nothing of it could be read: the next range most likely fails as well, so it goes the careful way too.
        if (this.nextRange(true) < 0) through = this.position()
      } while (!this.ended && !timeUp() && !after(this.position(), through))
      this.carefulThrough = this.ended || after(this.position(), through) ? null : through
      return this.ended
    }
    const sliceStart = this.position()
    const sliceReport = { ...this.report }
    // Another writer's open transaction (none is expected) is joined, not committed.
    const own = !this.db.isTransaction
    if (own) this.db.exec('BEGIN')
    do {
      if (this.nextRange(false) < 0) {
        // A range failed: SQLite may no longer commit this slice (it answers "malformed" again), so the
        // whole slice is rolled back and its ranges redone the careful way.
        const failedAt = this.position()
        if (own) {
          rollback(this.db)
          this.rewind(sliceStart, sliceReport)
        }
        this.carefulThrough = failedAt
        break
      }
    } while (!this.ended && !timeUp())
    if (own && this.db.isTransaction) {
      try {
        this.db.exec('COMMIT')
      } catch (error) {
        // A full disk, most likely: what this slice copied is gone, and so is the rest of the run.
        rollback(this.db)
        Object.assign(this.report, sliceReport, { failure: errorMessage(error) })
        this.abandon()
      }
    }
    return this.ended
  }

  /** Leaves the damaged file and says what was copied. */
  finish(): SalvageReport {
    this.abandon()
    return { ...this.report }
  }

  /** Stops where it is (the cache closes or is replaced); what was copied stays. */
  abandon(): void {
    this.ended = true
    this.table = null
    if (this.attached) {
      this.attached = false
      try {
        this.db.exec(`DETACH DATABASE ${SCHEMA}`)
      } catch {
        // The damaged file stays attached until the connection closes; it is only read.
      }
    }
    // Unlinking a file of hundreds of MB takes the kernel a good part of a second: not on this thread.
    if (this.copy !== null) void nodeFsPromises().rm(this.copy, { force: true }).catch(() => undefined)
    this.copy = null
  }

  private position(): Position {
    const table = this.table
    return { table: this.tableIndex, from: table?.from ?? Number.NEGATIVE_INFINITY, copied: table?.copied ?? 0, quietKeys: table?.quietKeys ?? 0 }
  }

  private rewind(to: Position, report: SalvageReport): void {
    Object.assign(this.report, report)
    if (to.table !== this.tableIndex || this.table === null) {
      this.tableIndex = to.table
      this.table = null
      if (to.from === Number.NEGATIVE_INFINITY || !this.openTable()) return
    }
    const table = this.table as unknown as TableCopy
    if (to.from === Number.NEGATIVE_INFINITY) {
      // The slice opened this table: start it over.
      this.table = null
      return
    }
    Object.assign(table, { from: to.from, copied: to.copied, quietKeys: to.quietKeys, stride: this.range })
  }

  /**
   * Copies the next range of keys; the rows copied, or -1 when none could be
   * read. Careful: in a transaction of its own, a range that fails split down
   * to what cannot be read, and the run moves past it either way. Otherwise
   * in the caller's transaction, and a range that fails is not moved past.
   */
  private nextRange(careful: boolean): number {
    if (this.table === null && !this.openTable()) return 0
    const table = this.table as TableCopy
    const from = table.from
    const size = careful ? table.stride : this.range
    let got: number
    if (careful) {
      got = copyRange(table.insert, from, from + size - 1, size, this.report)
      // Inside a stretch where nothing can be read (the end of a cut-short file), each range costs its
      // split's statements however many keys it spans: the ranges grow until something is read again.
      table.stride = got < 0 ? Math.min(size * 2, this.range * MAX_STRIDE) : this.range
    } else {
      got = attempt(table.insert, from, from + size - 1)
      if (got < 0) return got
    }
    table.from += size
    if (got > 0) {
      table.copied += got
      this.report.rows += got
      table.quietKeys = 0
    } else table.quietKeys += size
    if (table.max === null ? table.quietKeys >= GIVE_UP_AFTER * RANGE : table.from > table.max) {
      if (table.copied > 0) this.report.tables++
      this.table = null
      this.tableIndex++
    }
    return got
  }

  /** The next table with rows to copy, from tableIndex on; false (and the run ended) when none is left. */
  private openTable(): boolean {
    while (this.tableIndex < TABLES.length) {
      const table = openTableCopy(this.db, TABLES[this.tableIndex] as (typeof TABLES)[number], this.range)
      if (table !== null) {
        this.table = table
        return true
      }
      this.tableIndex++
    }
    this.ended = true
    return false
  }
}

function rollback(db: DatabaseSync): void {
  try {
    if (db.isTransaction) db.exec('ROLLBACK')
  } catch {
    // Rolled back already.
  }
}

/** Whether `a` comes after `b`. */
function after(a: Position, b: Position): boolean {
  return a.table > b.table || (a.table === b.table && a.from > b.from)
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

/** How a cut-short file's readable part is found: whole pages, and the header's page count set to them. */
interface ShortenedPlan {
  copy: string
  bytes: number
  pages: number
}

/** The plan for a copy of a truncated file cut to whole pages; null when it is not that. */
function shortenedPlan(path: string): ShortenedPlan | null {
  try {
    const size = statSync(path).size
    if (size < 100) return null
    const header = Buffer.alloc(100)
    const fd = openSync(path, 'r')
    try {
      readSync(fd, header, 0, 100, 0)
    } finally {
      closeSync(fd)
    }
    const raw = header.readUInt16BE(16)
    const pageSize = raw === 1 ? 65536 : raw
    const pages = Math.floor(size / pageSize)
    if (pageSize < 512 || pages === 0 || header.readUInt32BE(28) <= pages) return null
    return { copy: `${path}.readable-part`, bytes: pages * pageSize, pages }
  } catch {
    return null
  }
}

/** Cuts the copy to its whole pages and sets the header's page count; the copy's path, or null (and no copy left). */
function finishShortened(plan: ShortenedPlan): string | null {
  try {
    chmodSync(plan.copy, 0o600)
    truncateSync(plan.copy, plan.bytes)
    const count = Buffer.alloc(4)
    count.writeUInt32BE(plan.pages)
    const fd = openSync(plan.copy, 'r+')
    try {
      writeSync(fd, count, 0, 4, 28)
    } finally {
      closeSync(fd)
    }
    return plan.copy
  } catch {
    rmSync(plan.copy, { force: true })
    return null
  }
}

/** A copy of a truncated file that claims only what is there (copied by the kernel, never through memory); null when it is not that. */
function shortenedCopy(path: string): string | null {
  const plan = shortenedPlan(path)
  if (plan === null) return null
  try {
    copyFileSync(path, plan.copy)
  } catch {
    rmSync(plan.copy, { force: true })
    return null
  }
  return finishShortened(plan)
}

/** shortenedCopy, with the copy and the cut (tens of MB of blocks freed) off the main thread. */
async function shortenedCopyAside(path: string): Promise<string | null> {
  const plan = shortenedPlan(path)
  if (plan === null) return null
  try {
    await nodeFsPromises().copyFile(path, plan.copy)
    await nodeFsPromises().truncate(plan.copy, plan.bytes)
  } catch {
    await nodeFsPromises().rm(plan.copy, { force: true }).catch(() => undefined)
    return null
  }
  // The cut is made: what is left here (a mode, four bytes of header) takes microseconds.
  return finishShortened(plan)
}

/** Words for the damage message while a salvage runs in the background. */
export const SALVAGING = ' What can still be read from it is being copied into the new cache.'

/** Words for the damage message: what the new cache holds of the old one. */
export function salvageSummary(report: SalvageReport): string {
  if (report.rows === 0) return ' Nothing could be read back from it.'
  const lost = report.unreadableRanges > 0 ? '; the rows on its damaged pages could not be read' : ''
  return ` ${report.rows.toLocaleString('en-US')} records that could still be read were copied into the new cache${lost}.`
}

/** The statement and bounds to copy a table; null when it cannot be read or shares no column. */
function openTableCopy(db: DatabaseSync, { name: table, key }: { name: string; key: string }, range: number): TableCopy | null {
  let columns: string[]
  try {
    const theirs = new Set(columnsOf(db, SCHEMA, table))
    columns = columnsOf(db, 'main', table).filter((column) => theirs.has(column))
  } catch {
    return null
  }
  if (columns.length === 0) return null
  const list = columns.map((c) => `"${c}"`).join(', ')
  let insert: StatementSync
  try {
    insert = db.prepare(`INSERT OR IGNORE INTO main."${table}" (${list}) SELECT ${list} FROM ${SCHEMA}."${table}" WHERE ${key} BETWEEN ? AND ?`)
  } catch {
    return null
  }
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
  return { insert, max, from: min, quietKeys: 0, copied: 0, stride: range }
}

/**
 * Copies [from, to]; on failure splits it in SPLIT parts and goes deeper
 * only beside parts that could be read (a whole unreadable stretch, such
 * as a lost interior page, costs a few statements, not one per key).
 * Returns rows copied, or -1 when nothing there could be read.
 */
function copyRange(insert: StatementSync, from: number, to: number, size: number, report: SalvageReport): number {
  const tried = attempt(insert, from, to)
  if (tried >= 0 || size <= 1) {
    if (tried < 0) report.unreadableRanges++
    return tried
  }
  const step = Math.max(1, Math.ceil(size / SPLIT))
  const parts: Array<{ from: number; to: number; got: number }> = []
  for (let start = from; start <= to; start += step) {
    const end = Math.min(to, start + step - 1)
    parts.push({ from: start, to: end, got: attempt(insert, start, end) })
  }
  if (parts.every((part) => part.got < 0)) {
    report.unreadableRanges++
    return -1
  }
  let rows = 0
  for (const part of parts) {
    const got = part.got >= 0 ? part.got : copyRange(insert, part.from, part.to, step, report)
    if (got > 0) rows += got
  }
  return rows
}

/** Rows copied from [from, to], or -1 when the range could not be read. */
function attempt(insert: StatementSync, from: number, to: number): number {
  try {
    return Number(insert.run(from, to).changes)
  } catch {
    return -1
  }
}

function columnsOf(db: DatabaseSync, schema: string, table: string): string[] {
  return (db.prepare(`PRAGMA ${schema}.table_info("${table}")`).all() as { name: string }[]).map((row) => row.name)
}
