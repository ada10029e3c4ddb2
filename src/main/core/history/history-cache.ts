/**
 * The offline history cache file: one SQLite file in the app's data directory
 * holding everything the core decodes, for every indexer watched, each
 * indexer's rows keyed by its id (see indexerKey). A HistoryCache owns the
 * file (writes queued and batched, retention, damage and recovery, clearing,
 * the reads and checkpoints aside on the read worker); forIndexer() gives one
 * indexer's view of it (indexer-history.ts). Over 400 lines because it is one
 * thing: each of those follows the file when damage or a clear replaces it,
 * so they hang on the one owner that sees the replacement.
 */
import { statSync } from 'node:fs'
import { type ErrorInfo } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { DEFAULT_CACHE_LIMITS, type CacheDamage, type CacheInfo, type CacheLimits } from '@shared/history'
import { requireText } from '../indexer/arguments'
import { HistoryDatabase, MEMORY_PATH, type HistoryDatabaseOptions } from './database'
import { HistoryWriter, IndexerIds, NOTIFICATION_CAP, type RecordChange } from './history-writer'
import type { WriteOp } from './write-op'
import { COUNT_ROWS_SQL, countRows, enforceRetention, usedBytes, type RetentionOptions, type RetentionPolicy, type RetentionReport } from './retention'
import { damageKindOf, errorMessage, isFileDamage } from './sqlite-errors'
import { WriteQueue, type WriteQueueOptions } from './write-queue'
import { IndexerHistory, type CacheFile } from './indexer-history'
import { ReadWorker, ReadWorkerGone, runHere, type ReadStep } from './read-worker'
import { WriteWorker } from './write-worker'
import { maxPageCountPragma } from './connection-pragmas'
import { BackgroundSalvage } from './background-salvage'

/** The read worker's page cache: its reads scan, so a larger cache would mostly hold pages read once. */
const READ_WORKER_CACHE_KIB = 4 * 1024
/**
 * While a checkpoint aside runs, the timer's writes wait for it, at most this
 * long: a checkpoint that no write lands behind takes the whole log, and the
 * next write starts the log over instead of growing it until the writer's
 * own checkpoint runs on this thread, inside a COMMIT.
 */
const HOLD_FOR_CHECKPOINT_MS = 500
/**
 * Writes hold for a checkpoint only while fewer records than this wait: in a
 * flood, holding would leave the flood waiting in memory, and the writer's
 * own checkpoint is the lesser cost there.
 */
const HOLD_ONLY_BELOW_RECORDS = 5_000

export interface HistoryCacheOptions extends Omit<HistoryDatabaseOptions, 'migrations'> {
  limits?: Partial<CacheLimits>
  retention?: RetentionPolicy
  /** Notification-centre entries kept per indexer (default NOTIFICATION_CAP). */
  notificationCap?: number
  write?: Omit<WriteQueueOptions, 'clock' | 'onCommitted' | 'onDamage' | 'onProblem' | 'writeWorker'>
  /**
   * The queue's writes run on a worker thread with a connection of its own
   * (write-worker.ts), for a cache in a file. Default false: it takes the
   * main thread's loop delay while ingesting 1,000 events/s from 11–13 ms to
   * 5 ms at p99, but the process's RSS from about 220 to 400–480 MB in a
   * flood and from 142 to 154–181 MB once quiet (docs/benchmarks.md,
   * 2026-11-28 late night), and memory is the budget the user sets.
   */
  writeWorker?: boolean
  /** Caps are checked after this many records were written. Default 5000. */
  retentionCheckEvery?: number
  /**
   * The read worker checkpoints the log each time this many records were
   * written since it last did, however soon after: small checkpoints, each
   * with little for the disk to flush, kept a flood's COMMITs short; once a
   * second, with twice the log each, some took 100 ms (docs/benchmarks.md).
   * Default 1000; the few records a quiet minute writes leave it to the
   * writer's own cheap checkpoint and start no thread. Counted in records,
   * not the log's bytes: its file keeps its largest size once grown (SQLite
   * writes it again from the start), and reading its frame count from the
   * log's index (`-shm`) through a handle of our own drops this process's
   * locks on that file when the handle is closed (POSIX advisory locks go
   * with any close): tried, the core died of SIGBUS within seconds of a flood.
   */
  checkpointAsideEvery?: number
  /**
   * The same while a damaged file's rows are salvaged. Default 5000. The salvage copies as fast as its slices allow,
   * and its writes hold for each checkpoint (holdWrites): every 1,000 rows it was held about as long as it copied, and
   * took 30 s for a 1,000,000-row cache cut in half; every 5,000, 21 s, with its loop delay no worse (docs/benchmarks.md).
   */
  checkpointAsideEveryInSalvage?: number
  /**
   * With salvageInBackground: how long after open the salvage of a damaged
   * file begins, so that the start's own work (the first screen, the first
   * requests, the socket) has both cores. Default 0. A file replaced later
   * is salvaged at once.
   */
  salvageAfterMs?: number
}

type Listener<T> = (value: T) => void

export class HistoryCache implements CacheFile {
  readonly database: HistoryDatabase
  private readonly ids: IndexerIds
  private readonly writer: HistoryWriter
  private readonly queue: WriteQueue
  private readonly clock: () => number
  private readonly damageListeners = new Set<Listener<CacheDamage | null>>()
  private readonly problemListeners = new Set<Listener<ErrorInfo>>()
  private readonly changeListeners = new Set<Listener<readonly RecordChange[]>>()
  private readonly views = new Map<string, IndexerHistory>()
  private limits: CacheLimits
  private policy: RetentionPolicy
  private readonly retentionCheckEvery: number
  private writtenSinceCheck = 0
  private readonly checkpointAsideEvery: number
  private readonly checkpointAsideEveryInSalvage: number
  private writtenSinceCheckpoint = 0
  private rowEstimate: number | null = null
  private retention: Promise<RetentionReport> | null = null
  private reader: ReadWorker | null = null
  private aside: WriteWorker | null = null
  private readonly writeAside: boolean
  private readonly notificationCap: number | undefined
  private readonly salvage: BackgroundSalvage
  private counting = false
  private checkpointing = false
  private lastCheckpointAt = -Infinity
  /** Times the file was replaced (damage, clear): a count begun on the old file is not the new one's. */
  private replacements = 0
  private closed = false

  private constructor(options: HistoryCacheOptions) {
    this.clock = options.clock ?? Date.now
    this.database = HistoryDatabase.open(options)
    this.ids = new IndexerIds(this.database, this.clock)
    this.writer = new HistoryWriter(this.database, this.ids, options.notificationCap)
    this.writer.onRecordChanged = (changes) => this.tellChanges(changes)
    this.notificationCap = options.notificationCap
    this.writeAside = options.writeWorker ?? false
    this.limits = { ...DEFAULT_CACHE_LIMITS, ...options.limits }
    this.policy = options.retention ?? { keepAddresses: [] }
    this.retentionCheckEvery = options.retentionCheckEvery ?? 5000
    this.checkpointAsideEvery = options.checkpointAsideEvery ?? 1000
    this.checkpointAsideEveryInSalvage = options.checkpointAsideEveryInSalvage ?? 5000
    this.queue = new WriteQueue(this.database, this.writer, {
      ...options.write,
      clock: this.clock,
      holdWrites: () => this.writesWaitForCheckpoint(),
      writeWorker: () => this.writeWorker(),
      onCommitted: (records) => this.afterCommit(records),
      onDamage: (damage) => this.emitDamage(damage),
      onProblem: (problem) => this.emitProblem(problem),
    })
    this.salvage = new BackgroundSalvage({
      database: this.database,
      closed: () => this.closed,
      holdWrites: () => this.writesWaitForCheckpoint(),
      writerBusy: () => (this.aside?.busy === true ? this.writerIdle() : null),
      wrote: (rows) => this.afterCommit(rows),
      finished: () => this.emitDamage(this.database.damage),
    })
    this.database.onReplaced(() => {
      this.rowEstimate = null
      this.replacements++
      // A worker reading the old file would answer from it: the next read starts one on the new file.
      void this.reader?.close()
      this.reader = null
      // Batches after this go to the new file; a cache now in memory is written on this thread (writeWorker()).
      this.aside?.reopen(this.database.path)
      // The run in hand copied into the old connection; the new file may have a salvage of its own.
      this.salvage.begin()
    })
    this.salvage.begin(options.salvageAfterMs ?? 0)
  }

  /** Opens the cache at `options.path` (or in memory); a damaged file is reported in info().damage, never thrown. */
  static open(options: HistoryCacheOptions): HistoryCache {
    return new HistoryCache(options)
  }

  /** One indexer's records. `key`: indexerKey(baseUrl) for an indexer, or another stable name. */
  forIndexer(key: string): IndexerHistory {
    const checked = requireText(key, 'An indexer key', 2048)
    let view = this.views.get(checked)
    if (view === undefined) {
      view = new IndexerHistory(this, checked)
      this.views.set(checked, view)
    }
    return view
  }

  info(): CacheInfo {
    this.queue.flushNow()
    return this.guard(() => this.describe(countRows(this.database)))
  }

  /** info(), its row count (a scan of every table: a good part of a second on a large cache) made on the read worker. */
  async infoAside(): Promise<CacheInfo> {
    const [row] = await this.readAside([{ sql: COUNT_ROWS_SQL, params: [], mode: 'get' }])
    return this.guard(() => this.describe(Number((row as { n: number | bigint }).n)))
  }

  private describe(rows: number): CacheInfo {
    return {
      path: this.database.path,
      bytes: this.database.path === MEMORY_PATH ? usedBytes(this.database) : fileBytes(this.database.path),
      rows,
      maxBytes: this.limits.maxBytes,
      maxRows: this.limits.maxRows,
      damage: this.database.damage,
      pendingWrites: this.queue.size,
      fullTextSearch: this.database.fullTextSearch,
    }
  }

  /** The writes are behind: whoever can wait before it records more (write-queue.ts, `behind`) waits a turn. */
  get writesBehind(): boolean {
    return this.queue.behind
  }

  /** What was found wrong with the file at open or since (null: nothing); cheap, unlike info(), which counts every row. */
  get damage(): CacheDamage | null {
    return this.database.damage
  }

  /** Told when the cache's state changes: damage found, disk full, recovered (null). */
  onDamage(listener: Listener<CacheDamage | null>): () => void {
    this.damageListeners.add(listener)
    return () => this.damageListeners.delete(listener)
  }

  /** Told, after each write commits, of stored proofs whose revoked state, authority or circuit changed under their id. */
  onRecordChanged(listener: Listener<readonly RecordChange[]>): () => void {
    this.changeListeners.add(listener)
    return () => this.changeListeners.delete(listener)
  }

  /** Told about writes given up and rows that could not be read back. */
  onProblem(listener: Listener<ErrorInfo>): () => void {
    this.problemListeners.add(listener)
    return () => this.problemListeners.delete(listener)
  }

  setLimits(limits: Partial<CacheLimits>): void {
    for (const [name, value] of Object.entries(limits)) {
      if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `The cache limit ${name} must be a positive number; got ${String(value)}` })
      }
    }
    this.limits = { ...this.limits, ...limits }
    this.scheduleRetention()
  }

  setRetentionPolicy(policy: RetentionPolicy): void {
    this.policy = { keepAddresses: [...policy.keepAddresses] }
  }

  /** Evicts oldest-first down to the caps now; `evictKept` also lets kept rows go (the user asked). */
  async enforceRetention(options: Omit<RetentionOptions, 'pause' | 'shouldStop' | 'beforeWrite'> = {}): Promise<RetentionReport> {
    if (this.retention !== null) await this.retention.catch(() => undefined)
    return this.retainNow(this.limits, options, 'trimmed', (report) => {
      this.rowEstimate = report.rowsAfter
      return report
    })
  }

  /** Resolves once a damaged file's readable rows are copied into the new cache (salvageInBackground), at once when none are being. */
  whenSalvaged(): Promise<void> {
    return this.salvage.whenDone()
  }

  /** Writes everything queued (tries again now even after a full disk); on the write worker, this thread goes on meanwhile. */
  async flush(): Promise<void> {
    await this.queue.flush()
  }

  /** @internal Resolves once the writes queued before the call are written, the loop running meanwhile; a write waiting for its retry is not tried again. */
  writesBefore(): Promise<void> {
    return this.queue.flush(false)
  }

  /**
   * The user's "clear cache", for every indexer. `everything`: the file
   * starts empty. Otherwise proofs and transactions of kept addresses, the
   * user's own proofs and the notifications stay; the rest goes.
   */
  async clear(options: { everything: boolean }): Promise<void> {
    if (this.retention !== null) await this.retention.catch(() => undefined)
    if (options.everything) {
      this.queue.discard()
      this.database.reset()
      this.rowEstimate = 0
      this.emitDamage(this.database.damage)
      return
    }
    await this.retainNow({ maxRows: 0, maxBytes: 0 }, { headroom: 0 }, 'cleared', () => {
      // What the worker has under way is written first: these writes would otherwise wait for its lock here.
      this.aside?.settle()
      this.guard(() => {
        this.database.db.exec('DELETE FROM series_points; DELETE FROM series; DELETE FROM leaderboard_entries; DELETE FROM leaderboards;')
        this.database.db.exec('PRAGMA incremental_vacuum')
      })
      this.rowEstimate = null
    })
  }

  /**
   * One retention pass the caller waits for, after the queued writes, as the
   * cache's running pass (the next pass, a clear and close wait for it);
   * `then` runs when it is done. A failure is reported and thrown as what
   * could not be `failed`.
   */
  private async retainNow<T>(
    limits: CacheLimits,
    options: Omit<RetentionOptions, 'pause' | 'shouldStop' | 'beforeWrite'>,
    failed: 'trimmed' | 'cleared',
    then: (report: RetentionReport) => T,
  ): Promise<T> {
    this.queue.flushNow()
    const run = enforceRetention(this.database, limits, this.policy, { ...options, shouldStop: () => this.closed, beforeWrite: () => this.writerIdle() })
    this.retention = run
    try {
      return then(await run)
    } catch (error) {
      this.handleBackgroundError(error)
      throw toCacheError(error, failed)
    } finally {
      if (this.retention === run) this.retention = null
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.salvage.stop()
    this.queue.flushNow(true)
    this.queue.dispose()
    await this.retention?.catch(() => undefined)
    await this.reader?.close()
    await this.aside?.close()
    this.database.close()
  }

  // --- for IndexerHistory ------------------------------------------------------

  /** @internal */
  enqueue(op: WriteOp): void {
    if (this.closed) return
    this.queue.push(op)
  }

  /** @internal The indexer's id, or null when it has no rows. */
  findIndexer(key: string): number | null {
    return this.ids.find(key)
  }

  /**
   * @internal Runs a read after the queued writes (`after`: only those of
   * these kinds, when it depends on nothing else); a damaged file is rebuilt
   * and the read answered from the new one.
   */
  read<T>(run: () => T, after?: readonly WriteOp['type'][]): T {
    if (this.closed) throw new ProofWatchError({ code: 'INTERNAL', message: 'The history cache is closed' })
    if (after === undefined || this.queue.holds(after)) this.queue.flushNow()
    return this.guard(run)
  }

  /**
   * @internal Reads that scan many rows, after the queued writes (`after`:
   * only those of these kinds; none, for a read that depends on none): on the
   * read worker's connection, so that the main thread goes on meanwhile; on
   * the main connection where there is no worker (a cache in memory) or it
   * failed. Damage the worker meets is met again here, where the file is
   * rebuilt.
   */
  async readAside(steps: readonly ReadStep[], after?: readonly WriteOp['type'][]): Promise<unknown[]> {
    if (this.closed) throw new ProofWatchError({ code: 'INTERNAL', message: 'The history cache is closed' })
    // The loop runs while they are written (in slices, or on the write worker): a backfill leaves thousands.
    if (after === undefined || this.queue.holds(after)) await this.writesBefore()
    const reader = this.readWorker()
    if (reader !== null) {
      try {
        return await reader.run(steps)
      } catch (error) {
        if (!(error instanceof ReadWorkerGone) && !isFileDamage(damageKindOf(error))) throw toCacheError(error, 'read')
      }
    }
    return this.read(() => runHere(this.database, steps))
  }

  /**
   * @internal How the tests make a full disk: no connection that writes the
   * file lets it grow past `pages` (null: the limit is lifted).
   */
  limitFilePages(pages: number | null): void {
    this.database.db.exec(maxPageCountPragma(pages))
    this.writeWorker()?.limitPages(pages)
  }

  /** @internal The write worker is up and takes the queue's writes (false: there is none, or it failed). */
  writesAside(): Promise<boolean> {
    return this.writeWorker()?.whenReady() ?? Promise.resolve(false)
  }

  /** @internal */
  now(): number {
    return this.clock()
  }

  /** @internal */
  emitProblem(problem: ErrorInfo): void {
    for (const listener of this.problemListeners) listener(problem)
  }

  /** Told outside the write queue's flush: a listener may well write (a notification entry). */
  private tellChanges(changes: readonly RecordChange[]): void {
    queueMicrotask(() => {
      for (const listener of this.changeListeners) listener(changes)
    })
  }

  /** Resolves when a write on this thread's connection would not wait for the write worker's lock. */
  private writerIdle(): Promise<void> {
    return this.aside?.whenIdle() ?? Promise.resolve()
  }

  /** Started on the first write; none for a cache in memory or shown read-only, or once closed. */
  private writeWorker(): WriteWorker | null {
    if (!this.writeAside || this.closed || this.database.path === MEMORY_PATH || this.database.readOnly) return null
    this.aside ??= new WriteWorker({
      path: this.database.path,
      busyTimeoutMs: this.database.options.busyTimeoutMs,
      cacheKiB: this.database.options.cacheKiB,
      notificationCap: this.notificationCap ?? NOTIFICATION_CAP,
      onRecordChanged: (changes) => this.tellChanges(changes),
    })
    return this.aside
  }

  private readWorker(): ReadWorker | null {
    if (this.closed || this.database.path === MEMORY_PATH) return null
    // One that failed stays failed until the file is replaced: a worker that cannot start is not started again at every read.
    this.reader ??= new ReadWorker({ path: this.database.path, busyTimeoutMs: this.database.options.busyTimeoutMs, cacheKiB: READ_WORKER_CACHE_KIB })
    return this.reader.usable ? this.reader : null
  }

  private guard<T>(run: () => T): T {
    try {
      return run()
    } catch (error) {
      if (isFileDamage(damageKindOf(error)) && this.database.recover(error)) {
        this.emitDamage(this.database.damage)
        return run()
      }
      throw toCacheError(error, 'read')
    }
  }

  private emitDamage(damage: CacheDamage | null): void {
    for (const listener of this.damageListeners) listener(damage)
  }

  private afterCommit(records: number): void {
    this.writtenSinceCheckpoint += records
    this.checkpointAside()
    if (this.rowEstimate !== null) this.rowEstimate += records
    this.writtenSinceCheck += records
    if (this.writtenSinceCheck < this.retentionCheckEvery) return
    this.writtenSinceCheck = 0
    this.scheduleRetention()
  }

  /** Cheap check (a row estimate, page counts); the first count and the eviction itself run in the background. */
  private scheduleRetention(): void {
    if (this.retention !== null || this.closed) return
    if (this.rowEstimate === null) {
      this.countRowsAside()
      return
    }
    try {
      if (this.rowEstimate <= this.limits.maxRows && usedBytes(this.database) <= this.limits.maxBytes) return
    } catch (error) {
      this.handleBackgroundError(error)
      return
    }
    const run = enforceRetention(this.database, this.limits, this.policy, { shouldStop: () => this.closed, beforeWrite: () => this.writerIdle() })
    this.retention = run
    run
      .then((report) => {
        this.rowEstimate = report.rowsAfter
      })
      .catch((error: unknown) => this.handleBackgroundError(error))
      .finally(() => {
        if (this.retention === run) this.retention = null
      })
  }

  /**
   * Moves the log's pages into the file on the read worker, so that the
   * writing connection's own checkpoint (past 40,000 pages, connection-pragmas.ts)
   * finds them done and costs the main thread next to nothing: after every
   * checkpointAsideEvery records, one at a time, the timer's writes held
   * meanwhile (holdWrites) so that it takes the whole log. Where there is no
   * worker, or its checkpoint fails (busy, disk full), that checkpoint still
   * does the work, as it always did: nothing else depends on this one.
   */
  private checkpointAside(): void {
    const every = this.salvage.running ? this.checkpointAsideEveryInSalvage : this.checkpointAsideEvery
    if (this.checkpointing || this.closed || this.database.readOnly || this.writtenSinceCheckpoint < every) return
    const reader = this.readWorker()
    if (reader === null) return
    this.checkpointing = true
    this.lastCheckpointAt = performance.now()
    this.writtenSinceCheckpoint = 0
    reader
      .checkpoint()
      .catch(() => undefined)
      .finally(() => {
        this.checkpointing = false
      })
  }

  /** A checkpoint aside began less than HOLD_FOR_CHECKPOINT_MS ago and is still running, and few records wait. */
  private writesWaitForCheckpoint(): boolean {
    return this.checkpointing && performance.now() - this.lastCheckpointAt < HOLD_FOR_CHECKPOINT_MS && this.queue.size < HOLD_ONLY_BELOW_RECORDS
  }

  /** Counting a million rows takes a few hundred milliseconds: done by the read worker, then the check goes on. */
  private countRowsAside(): void {
    if (this.counting) return
    this.counting = true
    const replaced = this.replacements
    // An estimate: the writes still queued need not be waited for (they are counted as they commit).
    this.readAside([{ sql: COUNT_ROWS_SQL, params: [], mode: 'get' }], [])
      .then(([row]) => {
        this.counting = false
        // Rows written since the count began are in the estimate by the next check's time: it only has to be close.
        if (this.replacements !== replaced || this.closed) return
        this.rowEstimate = Number((row as { n: number }).n)
        this.scheduleRetention()
      })
      .catch((error: unknown) => {
        this.counting = false
        this.handleBackgroundError(error)
      })
  }

  private handleBackgroundError(error: unknown): void {
    if (this.closed) return
    if (isFileDamage(damageKindOf(error)) && this.database.recover(error)) {
      this.emitDamage(this.database.damage)
      return
    }
    this.emitProblem(toCacheError(error, 'trimmed').toInfo())
  }
}

function fileBytes(path: string): number {
  let bytes = 0
  for (const file of [path, `${path}-wal`]) {
    try {
      bytes += statSync(file).size
    } catch {
      // No log file right now.
    }
  }
  return bytes
}

function toCacheError(error: unknown, doing: 'read' | 'trimmed' | 'cleared'): ProofWatchError {
  if (error instanceof ProofWatchError) return error
  return new ProofWatchError({ code: 'INTERNAL', message: `The history cache could not be ${doing}: ${errorMessage(error)}` }, { cause: error })
}
