/**
 * Writes leave the caller's path at once: record calls queue operations, and
 * a timer (or a full batch) writes them in transactions of a few thousand
 * records. A full disk or a lock keeps them queued (bounded) and retries
 * later; a damaged file is rebuilt and the batch written to the new one; a
 * record that cannot be written at all is dropped alone and reported.
 */
import type { ErrorInfo } from '@shared/domain'
import type { CacheDamage } from '@shared/history'
import type { HistoryDatabase } from './database'
import type { HistoryWriter } from './history-writer'
import { recordCount, splitOp, type WriteOp } from './write-op'
import { damageKindOf, errorMessage, isFileDamage } from './sqlite-errors'

export interface WriteQueueOptions {
  /** How long a lone record waits for company before it is written. Default 50. */
  flushDelayMs?: number
  /** Records per transaction. Default 5000. */
  batchRecords?: number
  /**
   * What the timer writes at a time: transactions of at most `records`, for
   * about `ms`, before the event loop runs again (the socket, the window's
   * requests); the rest follows on the next turn. Reads still write all that
   * is queued first. Default 200 records, 8 ms.
   */
  slice?: { records: number; ms: number }
  /** Records held while writes fail; the oldest beyond are dropped (and counted). Default 200_000. */
  maxPendingRecords?: number
  /** Wait before writing again after a full disk or a lock. Default 5000. */
  retryDelayMs?: number
  clock?: () => number
  /** Milliseconds of a monotonic clock, for the slices' time and the pace of writes. Default performance.now. */
  monotonic?: () => number
  /**
   * While this says so, the writes that can wait (the timer's slices, drains)
   * wait: the log's checkpoint on another thread is finishing, and a write
   * now would keep it from starting the log over. Reads that depend on a
   * write still write it. Default: never.
   */
  holdWrites?: () => boolean
  /** After each committed batch, with its record count. */
  onCommitted?: (records: number) => void
  /** The cache's state changed (disk full, locked, rebuilt, recovered). */
  onDamage?: (damage: CacheDamage | null) => void
  /** A write that was given up (a record that cannot be written, or dropped while the disk was full). */
  onProblem?: (problem: ErrorInfo) => void
}

interface Pending {
  op: WriteOp
  records: number
  /** Its place in the order of all pushes: a flush "through" a place writes up to it and leaves the rest. */
  seq: number
}

/** Which queued writes a read has to see: all, those of some kinds (and everything before them), or none. */
export type WriteDependency = 'all' | readonly WriteOp['type'][]
/** For a read whose caller waited for the writes itself (settle, drain): nothing more is written on the spot. */
export const AFTER_SETTLING: WriteDependency = []

/**
 * The most records one queued operation holds (a larger one is split): the
 * grain a slice's batch is sized in, as a batch cannot split an operation.
 */
const OP_RECORDS = 25
/**
 * More records than this waiting means writes fell behind the events (a
 * flood): slices then write batches of their full record count, as fast as
 * they go, rather than what the pace fits in the slice's time. A backfill of
 * 10,000 stays paced.
 */
const CATCH_UP_ABOVE_RECORDS = 20_000
/** How soon writes held for a checkpoint look again. */
const HELD_RETRY_MS = 5
/** The pace guessed before a write was measured: a record on its own in a 1,000,000-row cache took about this. */
const FIRST_MS_PER_RECORD = 0.5
/** A floor for the pace: a batch measured at 0 ms must not make the next one unbounded. */
const MIN_MS_PER_RECORD = 0.001

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
  /** The loss of waiting records was told in this episode (until a write succeeds again). */
  private dropReported = false
  private disposed = false
  private lastSeq = 0
  /**
   * A flush is under way: one asked for from inside it (a commit's listener
   * reading, a drain begun there) writes nothing, as the outer one owns the
   * head; what it would have written is written by the outer one.
   */
  private writing = false
  /** The measured pace of writes, for sizing a slice's batches; a guess until the first is written. */
  private msPerRecord = FIRST_MS_PER_RECORD
  /** Drains waiting (see drain): each until the writes queued at its call are written. */
  private drainWaiters: Array<{ through: number; force: boolean; resolve: () => void }> = []
  private readonly flushDelayMs: number
  private readonly batchRecords: number
  private readonly maxPendingRecords: number
  private readonly retryDelayMs: number
  private readonly slice: { records: number; ms: number }
  private readonly clock: () => number
  private readonly monotonic: () => number

  constructor(
    private readonly database: HistoryDatabase,
    private readonly writer: HistoryWriter,
    private readonly options: WriteQueueOptions = {},
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 50
    this.batchRecords = options.batchRecords ?? 5000
    this.maxPendingRecords = options.maxPendingRecords ?? 200_000
    this.retryDelayMs = options.retryDelayMs ?? 5000
    this.slice = options.slice ?? { records: 200, ms: 8 }
    if (!(this.slice.records >= 1)) throw new RangeError(`A write slice holds at least one record; asked for ${this.slice.records}`)
    this.clock = options.clock ?? Date.now
    this.monotonic = options.monotonic ?? (() => performance.now())
  }

  /** Records waiting to be written. */
  get size(): number {
    return this.pendingRecords
  }

  /** Records dropped because writes failed for too long. */
  get dropped(): number {
    return this.droppedRecords
  }

  push(op: WriteOp): void {
    // A cache shown read-only takes nothing new; the user was told so once, when it was opened.
    if (this.disposed || this.database.readOnly) return
    for (const part of splitOp(op, Math.min(OP_RECORDS, this.slice.records))) {
      const records = recordCount(part)
      this.pending.push({ op: part, records, seq: ++this.lastSeq })
      this.pendingRecords += records
    }
    if (this.pendingRecords > this.maxPendingRecords) this.dropOldest()
    this.schedule(this.flushDelayMs)
  }

  /**
   * Writes everything pending now, in batches. Returns false when writes had
   * to stop (full disk, lock): what is left stays queued for a retry. While
   * waiting for that retry only `force` tries again (reads do not pay for a
   * write that is bound to fail).
   */
  flushNow(force = false, slice?: { records: number; ms: number }, through = Infinity): boolean {
    if (this.disposed) return this.waitingEntries() === 0
    if (!force && this.waitingEntries() > 0 && this.clock() < this.retryAt) return false
    const queue = this.pending
    const owed = (index: number): boolean => index < queue.length && (queue[index] as Pending).seq <= through
    if (!owed(this.head) || this.writing) return true
    this.writing = true
    try {
      return this.writeOwed(queue, owed, slice)
    } finally {
      this.writing = false
    }
  }

  private writeOwed(queue: Pending[], owed: (index: number) => boolean, slice: { records: number; ms: number } | undefined): boolean {
    this.clearTimer()
    const deadline = slice === undefined ? Infinity : this.monotonic() + slice.ms
    let wrote = false
    while (owed(this.head)) {
      const left = deadline - this.monotonic()
      if (wrote && left < this.msPerRecord) {
        // Time is up for this turn: the rest goes first at the next one.
        this.compact()
        this.schedule(0)
        return true
      }
      // A slice's batch is what the time left should hold at the pace measured: the same
      // 200 records take 20 ms on a warm cache and 150 ms while another process has the disk.
      // Unless writes fell behind: then whole slices of records, or a flood would wait in memory (and be dropped at the bound).
      const paced = this.pendingRecords <= CATCH_UP_ABOVE_RECORDS
      const batchRecords =
        slice === undefined ? this.batchRecords : paced ? Math.max(1, Math.min(slice.records, Math.floor(left / this.msPerRecord))) : slice.records
      let end = this.head
      let records = 0
      while (owed(end) && (end === this.head || records + (queue[end] as Pending).records <= batchRecords)) {
        records += (queue[end] as Pending).records
        end++
      }
      const batch = queue.slice(this.head, end)
      this.inFlight = batch.length
      const started = this.monotonic()
      let unwritten: Pending[]
      try {
        unwritten = this.writeBatch(batch)
      } finally {
        this.inFlight = 0
      }
      if (unwritten.length === 0) this.notePace(records, this.monotonic() - started)
      wrote = true
      // Cleared while writing (the cache was emptied): nothing of this queue is owed any more.
      if (this.pending !== queue) return true
      // What is left is always the batch's tail: it stays at the head, before anything recorded meanwhile.
      const written = batch.length - unwritten.length
      this.pendingRecords -= recordsOf(batch.slice(0, written))
      this.head += written
      if (unwritten.length > 0) {
        this.compact()
        this.schedule(Math.max(0, this.retryAt - this.clock()))
        return false
      }
    }
    if (this.head < queue.length) {
      // Written through the place asked for; what came after it keeps its turn (at once when it fills a batch).
      this.compact()
      this.schedule(this.pendingRecords >= this.batchRecords ? 0 : this.flushDelayMs)
      return true
    }
    this.pending = []
    this.head = 0
    return true
  }

  /**
   * Writes, before a read that depends on them, the queued writes that read
   * has to see: all of them, or everything up to the last of the kinds
   * named (order is kept: an earlier write is never passed). A read that
   * depends on none of what waits writes nothing and holds nobody up.
   */
  flushFor(dependency: WriteDependency): boolean {
    if (dependency === 'all') return this.flushNow()
    return this.flushNow(false, undefined, this.lastSeqOf(dependency))
  }

  /**
   * Writes what is queued now in the timer's slices, a turn of the event loop
   * between them, and resolves when it is written (or writes had to stop: a
   * full disk, a lock). For a caller that can wait: the socket, the bridge
   * and the window's other requests go on meanwhile. What is queued after the
   * call is not waited for. `force`: tries now even while waiting to retry.
   */
  async drain(force = false): Promise<void> {
    const through = this.lastSeq
    if (!this.owes(through)) return
    await new Promise<void>((resolve) => {
      this.drainWaiters.push({ through, force, resolve })
      if (this.drainWaiters.length === 1) setImmediate(() => this.drainSlice())
    })
  }

  /**
   * One slice for every drain waiting, a turn apart: several callers
   * draining at once share the slices instead of each writing one a turn.
   */
  private drainSlice(): void {
    if (this.held()) {
      setTimeout(() => this.drainSlice(), HELD_RETRY_MS)
      return
    }
    const waiters = this.drainWaiters
    const through = Math.max(...waiters.map((waiter) => waiter.through))
    const written = this.flushNow(waiters.some((waiter) => waiter.force), this.slice, through)
    // Writes that had to stop (a full disk, a lock) end every wait: the reads go ahead on what is written.
    this.drainWaiters = written ? waiters.filter((waiter) => this.owes(waiter.through)) : []
    for (const waiter of waiters) if (!this.drainWaiters.includes(waiter)) waiter.resolve()
    if (this.drainWaiters.length === 0) {
      // What was queued after the drains began keeps its turn with the timer (a slice above may have cleared it).
      if (this.waitingEntries() > 0) this.schedule(this.flushDelayMs)
      return
    }
    // The drain writes the next slice: a timer armed by this one would write another in the same turn.
    this.clearTimer()
    setImmediate(() => this.drainSlice())
  }

  /** Writes everything pending now, even while waiting to retry (in slices: see drain). */
  async flush(): Promise<void> {
    await this.drain(true)
  }

  /** Forgets everything pending (the cache was cleared). */
  discard(): void {
    this.pending = []
    this.head = 0
    this.pendingRecords = 0
    this.clearTimer()
  }

  dispose(): void {
    this.disposed = true
    this.clearTimer()
  }

  /** Writes the batch; returns what is still to be written (kept for a retry), empty when done with. */
  private writeBatch(batch: readonly Pending[], afterRecovery = false): Pending[] {
    try {
      this.writer.applyBatch(batch.map((item) => item.op))
    } catch (error) {
      const kind = damageKindOf(error)
      if (isFileDamage(kind) && !afterRecovery && this.database.recover(error)) {
        this.options.onDamage?.(this.database.damage)
        return this.writeBatch(batch, true)
      }
      if (kind === 'disk-full' || kind === 'locked' || kind === 'unavailable') {
        this.retryAt = this.clock() + this.retryDelayMs
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
          const left = this.writeBatch([batch[index] as Pending], afterRecovery)
          if (left.length > 0) return [...left, ...batch.slice(index + 1)]
        }
        return []
      }
      this.options.onProblem?.({ code: 'INTERNAL', message: `A record could not be stored in the history cache: ${errorMessage(error)}` })
      return []
    }
    // Outside the write's try: what a listener does after the commit is not the write failing (it would be written again).
    this.committed(batch)
    return []
  }

  private committed(batch: readonly Pending[]): void {
    const damage = this.database.damage
    const transient = damage?.kind === 'disk-full' || damage?.kind === 'locked' || damage?.kind === 'unavailable'
    if (damage !== null && transient && damage.movedTo === null && this.database.path !== ':memory:') {
      this.database.clearDamage(damage.kind)
      this.options.onDamage?.(null)
    }
    this.dropReported = false
    try {
      this.options.onCommitted?.(recordsOf(batch))
    } catch (error) {
      this.options.onProblem?.({ code: 'INTERNAL', message: `After a write to the history cache: ${errorMessage(error)}` })
    }
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
    this.pending.splice(from, count)
    this.pendingRecords -= dropped
    this.droppedRecords += dropped
    if (this.dropReported) return
    this.dropReported = true
    this.options.onProblem?.({
      code: 'INTERNAL',
      message: `The history cache could not be written for a while; the ${this.droppedRecords} oldest waiting records were not kept.`,
    })
  }

  /** Keeps the time a record takes to write, the recent batches weighing most. */
  private notePace(records: number, ms: number): void {
    if (records === 0) return
    this.msPerRecord = Math.max(MIN_MS_PER_RECORD, 0.7 * this.msPerRecord + 0.3 * (ms / records))
  }

  /** Something at or before `through` still waits (and can still be written). */
  private owes(through: number): boolean {
    const head = this.pending[this.head]
    return !this.disposed && head !== undefined && head.seq <= through
  }

  /** The place of the last waiting write of those kinds; 0 when none waits. */
  private lastSeqOf(types: readonly WriteOp['type'][]): number {
    for (let index = this.pending.length - 1; index >= this.head; index--) {
      const entry = this.pending[index] as Pending
      if (types.includes(entry.op.type)) return entry.seq
    }
    return 0
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
      if (this.held()) this.schedule(HELD_RETRY_MS)
      else this.flushNow(true, this.slice)
    }, wait)
    // Queued writes alone must not keep a process alive; close() flushes them.
    this.timer.unref?.()
  }

  private held(): boolean {
    return !this.disposed && this.options.holdWrites?.() === true
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
