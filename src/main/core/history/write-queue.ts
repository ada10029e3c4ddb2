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
import { recordCount, type WriteOp } from './write-op'
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
}

export class WriteQueue {
  private pending: Pending[] = []
  private pendingRecords = 0
  private timer: ReturnType<typeof setTimeout> | null = null
  private retryAt = 0
  private droppedRecords = 0
  /** The loss of waiting records was told in this episode (until a write succeeds again). */
  private dropReported = false
  private disposed = false
  private readonly flushDelayMs: number
  private readonly batchRecords: number
  private readonly maxPendingRecords: number
  private readonly retryDelayMs: number
  private readonly slice: { records: number; ms: number }
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
    this.slice = options.slice ?? { records: 200, ms: 8 }
    this.clock = options.clock ?? Date.now
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
    const records = recordCount(op)
    this.pending.push({ op, records })
    this.pendingRecords += records
    if (this.pendingRecords > this.maxPendingRecords) this.dropOldest()
    this.schedule(this.pendingRecords >= this.batchRecords ? 0 : this.flushDelayMs)
  }

  /**
   * Writes everything pending now, in batches. Returns false when writes had
   * to stop (full disk, lock): what is left stays queued for a retry. While
   * waiting for that retry only `force` tries again (reads do not pay for a
   * write that is bound to fail).
   */
  flushNow(force = false, slice?: { records: number; ms: number }): boolean {
    if (this.disposed) return this.pending.length === 0
    if (!force && this.pending.length > 0 && this.clock() < this.retryAt) return false
    this.clearTimer()
    const queued = this.pending
    this.pending = []
    this.pendingRecords = 0
    const batchRecords = slice?.records ?? this.batchRecords
    const deadline = slice === undefined ? Infinity : performance.now() + slice.ms
    let at = 0
    while (at < queued.length) {
      if (at > 0 && performance.now() >= deadline) {
        // Time is up for this turn: the rest goes first at the next one.
        this.pending = [...queued.slice(at), ...this.pending]
        this.pendingRecords = this.pending.reduce((sum, item) => sum + item.records, 0)
        this.schedule(0)
        return true
      }
      let end = at
      let records = 0
      while (end < queued.length && (end === at || records + (queued[end] as Pending).records <= batchRecords)) {
        records += (queued[end] as Pending).records
        end++
      }
      const left = this.writeBatch(queued.slice(at, end))
      at = end
      if (left.length > 0) {
        // Anything recorded meanwhile goes after what waited longer.
        this.pending = [...left, ...queued.slice(at), ...this.pending]
        this.pendingRecords = this.pending.reduce((sum, item) => sum + item.records, 0)
        this.schedule(Math.max(0, this.retryAt - this.clock()))
        return false
      }
    }
    return true
  }

  /** Writes everything pending now, even while waiting to retry. */
  async flush(): Promise<void> {
    this.flushNow(true)
  }

  /** Forgets everything pending (the cache was cleared). */
  discard(): void {
    this.pending = []
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
      this.committed(batch)
      return []
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
  }

  private committed(batch: readonly Pending[]): void {
    const damage = this.database.damage
    const transient = damage?.kind === 'disk-full' || damage?.kind === 'locked' || damage?.kind === 'unavailable'
    if (damage !== null && transient && damage.movedTo === null && this.database.path !== ':memory:') {
      this.database.clearDamage(damage.kind)
      this.options.onDamage?.(null)
    }
    this.dropReported = false
    this.options.onCommitted?.(batch.reduce((sum, item) => sum + item.records, 0))
  }

  private dropOldest(): void {
    let dropped = 0
    let count = 0
    while (this.pendingRecords - dropped > this.maxPendingRecords && count < this.pending.length - 1) {
      dropped += (this.pending[count] as Pending).records
      count++
    }
    if (count === 0) return
    this.pending.splice(0, count)
    this.pendingRecords -= dropped
    this.droppedRecords += dropped
    if (this.dropReported) return
    this.dropReported = true
    this.options.onProblem?.({
      code: 'INTERNAL',
      message: `The history cache could not be written for a while; the ${this.droppedRecords} oldest waiting records were not kept.`,
    })
  }

  private schedule(delayMs: number): void {
    if (this.disposed || this.timer !== null) return
    const wait = Math.max(delayMs, this.retryAt - this.clock(), 0)
    this.timer = setTimeout(() => {
      this.timer = null
      this.flushNow(true, this.slice)
    }, wait)
    // Queued writes alone must not keep a process alive; close() flushes them.
    this.timer.unref?.()
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }
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
