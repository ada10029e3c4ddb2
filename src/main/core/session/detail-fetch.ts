/**
 * Full records fetched in the background for one session. Socket proofs are
 * summaries; the full record comes over HTTP within seconds (asked first,
 * many at once through a page of the list, which serves full records newest
 * first). Then the full records of what the user watches, for reading
 * offline. One pace for both (background-fetcher.ts), and its progress
 * reaches the connection state at once when the fetcher starts, stops or
 * pauses, and at most once a second while it works.
 */
import type { DetailFetchProgress } from '@shared/domain'
import type { IndexerHistory } from '../history/indexer-history'
import type { WatchedScope } from '../history/watched-details'
import type { IndexerClient } from '../indexer/client'
import { BackgroundFetcher } from './background-fetcher'
import { DetailBacklog } from './detail-backlog'
import { ProofFiller, type SeenProof } from './proof-filler'

/** The background fetch's progress reaches the connection state at most this often while it works. */
const DETAIL_PROGRESS_PUSH_MS = 1_000

export interface DetailFetchOptions {
  /** The indexer itself (not the cache's read-through, which would answer from the cache when offline). */
  client: Pick<IndexerClient, 'proof' | 'proofs' | 'transaction'>
  history: IndexerHistory
  /** What the user watches now. */
  scope(): WatchedScope
  /** The session ended: a late page is not stored. */
  stopped(): boolean
  /** The progress changed: the connection state shows it. */
  onProgress(): void
}

export class DetailFetch {
  private readonly filler: ProofFiller
  private readonly backlog: DetailBacklog
  private readonly fetcher: BackgroundFetcher
  private progressTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly options: DetailFetchOptions) {
    const { client, history } = options
    this.filler = new ProofFiller({
      fetch: async (account) => history.recordProofs([await client.proof(account)]),
      fetchPage: async (query) => {
        const page = await client.proofs(query)
        if (!options.stopped()) history.recordProofs(page.items)
        return page
      },
      onWork: () => this.fetcher.wake(),
      onSettled: () => this.backlog.refreshIfLeftElsewhere(),
    })
    this.backlog = new DetailBacklog({
      history,
      client,
      filledElsewhere: (proofAccount) => this.filler.has(proofAccount),
      scope: () => options.scope(),
      onProgress: () => this.progressSoon(),
      onWork: () => this.fetcher.wake(),
    })
    this.fetcher = new BackgroundFetcher({ sources: [this.filler, this.backlog], onState: () => this.progressNow() })
  }

  /** Proofs the socket pushed, as summaries: their full records are asked first. */
  fill(proofs: Iterable<SeenProof>): void {
    this.filler.add(proofs)
  }

  /** Transactions of watched addresses arrived: their full records are fetched in turn. */
  transactionsArrived(signatures: readonly string[]): void {
    if (signatures.length === 0) return
    this.backlog.arrived(signatures)
    this.fetcher.wake()
  }

  /** New records of what the user watches may be in the cache, or the watchlist changed. */
  watchedChanged(): void {
    this.backlog.refresh()
    this.fetcher.wake()
  }

  /** Takes up what is left (at the start: what an earlier run left unfetched, from the cache). */
  wake(): void {
    this.fetcher.wake()
  }

  /** The indexer answers again. */
  online(): void {
    this.fetcher.online()
  }

  /** How far the background fetch of full records of what the user watches has got. */
  progress(): DetailFetchProgress {
    return { ...this.backlog.progress(), state: this.fetcher.state }
  }

  stop(): void {
    void this.fetcher.stop()
    this.filler.stop()
    if (this.progressTimer) clearTimeout(this.progressTimer)
    this.progressTimer = null
  }

  /** The fetcher started, stopped or paused: the connection state says so now. */
  private progressNow(): void {
    if (this.progressTimer) clearTimeout(this.progressTimer)
    this.progressTimer = null
    this.options.onProgress()
  }

  /** Progress while working: at most once a second, and no timer once it is quiet. */
  private progressSoon(): void {
    if (this.progressTimer) return
    this.progressTimer = setTimeout(() => {
      this.progressTimer = null
      this.options.onProgress()
    }, DETAIL_PROGRESS_PUSH_MS)
    this.progressTimer.unref?.()
  }
}
