/**
 * One stream of identified items (a channel's events) kept free of gaps and
 * duplicates. When its channel is acknowledged (at start and after every
 * reconnect) it fetches over HTTP what it missed, holding back the live
 * events that arrive meanwhile, then hands both on merged in order, each
 * once. Identities enter the HeldIndex only once they are known to lie in a
 * run without gaps, so the next backfill stops at the right place. A backfill
 * that fails lets live events through (still de-duplicated) and is tried
 * again with backoff while the channel stays up.
 */
import type { ErrorInfo, Page } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { backfill, mergeInOrder, type BackfillResult, type TaskLimiter } from './backfill'
import type { HeldIndex } from './held-index'

/**
 * `initial`: history loaded the first time a stream is synced (not news).
 * `backfill`: missed while disconnected. `poll`: found by polling a stream
 * the server will not push.
 */
export type EventOrigin = 'live' | 'backfill' | 'initial' | 'poll'

export interface StreamSpec<T> {
  channel: string
  /** Its kind in the HeldIndex. */
  kind: string
  /** What it carries, for messages: e.g. "transactions of <address>". */
  describe: string
  idOf(item: T): string
  /** Position on the chain (slot); null when unknown. */
  orderOf(item: T): bigint | null
  /**
   * Newest first. Absent when the indexer keeps no history of it: then only
   * de-duplication. `limit`: a smaller first page (a poll's head read); the
   * stream's own page size when absent.
   */
  fetchPage?: (cursor?: string, limit?: number) => Promise<Page<T>>
  maxPages: number
  emit(items: T[], origin: EventOrigin): void
}

export interface StreamContext {
  held: HeldIndex
  limiter: TaskLimiter
  onProblem(problem: ErrorInfo): void
  /** Whether the stream is syncing may have changed. */
  onSyncChange(): void
  /** Wait before trying a failed backfill again, by failures in a row (1 for the first). */
  retryDelayMs(failures: number): number
  /** Live events held back during one backfill at most; beyond, they go on unmerged. */
  maxBuffered: number
  /** One backfill asks no page after this long (it waits out the indexer's rate limit meanwhile). */
  maxBackfillMs: number
  now?: () => number
  count(counter: 'events' | 'duplicates' | 'backfilled', by?: number): void
}

export class GapFreeStream<T> {
  /** The channel is acknowledged and up. */
  private subscribed = false
  /** No gap is open: everything up to now has been handed on. */
  private synced: boolean
  private buffering = false
  private buffer: T[] = []
  private readonly bufferedIds = new Set<string>()
  /** Handed on while a gap was open; held once the gap is filled. */
  private readonly uncommitted = new Set<string>()
  private running: Promise<void> | null = null
  /** The walk running is a poll's: a backfill asked meanwhile runs after it, not instead of it. */
  private pollRunning = false
  private rerun = false
  private everCommitted = false
  /** The newest position handed on while no gap was open: where a gap starts. */
  private newestHeldOrder: bigint | null = null
  /** When the channel last went down, for a stream whose missed events cannot be fetched. */
  private downSince: number | null = null
  private failures = 0
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private disposed = false

  constructor(
    readonly spec: StreamSpec<T>,
    private readonly context: StreamContext,
  ) {
    this.synced = spec.fetchPage === undefined
  }

  /** Missed events may exist, or are being fetched. */
  get syncing(): boolean {
    return this.spec.fetchPage !== undefined && (!this.synced || this.running !== null)
  }

  /** A live event. */
  receive(item: T): void {
    if (this.disposed) return
    this.context.count('events')
    const id = this.spec.idOf(item)
    if (this.isKnown(id) || this.bufferedIds.has(id)) {
      this.context.count('duplicates')
      return
    }
    if (this.buffering) {
      this.buffer.push(item)
      this.bufferedIds.add(id)
      if (this.buffer.length >= this.context.maxBuffered) this.releaseBuffer()
      return
    }
    if (this.synced) {
      this.context.held.add(this.spec.kind, id)
      this.noteHeldOrder(item)
    } else this.uncommitted.add(id)
    this.spec.emit([item], 'live')
  }

  /** The server acknowledged the channel: fetch what was missed before it. */
  channelUp(): void {
    if (this.disposed) return
    this.subscribed = true
    if (this.spec.fetchPage === undefined) {
      this.reportUnfetchable()
      return
    }
    this.synced = false
    this.startWalk(true)
  }

  /** The channel is down: whatever happens from now on is missed until the next acknowledgement. */
  channelDown(): void {
    if (this.spec.fetchPage === undefined) {
      if (this.subscribed && this.downSince === null) this.downSince = (this.context.now ?? Date.now)()
      this.subscribed = false
      return
    }
    if (this.subscribed || this.synced) this.context.onSyncChange()
    this.subscribed = false
    this.synced = false
    this.clearRetry()
  }

  /**
   * For a stream the server does not push: one walk, its first page
   * `headLimit` items (a cheap head read); resolves with the ids it handed
   * on, none when it joined a walk already running; rejects when it fails
   * (the poller backs off).
   */
  async poll(headLimit?: number): Promise<string[]> {
    if (this.running) return this.running.then(() => [])
    let handedOn: string[] = []
    this.pollRunning = true
    this.running = (async () => {
      const result = await this.walk(headLimit)
      if (this.disposed || result === null) return
      handedOn = this.commit(result, 'poll')
      this.synced = true
    })().finally(() => {
      this.running = null
      this.pollRunning = false
    })
    await this.running
    return handedOn
  }

  dispose(): void {
    this.disposed = true
    this.clearRetry()
    this.buffer = []
    this.bufferedIds.clear()
  }

  private isKnown(id: string): boolean {
    return this.uncommitted.has(id) || this.context.held.has(this.spec.kind, id)
  }

  private startWalk(holdLive: boolean): void {
    if (this.disposed) return
    this.clearRetry()
    if (holdLive) this.buffering = true
    if (this.running && this.pollRunning) {
      // A poll does not end a backfill's buffering: the backfill runs once the poll is done.
      void this.running.then(
        () => this.startWalk(false),
        () => this.startWalk(false),
      )
      return
    }
    if (this.running) {
      this.rerun = true
      return
    }
    this.running = this.walkUntilCurrent().finally(() => {
      this.running = null
      this.context.onSyncChange()
    })
    this.context.onSyncChange()
  }

  private async walkUntilCurrent(): Promise<void> {
    do {
      this.rerun = false
      let result: BackfillResult<T> | null
      try {
        result = await this.walk()
      } catch (error) {
        if (!this.disposed) this.failed(error)
        return
      }
      if (this.disposed || result === null) return
      // Committing before a rerun is safe: what arrived before the channel dropped again is gap-free.
      this.commit(result, 'backfill')
    } while (this.rerun && !this.disposed)
    this.failures = 0
    if (this.subscribed) {
      this.synced = true
      this.buffering = false
    }
  }

  private walk(headLimit?: number): Promise<BackfillResult<T> | null> {
    const fetchPage = this.spec.fetchPage
    if (fetchPage === undefined) return Promise.resolve(null)
    return this.context.limiter.run(() =>
      this.disposed
        ? Promise.resolve(null)
        : backfill({
            fetchPage,
            idOf: (item) => this.spec.idOf(item),
            isHeld: (id) => this.context.held.has(this.spec.kind, id),
            maxPages: this.spec.maxPages,
            maxDurationMs: this.context.maxBackfillMs,
            now: this.context.now,
            firstPageLimit: headLimit,
          }),
    )
  }

  /** Hands on what was fetched merged with the held-back live events, then holds all of it; returns the fetched ids handed on. */
  private commit(result: BackfillResult<T>, laterOrigin: 'backfill' | 'poll'): string[] {
    const handedOn: string[] = []
    const { spec, context } = this
    const fetchedOrigin: EventOrigin = !result.closed && !this.everCommitted ? 'initial' : laterOrigin
    // The indexer's own list ending (last page, or nothing at all) is all there is; any other early end leaves a hole.
    const listEnded = result.end === 'last-page' || (result.end === 'empty-page' && result.items.length === 0)
    if (!result.closed && this.everCommitted && !listEnded) this.reportHole(result)
    const merged = mergeInOrder(result.items, this.buffer, spec.orderOf, spec.idOf)
    // The socket pushed these after the subscription: news, even when the first sync's page also holds them.
    const pushedDuringFirstSync = fetchedOrigin === 'initial' ? new Set(this.bufferedIds) : new Set<string>()
    // Live events the fetched pages also held.
    const overlap = result.items.length + this.buffer.length - merged.length
    if (overlap > 0) context.count('duplicates', overlap)
    this.buffer = []
    this.bufferedIds.clear()
    let run: T[] = []
    let runOrigin: EventOrigin = fetchedOrigin
    const flush = (): void => {
      if (run.length > 0) spec.emit(run, runOrigin)
      run = []
    }
    for (const { item, origin } of merged) {
      const id = spec.idOf(item)
      if (this.isKnown(id)) {
        if (origin === 'live') context.count('duplicates')
        continue
      }
      const itemOrigin: EventOrigin = origin === 'live' || pushedDuringFirstSync.has(id) ? 'live' : fetchedOrigin
      if (itemOrigin !== runOrigin) {
        flush()
        runOrigin = itemOrigin
      }
      if (origin === 'fetched') handedOn.push(id)
      context.held.add(spec.kind, id)
      this.noteHeldOrder(item)
      run.push(item)
    }
    // Counted once: a counter moved is told to the status (and the window's health), and a backfill hands on thousands.
    if (handedOn.length > 0) context.count('backfilled', handedOn.length)
    flush()
    for (const id of this.uncommitted) context.held.add(spec.kind, id)
    this.uncommitted.clear()
    this.everCommitted = true
    return handedOn
  }

  private noteHeldOrder(item: T): void {
    const order = this.spec.orderOf(item)
    if (order !== null && (this.newestHeldOrder === null || order > this.newestHeldOrder)) this.newestHeldOrder = order
  }

  /** Says exactly which range a bounded backfill left out, in the view and the log (through onProblem). */
  private reportHole(result: BackfillResult<T>): void {
    const { spec } = this
    let oldestFetched: bigint | null = null
    for (const item of result.items) {
      oldestFetched = spec.orderOf(item)
      if (oldestFetched !== null) break
    }
    // Bounds included: a slot holds many items, so the hole may begin and end inside one.
    const to = oldestFetched === null ? 'the oldest one fetched' : `slot ${oldestFetched}`
    const range = this.newestHeldOrder === null ? `up to ${to}` : `between slot ${this.newestHeldOrder} and ${to}`
    const why: Record<string, string> = {
      'max-pages': `more were missed than ${spec.maxPages} pages hold`,
      'time-limit': `fetching them took longer than ${Math.round(this.context.maxBackfillMs / 1000)} s`,
      'empty-page': 'the indexer answered an empty page before reaching them',
      'repeated-cursor': 'the indexer repeated a page cursor before reaching them',
    }
    this.context.onProblem({
      code: 'INTERNAL',
      message: `${capitalised(spec.describe)} ${range} were not fetched: ${why[result.end] ?? result.end}`,
    })
  }

  /** A stream without history: what it missed while down is gone, and the user hears which span. */
  private reportUnfetchable(): void {
    if (this.downSince === null) return
    const since = new Date(this.downSince).toISOString()
    const until = new Date((this.context.now ?? Date.now)()).toISOString()
    this.downSince = null
    this.context.onProblem({
      code: 'INTERNAL',
      message: `${capitalised(this.spec.describe)} sent between ${since} and ${until} were not received: the indexer keeps no history of them`,
    })
  }

  private failed(error: unknown): void {
    this.failures++
    const info = toErrorInfo(error)
    if (this.failures === 1) {
      this.context.onProblem({
        ...info,
        message: `Could not fetch the ${this.spec.describe} missed while disconnected: ${info.message}; trying again`,
      })
    }
    this.releaseBuffer()
    if (this.subscribed) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null
        // Live events keep flowing during retries; the gap stays open until one succeeds.
        this.startWalk(false)
      }, this.context.retryDelayMs(this.failures))
    }
  }

  /** Hands on held-back live events unmerged; they stay out of the index until the gap is filled. */
  private releaseBuffer(): void {
    const items = this.buffer
    this.buffer = []
    this.bufferedIds.clear()
    this.buffering = false
    const fresh = items.filter((item) => {
      const id = this.spec.idOf(item)
      if (this.isKnown(id)) return false
      this.uncommitted.add(id)
      return true
    })
    if (fresh.length > 0) this.spec.emit(fresh, 'live')
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
