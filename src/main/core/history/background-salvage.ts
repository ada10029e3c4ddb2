/**
 * A damaged cache's readable rows copied into the new one while the app runs
 * (HistoryDatabaseOptions.salvageInBackground): in slices of a few
 * milliseconds on the main connection, a turn of the event loop apart, so
 * that the first screen, the socket and the window's requests go on while a
 * large file is read back (700 MB took the main thread 10 s in one piece).
 * What is copied shows in reads at once; the damage report says what was
 * copied once all is. A replaced or closed connection ends the run where it
 * is: what it copied stays.
 */
import { errorMessage } from './sqlite-errors'
import type { HistoryDatabase } from './database'
import type { PendingSalvage } from './open-database'
import { SalvageRun } from './salvage'
import { CommitCost } from './commit-cost'

export interface BackgroundSalvageHost {
  readonly database: HistoryDatabase
  closed(): boolean
  /** The cache's writes wait now (a checkpoint aside is finishing): so does the salvage. */
  holdWrites(): boolean
  /** While the write worker has a batch under way: resolves once it is done (a slice now would wait for its lock on this thread). */
  writerBusy(): Promise<void> | null
  /** Rows were committed by a slice. */
  wrote(rows: number): void
  /** The salvage is over and the damage report says so. */
  finished(): void
}

/**
 * Main-thread time a slice takes before the loop runs again, its COMMIT included, as the write queue's slices: the
 * COMMIT of what a slice copied took as long again as the copying, and a slice of 3 ms of copying held the loop 8-11 ms.
 */
const SLICE_MS = 6
/** Keys a range: a range of 1,000 proofs takes longer than a slice may. */
const RANGE_KEYS = 100
/** How soon a salvage held for a checkpoint looks again. */
const HELD_RETRY_MS = 5

export class BackgroundSalvage {
  /** Bumped whenever the run in hand stops mattering (a replacement, a stop). */
  private generation = 0
  private run: SalvageRun | null = null
  /** What a slice's COMMIT costs a row copied. */
  private readonly commitCost = new CommitCost()
  private timer: { kind: 'timeout'; handle: ReturnType<typeof setTimeout> } | { kind: 'immediate'; handle: ReturnType<typeof setImmediate> } | null = null
  private waiters: Array<() => void> = []
  private busy = false

  constructor(private readonly host: BackgroundSalvageHost) {}

  /**
   * Starts what the database left to salvage (at open, after a replacement),
   * `afterMs` from now; a run in hand is abandoned first.
   */
  begin(afterMs = 0): void {
    this.stop()
    const pending = this.host.database.takeSalvage()
    if (pending === null) return
    const generation = this.generation
    this.busy = true
    // At the soonest on the next turn: the file was opened or replaced inside a call that should return first.
    this.timer = { kind: 'timeout', handle: setTimeout(() => void this.open(generation, pending), afterMs) }
  }

  /** Ends the run where it is (the cache closes or its file is replaced). */
  stop(): void {
    this.generation++
    this.clearTimer()
    this.run?.abandon()
    this.run = null
    this.settle()
  }

  /** A salvage waits or runs. */
  get running(): boolean {
    return this.busy
  }

  /** Resolves once no salvage waits or runs. */
  whenDone(): Promise<void> {
    if (!this.busy) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  private async open(generation: number, pending: PendingSalvage): Promise<void> {
    this.timer = null
    const { database } = this.host
    if (this.host.closed()) return this.settle()
    const db = database.db
    const stale = () => generation !== this.generation || this.host.closed() || database.isClosed || database.db !== db
    let run: SalvageRun
    try {
      run = await SalvageRun.startAside(db, pending.from, stale, RANGE_KEYS)
    } catch (error) {
      if (!stale()) this.finish(pending, null, errorMessage(error))
      return
    }
    if (stale()) {
      run.abandon()
      return
    }
    this.run = run
    this.slice(generation, pending)
  }

  private slice(generation: number, pending: PendingSalvage): void {
    this.timer = null
    const run = this.run
    if (generation !== this.generation || run === null) return
    if (this.host.holdWrites()) {
      this.timer = { kind: 'timeout', handle: setTimeout(() => this.slice(generation, pending), HELD_RETRY_MS) }
      return
    }
    const writer = this.host.writerBusy()
    if (writer !== null) {
      // A stop meanwhile is seen by the generation, at the top of the slice.
      void writer.then(() => this.slice(generation, pending))
      return
    }
    const before = run.rows
    const until = performance.now() + SLICE_MS
    // When the copying stopped: what the step took after it is the slice's COMMIT, which the next slices foresee.
    let copiedUntil = 0
    let done: boolean
    try {
      done = run.step(() => {
        const now = performance.now()
        if (now + this.commitCost.foresee(run.rows - before) < until) return false
        copiedUntil = now
        return true
      })
    } catch (error) {
      // Not expected (a failed range is counted, not thrown): the run ends, and says why.
      run.abandon()
      this.run = null
      this.finish(pending, run, errorMessage(error))
      return
    }
    const copied = run.rows - before
    if (copied > 0) {
      if (copiedUntil > 0) this.commitCost.note(performance.now() - copiedUntil, copied)
      this.host.wrote(copied)
    }
    // What the write set off (a retention pass, damage met and the file replaced) may have ended this run.
    if (generation !== this.generation) return
    if (!done) {
      this.timer = { kind: 'immediate', handle: setImmediate(() => this.slice(generation, pending)) }
      return
    }
    this.run = null
    this.finish(pending, run, null)
  }

  private finish(pending: PendingSalvage, run: SalvageRun | null, failure: string | null): void {
    const report = run?.finish() ?? { rows: 0, tables: 0, unreadableRanges: 0, failure: null }
    this.host.database.salvageDone(pending, failure === null ? report : { ...report, failure })
    this.settle()
    this.host.finished()
  }

  private settle(): void {
    if (this.timer !== null) return
    this.busy = false
    const waiters = this.waiters
    this.waiters = []
    for (const resolve of waiters) resolve()
  }

  private clearTimer(): void {
    if (this.timer === null) return
    if (this.timer.kind === 'timeout') clearTimeout(this.timer.handle)
    else clearImmediate(this.timer.handle)
    this.timer = null
  }
}
