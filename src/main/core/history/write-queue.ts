/**
 * Writes leave the caller's path at once: record calls queue operations, and
 * a timer writes them in short slices of transactions of a few hundred
 * records (a read that cannot wait writes all at once; a backlog has whoever
 * queues more wait for a batch). A full disk or a lock keeps them queued
 * (bounded) and retries later; a damaged file is rebuilt and the batch
 * written to the new one; a record that cannot be written at all is dropped
 * alone and reported.
 */
import type { ErrorInfo } from '@shared/domain'
import type { CacheDamage } from '@shared/history'
import type { HistoryDatabase } from './database'
import type { HistoryWriter } from './history-writer'
import { PART_RECORDS, recordCount, splitOp, type WriteOp } from './write-op'
import { damageKindOf, errorMessage, isFileDamage } from './sqlite-errors'
import { WriteWorkerGone, type WriteWorker } from './write-worker'

export interface WriteQueueOptions {
  /** How long a lone record waits for company before it is written. Default 50. */
  flushDelayMs?: number
  /** Records per transaction. Default 5000. */
  batchRecords?: number
  /**
   * What the timer (and an awaited flush) writes at a time: transactions of
   * at most `records`, for about `ms`, before the event loop runs again (the
   * socket, the window's requests); the rest follows on the next turn. A
   * transaction is cut short once the time is up (HistoryWriter.applyUntil),
   * as a record's cost varies tenfold with what it is and what else runs; an
   * operation of many records is queued in parts of a few (PART_RECORDS) so
   * that it can be cut too. Synchronous reads still write all that is queued
   * first. Default 500 records, 6 ms.
   */
  slice?: { records: number; ms: number }
  /**
   * Records of the one batch written at once for a run that waits for the cache (keepUp): what a flood's socket
   * chunk waits for. Default 1000, the raw upsert's transaction (docs/benchmarks.md, section 1): at 500, the flood
   * went 15-20 % slower for twice the COMMITs, and its loop waits longer per batch, not more often.
   */
  floodBatchRecords?: number
  /** Records held while writes fail; the oldest beyond are dropped (and counted). Default 200_000. */
  maxPendingRecords?: number
  /** Wait before writing again after a full disk or a lock. Default 5000. */
  retryDelayMs?: number
  clock?: () => number
  /**
   * While this says so, the timer's writes wait: the log's checkpoint on
   * another thread is finishing, and a write now would keep it from starting
   * the log over. Reads still write what is queued first. Default: never.
   */
  holdWrites?: () => boolean
  /**
   * The write worker, when there is one to use (not for a cache in memory):
   * the timer's batches are begun there and the event loop goes on; reads
   * wait for it. Null, or one that failed: every batch is written here.
   */
  writeWorker?: () => WriteWorker | null
  /** Records per batch sent to the write worker: each is copied across the thread boundary on this thread. Default 1000. */
  workerBatchRecords?: number
  /** After each committed batch, with its record count. */
  onCommitted?: (records: number) => void
  /** The cache's state changed (disk full, locked, rebuilt, recovered). */
  onDamage?: (damage: CacheDamage | null) => void
  /** A write that was given up (a record that cannot be written, or dropped while the disk was full). */
  onProblem?: (problem: ErrorInfo) => void
}

/** What writing a batch came to: the first `written` entries committed, then `kept` (its tail) kept for a retry. */
interface Written {
  written: number
  kept: Pending[]
}

interface Pending {
  op: WriteOp
  records: number
  /** Its place in the order of pushes. */
  seq: number
}

/**
 * Batches' worth of records (of the worker's size) that may wait before
 * whoever queues more waits for a batch to be written (keepUp): the socket is
 * then read only as fast as the cache is written, instead of a flood piling
 * up in memory.
 */
const WORKER_BACKLOG_BATCHES = 2

/** Past this many times the backlog allowed, every record queued waits for a batch (keepUp), however many come at once. */
const HARD_BACKLOG_FACTOR = 10

/** How soon writes held for a checkpoint look again. */
const HELD_RETRY_MS = 5

export class WriteQueue {
  /**
   * What waits is `pending[head..]`: a slice that runs out of time moves the
   * head instead of copying the rest, so a large backlog (after a full disk)
   * costs each turn only what it writes.
   */
  private pending: Pending[] = []
  private head = 0
  /** Entries from the head being written now: a drop for the bound leaves them alone. */
  private inFlight = 0
  private pendingRecords = 0
  private timer: ReturnType<typeof setTimeout> | null = null
  private retryAt = 0
  private droppedRecords = 0
  /** Entries waiting or being written, by kind of operation. */
  private readonly waitingByType = new Map<WriteOp['type'], number>()
  /** Entries pushed so far (the last one's seq). */
  private pushed = 0
  /** Times a batch failed and was kept for a retry. */
  private keptForRetry = 0
  /**
   * The run of synchronous code that queues now (a socket's chunk of frames, a backfill handed on), cleared by a
   * microtask: the records waiting when it queued its first, and whether a batch was written in it for the backlog.
   */
  private thisRun: { backlogAtStart: number; keptUp: boolean } | null = null
  /** The slice due on this turn of the loop for the flushes awaited (sliceThisTurn), and whether one of them forces it. */
  private sliceDue: Promise<boolean> | null = null
  private sliceForced = false
  /** The loss of waiting records was told in this episode (until the writes it held back are written). */
  private dropReported = false
  /**
   * The last entry held back by the last failure that a full disk, a lock or an unavailable file caused: the episode
   * ends once a commit reaches it (or passes it, when it was let go at the bound), not when a small time-cut head of
   * what it held back happens to fit. Entries are written in the order they were pushed.
   */
  private episodeEndsAtSeq = 0
  private disposed = false
  private readonly flushDelayMs: number
  private readonly batchRecords: number
  private readonly maxPendingRecords: number
  private readonly retryDelayMs: number
  private readonly slice: { records: number; ms: number }
  /** One batch written at once, with no time to stop at (keepUp). */
  private readonly oneBatch: { records: number; ms: number }
  /** Records that may wait before whoever queues more waits for a batch (keepUp), and past which every one does. */
  private readonly backlogAllowed: number
  private readonly backlogBound: number
  private readonly workerBatchRecords: number
  /** The size of the parts an operation of many records is queued in. */
  private readonly partRecords: number
  private readonly clock: () => number

  constructor(
    private readonly database: HistoryDatabase,
    private readonly writer: HistoryWriter,
    private readonly options: WriteQueueOptions = {},
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 50
    this.batchRecords = options.batchRecords ?? 5000
    this.maxPendingRecords = options.maxPendingRecords ?? 200_000
    this.retryDelayMs = options.retryDelayMs ?? 5000
    this.slice = options.slice ?? { records: 500, ms: 6 }
    this.workerBatchRecords = options.workerBatchRecords ?? 1000
    this.oneBatch = { records: options.floodBatchRecords ?? 1000, ms: 0 }
    this.partRecords = Math.min(PART_RECORDS, this.slice.records)
    this.backlogAllowed = this.workerBatchRecords * WORKER_BACKLOG_BATCHES
    this.backlogBound = this.backlogAllowed * HARD_BACKLOG_FACTOR
    this.clock = options.clock ?? Date.now
  }

  /** Records waiting to be written. */
  get size(): number {
    return this.pendingRecords
  }

  /**
   * More waits than the backlog allowed while writes go on: a producer that
   * can wait (a backfill's items handed on in parts) waits a turn before it
   * queues more. Not while writes fail and wait for a retry: what waits then
   * is bounded (the oldest dropped), and the producer's items must still
   * reach the window.
   */
  get behind(): boolean {
    return this.pendingRecords > this.backlogAllowed && this.clock() >= this.retryAt
  }

  /** An entry of one of these kinds waits or is being written. */
  holds(types: readonly WriteOp['type'][]): boolean {
    return types.some((type) => (this.waitingByType.get(type) ?? 0) > 0)
  }

  /** Records dropped because writes failed for too long. */
  get dropped(): number {
    return this.droppedRecords
  }

  push(op: WriteOp): void {
    // A cache shown read-only takes nothing new; the user was told so once, when it was opened.
    if (this.disposed || this.database.readOnly) return
    if (this.thisRun === null) {
      this.thisRun = { backlogAtStart: this.pendingRecords, keptUp: false }
      queueMicrotask(() => (this.thisRun = null))
    }
    const records = recordCount(op)
    if (records <= this.partRecords) this.enqueue(op, records)
    // In parts of a few records: a transaction is cut between parts when its time is up (and a batch takes whole parts).
    else for (const part of splitOp(op, this.partRecords)) this.enqueue(part, recordCount(part))
    if (this.pendingRecords > this.maxPendingRecords) this.dropOldest()
    if (this.pendingRecords > this.backlogAllowed) this.keepUp()
    this.schedule(this.pendingRecords >= this.batchRecords ? 0 : this.flushDelayMs)
  }

  private enqueue(op: WriteOp, records: number): void {
    this.pending.push({ op, records, seq: ++this.pushed })
    this.countWaiting(op, 1)
    this.pendingRecords += records
  }

  /**
   * Writes everything pending now, in batches. Returns false when writes had
   * to stop (full disk, lock): what is left stays queued for a retry. While
   * waiting for that retry only `force` tries again (reads do not pay for a
   * write that is bound to fail).
   */
  flushNow(force = false, slice?: { records: number; ms: number }): boolean {
    if (this.disposed) return this.waitingEntries() === 0
    // A batch begun on the write worker is answered first: it holds the oldest of what waits.
    this.options.writeWorker?.()?.settle()
    if (!force && this.waitingEntries() > 0 && this.clock() < this.retryAt) return false
    this.clearTimer()
    const queue = this.pending
    const batchRecords = slice?.records ?? this.batchRecords
    const deadline = slice === undefined ? Infinity : performance.now() + slice.ms
    // A batch for the backlog (keepUp) is written whole: it is what holds a flood to the cache's pace.
    const until = slice === undefined || slice === this.oneBatch ? Infinity : deadline
    let wrote = false
    while (this.head < queue.length) {
      if (wrote && performance.now() >= deadline) {
        // Time is up for this turn: the rest goes first at the next one.
        this.compact()
        this.schedule(0)
        return true
      }
      const batch = this.nextBatch(batchRecords)
      this.inFlight = batch.length
      let outcome: Written
      try {
        outcome = this.writeBatch(batch, false, until)
      } finally {
        this.inFlight = 0
      }
      wrote = true
      // Cleared while writing (the cache was emptied): nothing of this queue is owed any more.
      if (this.pending !== queue) return true
      const done = outcome.written + outcome.kept.length
      if (!this.advance(done === batch.length ? batch : batch.slice(0, done), outcome.kept)) return false
      if (done < batch.length) {
        // The transaction was cut when the time was up: the rest goes first at the next turn.
        this.compact()
        this.schedule(0)
        return true
      }
    }
    this.pending = []
    this.head = 0
    return true
  }

  /**
   * Writes everything pending now, even while waiting to retry, and resolves
   * once the last entry pushed before the call is written (or given up, or
   * kept for a retry). The event loop runs meanwhile: on the write worker
   * batches are begun one after the other; without one they are written here
   * in the timer's slices, the loop running between them. `force` false:
   * while a failed write waits for its retry, the rest stays queued (a read
   * does not pay for a write that is bound to fail).
   */
  async flush(force = true): Promise<void> {
    const last = this.pushed
    for (;;) {
      if (this.disposed) return
      const worker = this.usableWorker()
      if (worker === null) {
        // A slice that had to stop (full disk, lock) leaves the rest kept for a retry: resolved, as an unsliced flush was.
        if (!this.waitsFor(last) || !(await this.sliceThisTurn(force)) || !this.waitsFor(last)) return
        continue
      }
      if (!this.waitsFor(last)) {
        // What was pushed before is written; a batch of it may still be under way.
        await worker.whenIdle()
        return
      }
      if (!worker.busy) {
        const kept = this.keptForRetry
        this.beginOnWorker(worker)
        await worker.whenIdle()
        if (this.keptForRetry !== kept) return
        continue
      }
      await worker.whenIdle()
    }
  }

  /**
   * The slice written on this turn of the loop for whoever awaits a flush,
   * and what flushNow said of it: one slice a turn however many wait (reads
   * behind writes, the unread counts, the details' fetcher), the timer's
   * turn left out while one is due, so that the loop waits for one slice
   * between two turns, not one a waiting reader. Forced if any of them asks.
   */
  private sliceThisTurn(force: boolean): Promise<boolean> {
    this.sliceForced ||= force
    this.sliceDue ??= new Promise<boolean>((resolve) =>
      setImmediate(() => {
        const forced = this.sliceForced
        this.sliceDue = null
        this.sliceForced = false
        resolve(this.disposed || this.flushNow(forced, this.slice))
        // The timer's turns were left to this slice: what is left is the timer's again unless a waiter asks for more.
        if (this.waitingEntries() > 0) this.schedule(0)
      }),
    )
    return this.sliceDue
  }

  /** An entry pushed up to `seq` still waits. */
  private waitsFor(seq: number): boolean {
    const first = this.pending[this.head]
    return first !== undefined && first.seq <= seq
  }

  /** Forgets everything pending (the cache was cleared). */
  discard(): void {
    // A batch under way on the write worker finishes first: the file it writes may be about to go.
    this.options.writeWorker?.()?.settle()
    this.pending = []
    this.head = 0
    this.pendingRecords = 0
    this.waitingByType.clear()
    this.clearTimer()
  }

  dispose(): void {
    this.disposed = true
    this.clearTimer()
  }

  /**
   * Writes the batch, or its head once `until` (a `performance.now()` time)
   * is past; says how much was written, and what is kept for a retry.
   */
  private writeBatch(batch: readonly Pending[], afterRecovery = false, until = Infinity): Written {
    try {
      const written = this.applyHere(batch.map((item) => item.op), until)
      this.committed(written === batch.length ? batch : batch.slice(0, written))
      return { written, kept: [] }
    } catch (error) {
      const kept = this.failed(batch, error, afterRecovery)
      return { written: batch.length - kept.length, kept }
    }
  }

  /**
   * Applies on the write worker, waiting for it (all of them), or on the main
   * connection where there is none (or it just failed); returns how many.
   */
  private applyHere(ops: readonly WriteOp[], until: number): number {
    const worker = this.usableWorker()
    if (worker !== null) {
      try {
        worker.applyBatch(ops)
        return ops.length
      } catch (error) {
        if (!(error instanceof WriteWorkerGone)) throw error
      }
    }
    return this.writer.applyUntil(ops, until)
  }

  /** What a batch that failed with `error` leaves to write: recovered and retried, kept for later, or the bad record dropped. */
  private failed(batch: readonly Pending[], error: unknown, afterRecovery: boolean): Pending[] {
    const kind = damageKindOf(error)
    if (isFileDamage(kind) && !afterRecovery && this.database.recover(error)) {
      this.options.onDamage?.(this.database.damage)
      return this.writeBatch(batch, true).kept
    }
    if (kind === 'disk-full' || kind === 'locked' || kind === 'unavailable') {
      this.retryAt = this.clock() + this.retryDelayMs
      this.keptForRetry++
      this.episodeEndsAtSeq = (batch.at(-1) as Pending).seq
      // Said once per episode: the retries that fail after it change nothing the user needs to hear again.
      if (this.database.damage?.kind !== kind || this.database.damage.movedTo !== null) {
        const damage = this.database.noteDamage(kind, waitingMessage(kind, errorMessage(error)))
        this.options.onDamage?.(damage)
      }
      return [...batch]
    }
    // Not the file's fault: find the record that cannot be written and drop it alone.
    if (batch.length > 1) {
      for (let index = 0; index < batch.length; index++) {
        const left = this.writeBatch([batch[index] as Pending], afterRecovery).kept
        if (left.length > 0) return [...left, ...batch.slice(index + 1)]
      }
      return []
    }
    this.options.onProblem?.({ code: 'INTERNAL', message: `A record could not be stored in the history cache: ${errorMessage(error)}` })
    return []
  }

  /** The oldest waiting entries, up to `records` (at least one). */
  private nextBatch(records: number): Pending[] {
    const queue = this.pending
    let end = this.head
    let total = 0
    while (end < queue.length && (end === this.head || total + (queue[end] as Pending).records <= records)) {
      total += (queue[end] as Pending).records
      end++
    }
    return queue.slice(this.head, end)
  }

  /**
   * Moves past what of `batch` was written. What is left is always the
   * batch's tail: it stays at the head, before anything recorded meanwhile,
   * and is retried later (false).
   */
  private advance(batch: readonly Pending[], left: readonly Pending[]): boolean {
    const written = batch.length - left.length
    this.pendingRecords -= recordsOf(batch.slice(0, written))
    for (let index = 0; index < written; index++) this.countWaiting((batch[index] as Pending).op, -1)
    this.head += written
    if (left.length === 0) return true
    this.compact()
    this.schedule(Math.max(0, this.retryAt - this.clock()))
    return false
  }

  /**
   * Past the backlog allowed, whoever queues more waits for a batch: on the
   * write worker the one under way (and the next is sent), here one batch of
   * floodBatchRecords written at once, once a run of synchronous code that
   * began past the allowance. A flood is then read off the socket only as
   * fast as the cache is written instead of piling up in memory, and a burst
   * queued at once (a backfill) waits for none: the rest follows in slices.
   */
  private keepUp(): void {
    if (this.options.holdWrites?.() ?? false) return
    const worker = this.usableWorker()
    if (worker === null) {
      // Not from inside a batch being written (a commit's listener may queue more). Once a run of synchronous code
      // (thisRun): a socket's chunk of frames waits for one batch, unless the backlog is past its hard bound. A run
      // that began within the backlog allowed (a backfill's pages handed on at once, a first sync) waits for none
      // below that bound: what it brings is already in memory, and the timer's slices write it while the loop runs.
      // A flood's later runs begin past the allowance, and wait.
      const run = this.thisRun
      if (this.inFlight > 0 || run === null) return
      if (this.pendingRecords <= this.backlogBound && (run.keptUp || run.backlogAtStart <= this.backlogAllowed)) return
      run.keptUp = true
      this.flushNow(false, this.oneBatch)
      return
    }
    worker.settle()
    if (!worker.busy) this.beginOnWorker(worker)
  }

  /** The timer's turn: a batch begun on the write worker, or a slice written here. */
  private writeOnTimer(): void {
    const worker = this.usableWorker()
    if (worker === null) {
      // A slice for the flushes awaited is due on this turn: it is this turn's (and it hands the timer back).
      if (this.sliceDue === null) this.flushNow(true, this.slice)
      return
    }
    // One batch at a time: its answer schedules the next.
    if (!worker.busy) this.beginOnWorker(worker)
  }

  /** Sends the oldest waiting entries to the worker, as one batch. */
  private beginOnWorker(worker: WriteWorker): void {
    if (this.waitingEntries() === 0) return
    const queue = this.pending
    const batch = this.nextBatch(this.workerBatchRecords)
    this.inFlight = batch.length
    worker.begin(
      batch.map((item) => item.op),
      (error) => this.workerAnswered(queue, batch, error),
    )
  }

  private workerAnswered(queue: Pending[], batch: readonly Pending[], error: Error | null): void {
    this.inFlight = 0
    // Cleared meanwhile (the cache was emptied): nothing of this queue is owed any more.
    if (this.pending !== queue) return
    let left: Pending[]
    if (error === null) {
      this.committed(batch)
      left = []
    } else if (error instanceof WriteWorkerGone) {
      // Written here instead, at once.
      left = this.writeBatch(batch).kept
    } else {
      left = this.failed(batch, error, false)
    }
    if (this.pending !== queue || !this.advance(batch, left)) return
    if (this.waitingEntries() === 0) {
      this.pending = []
      this.head = 0
      return
    }
    this.schedule(0)
  }

  /** The write worker once it is up; one still starting is started, and this thread writes meanwhile. */
  private usableWorker(): WriteWorker | null {
    const worker = this.options.writeWorker?.() ?? null
    if (worker?.usable !== true) return null
    if (worker.ready) return worker
    worker.start()
    return null
  }

  private committed(batch: readonly Pending[]): void {
    const damage = this.database.damage
    const transient = damage?.kind === 'disk-full' || damage?.kind === 'locked' || damage?.kind === 'unavailable'
    const episodeOver = (batch.at(-1)?.seq ?? 0) >= this.episodeEndsAtSeq
    if (damage !== null && transient && episodeOver && damage.movedTo === null && this.database.path !== ':memory:') {
      this.database.clearDamage(damage.kind)
      this.options.onDamage?.(null)
    }
    if (episodeOver) this.dropReported = false
    this.options.onCommitted?.(recordsOf(batch))
  }

  private dropOldest(): void {
    const from = this.head + this.inFlight
    let dropped = 0
    let count = 0
    while (this.pendingRecords - dropped > this.maxPendingRecords && from + count < this.pending.length - 1) {
      dropped += (this.pending[from + count] as Pending).records
      count++
    }
    if (count === 0) return
    for (const dropped of this.pending.splice(from, count)) this.countWaiting(dropped.op, -1)
    this.pendingRecords -= dropped
    this.droppedRecords += dropped
    if (this.dropReported) return
    this.dropReported = true
    this.options.onProblem?.({
      code: 'INTERNAL',
      message: `The history cache could not be written for a while; the ${this.droppedRecords} oldest waiting records were not kept.`,
    })
  }

  private countWaiting(op: WriteOp, change: 1 | -1): void {
    this.waitingByType.set(op.type, (this.waitingByType.get(op.type) ?? 0) + change)
  }

  private waitingEntries(): number {
    return this.pending.length - this.head
  }

  /** Lets go of the written entries once they are the larger part, so the copy is paid rarely. */
  private compact(): void {
    if (this.head === 0 || this.head * 2 < this.pending.length) return
    this.pending = this.pending.slice(this.head)
    this.head = 0
  }

  private schedule(delayMs: number): void {
    if (this.disposed || this.timer !== null) return
    const wait = Math.max(delayMs, this.retryAt - this.clock(), 0)
    this.timer = setTimeout(() => {
      this.timer = null
      if (this.options.holdWrites?.() === true) this.schedule(HELD_RETRY_MS)
      else this.writeOnTimer()
    }, wait)
    // Queued writes alone must not keep a process alive; close() flushes them.
    this.timer.unref?.()
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }
}

function recordsOf(items: readonly Pending[]): number {
  return items.reduce((sum, item) => sum + item.records, 0)
}

function waitingMessage(kind: 'disk-full' | 'locked' | 'unavailable', detail: string): string {
  const rest = 'What is cached can still be read; new data waits in memory and is written when possible.'
  switch (kind) {
    case 'disk-full':
      return `The history cache cannot be written: the disk is full (${detail}). ${rest}`
    case 'locked':
      return `The history cache is locked by another program (${detail}). ${rest}`
    case 'unavailable':
      return `The history cache cannot be written (${detail}). ${rest}`
  }
}
