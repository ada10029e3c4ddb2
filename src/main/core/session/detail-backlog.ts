import type { Proof, TransactionDetail } from '@shared/domain'
import type { IndexerHistory } from '../history/indexer-history'
import type { DetailCoverage, MissingDetail, WatchedDetails, WatchedScope } from '../history/watched-details'
import type { FetchJob, JobOutcome, WorkSource } from './background-fetcher'

export interface DetailBacklogOptions {
  history: Pick<IndexerHistory, 'watchedDetails' | 'metadata' | 'updateMetadata' | 'recordTransactionDetail' | 'recordProofs'>
  /** The indexer itself (not the cache's read-through, which would answer from the cache when offline). */
  client: { transaction(signature: string): Promise<TransactionDetail>; proof(proofAccount: string): Promise<Proof> }
  /** What the user watches now. */
  scope(): WatchedScope
  /** Coverage changed (after a refill, a fetch): the connection state shows it. */
  onProgress?(): void
  /** A read of the cache ended with work to do: ask `next()` again. */
  onWork?(): void
  /** Records read from the cache at a time. */
  batch?: number
  /** A proof another queue is filling already (the proof filler): not asked for here. */
  filledElsewhere?(proofAccount: string): boolean
}

/** Metadata key of what the indexer said it does not have: not asked again, also after a restart. */
const UNAVAILABLE_KEY = 'detailsUnavailable'
/** Kept at most; beyond it the oldest are asked once more after a restart. */
const UNAVAILABLE_MAX = 500

/**
 * Full records of what the user watches, fetched in the background so they
 * can be read offline: every transaction of a watched address and every
 * proof of a watched authority or of the user's wallet that the cache holds
 * only as a summary (a list item, a live event). The queue is the cache
 * itself (what is held in full is never asked again, so it resumes after a
 * restart), read a batch at a time, newest first.
 */
export class DetailBacklog implements WorkSource {
  private readonly batchSize: number
  private batch: MissingDetail[] = []
  /** The last read found nothing: no reads until `refresh()` says there may be new work. */
  private exhausted = false
  private readonly unavailable: string[]
  private coverage: DetailCoverage = { held: 0, total: 0, unavailable: 0 }
  /** The last read left records to another queue: read again once that queue has moved. */
  private leftElsewhere = false
  /** A read of the cache under way (off the main thread: it scans every watched record). */
  private reading: Promise<void> | null = null
  /** Bumped by every refresh: a read begun before one is stale when it ends. */
  private generation = 0

  constructor(private readonly options: DetailBacklogOptions) {
    this.batchSize = options.batch ?? 50
    this.unavailable = readUnavailable(options.history)
  }

  /** New records of what is watched may be in the cache (arrivals, a watchlist change). */
  refresh(): void {
    this.exhausted = false
    this.batch = []
    this.generation++
  }

  /**
   * Watched transactions just pushed on the socket (list items: their full
   * records are missing). When everything read before is done they are
   * queued as they are, newest first, without reading the cache again (one
   * arrival a second would otherwise cost a read each); else the next read
   * finds them in their place.
   */
  arrived(signatures: readonly string[]): void {
    if (!this.caughtUp) {
      this.refresh()
      return
    }
    const queued = new Set(this.batch.map((item) => item.id))
    const fresh = [...new Set(signatures)].filter((id) => !queued.has(id) && !this.unavailable.includes(id))
    if (fresh.length === 0) return
    this.batch.unshift(...fresh.reverse().map((id): MissingDetail => ({ kind: 'transaction', id })))
    this.coverage.total += fresh.length
    this.options.onProgress?.()
  }

  /** Another queue filled some records: those left to it are read again (held in full now, or still missing). */
  refreshIfLeftElsewhere(): void {
    if (this.leftElsewhere) this.refresh()
  }

  /** The last read of the cache is over and left nothing to ask: an arrival is then queued as it is. */
  get caughtUp(): boolean {
    return this.exhausted && this.reading === null
  }

  progress(): DetailCoverage {
    return { ...this.coverage }
  }

  /** The next record to fetch; null while the cache is being read (`onWork` says when it is done) or nothing is missing. */
  next(): FetchJob | null {
    if (this.batch.length === 0 && !this.exhausted) {
      this.refill()
      return null
    }
    const item = this.batch.shift()
    if (item === undefined) return null
    return { key: `${item.kind}:${item.id}`, run: () => this.fetch(item) }
  }

  settle(job: FetchJob, outcome: JobOutcome): void {
    if (outcome === 'done') {
      this.coverage.held = Math.min(this.coverage.total, this.coverage.held + 1)
    } else if (outcome === 'gone') {
      this.markUnavailable(job.key.slice(job.key.indexOf(':') + 1))
    } else {
      // Not reached: asked again first at the next read.
      this.batch = []
      this.exhausted = false
    }
    this.options.onProgress?.()
  }

  private refill(): void {
    if (this.reading !== null) return
    const generation = this.generation
    const reading = this.options.history
      .watchedDetails(this.options.scope(), [...this.unavailable], this.batchSize)
      .then(
        (details) => {
          if (generation === this.generation) this.took(details)
        },
        // An unreadable cache (failing, closed): read again at the next wake, never in a loop.
        () => undefined,
      )
      .finally(() => {
        this.reading = null
        if (generation !== this.generation || this.batch.length > 0) this.options.onWork?.()
      })
    this.reading = reading
  }

  private took({ missing, coverage }: WatchedDetails): void {
    this.coverage = coverage
    const elsewhere = this.options.filledElsewhere
    this.batch = elsewhere ? missing.filter((item) => item.kind !== 'proof' || !elsewhere(item.id)) : missing
    this.leftElsewhere = this.batch.length < missing.length
    // Nothing to ask here until a refresh, also when all that is missing is being filled elsewhere.
    this.exhausted = this.batch.length === 0
    this.options.onProgress?.()
  }

  private async fetch(item: MissingDetail): Promise<'fetched'> {
    if (item.kind === 'transaction') {
      this.options.history.recordTransactionDetail(await this.options.client.transaction(item.id))
    } else {
      this.options.history.recordProofs([await this.options.client.proof(item.id)])
    }
    return 'fetched'
  }

  private markUnavailable(id: string): void {
    if (this.unavailable.includes(id)) return
    this.unavailable.push(id)
    if (this.unavailable.length > UNAVAILABLE_MAX) this.unavailable.splice(0, this.unavailable.length - UNAVAILABLE_MAX)
    this.coverage.unavailable += 1
    this.options.history.updateMetadata({ [UNAVAILABLE_KEY]: [...this.unavailable] })
  }
}

function readUnavailable(history: Pick<IndexerHistory, 'metadata'>): string[] {
  try {
    const value = history.metadata()[UNAVAILABLE_KEY]
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string').slice(-UNAVAILABLE_MAX) : []
  } catch {
    // An unreadable cache: nothing is known to be missing; it is asked again.
    return []
  }
}
