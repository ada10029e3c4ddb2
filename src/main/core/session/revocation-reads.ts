/**
 * How one session finds a revoked proof of the user's or of a watched
 * address. Revocations are never pushed (docs/wire.md): the heads of those
 * authorities' proofs are read again on a schedule (revocation-watch.ts), and
 * a stored proof that any read finds changed under its id is the same news.
 * Both take the centre's one path, as the indexer's PROOF_REVOKED does: one
 * entry per revoked proof, whoever saw it first.
 */
import type { ErrorInfo } from '@shared/domain'
import { summaryFromProof } from '@shared/proof-summary'
import type { HistoryCache } from '../history/history-cache'
import type { RecordChange } from '../history/history-writer'
import type { IndexerHistory } from '../history/indexer-history'
import type { IndexerClient } from '../indexer/client'
import type { Logger } from '../log/log'
import type { NotificationCentre } from '../notify/notification-centre'
import type { RateLimit } from '../polling/rate-limit'
import type { WatchlistModel } from '../watchlist/watchlist-model'
import { RevocationWatch } from './revocation-watch'

export interface RevocationReadsOptions {
  client: Pick<IndexerClient, 'proofs'>
  /** The cache file: written before the cache is asked, and telling of stored records that changed. */
  cache: Pick<HistoryCache, 'flush' | 'onRecordChanged'>
  history: Pick<IndexerHistory, 'proof' | 'recordProofs'>
  /** This indexer's key in the cache (indexer/url.ts). */
  indexer: string
  /** The wallet the session follows; null: none. */
  wallet: string | null
  watchlist: Pick<WatchlistModel, 'watchedPubkeys'>
  centre: Pick<NotificationCentre, 'revokedProofs'>
  log: Logger
  rateLimit: Pick<RateLimit, 'blockedUntil'>
  /** The session ended: a late page is not stored. */
  stopped(): boolean
  onProblem(problem: ErrorInfo): void
  /** Tuning for tests: how often the heads are read again. */
  intervalMs?: number
}

export class RevocationReads {
  private readonly watch: RevocationWatch
  private readonly unsubscribeChanges: () => void

  constructor(private readonly options: RevocationReadsOptions) {
    const { client, cache, history, wallet, watchlist, centre, log } = options
    this.watch = new RevocationWatch({
      fetchPage: (authority, limit) => client.proofs({ authority, limit }),
      knownRevoked: async (accounts) => {
        await cache.flush()
        return new Map(accounts.map((account) => [account, history.proof(account).data?.revoked ?? null]))
      },
      record: (proofs) => {
        if (!options.stopped()) history.recordProofs(proofs)
      },
      onRevoked: (items) => {
        log.info('proofs found revoked', { count: items.length })
        centre.revokedProofs(items.map(({ proof, own }) => ({ proof: summaryFromProof(proof), own })))
      },
      scope: () => ({ wallet, watched: watchlist.watchedPubkeys() }),
      blockedUntil: () => options.rateLimit.blockedUntil(),
      onError: (error) => options.onProblem({ ...error, message: `Reading proofs again for revocations failed: ${error.message}` }),
      intervalMs: options.intervalMs,
    })
    this.unsubscribeChanges = cache.onRecordChanged((changes) => this.recordsChanged(changes))
  }

  start(): void {
    this.watch.start()
  }

  stop(): void {
    this.unsubscribeChanges()
    this.watch.stop()
  }

  /**
   * Stored proofs whose standing changed under their id: said in the log,
   * and a proof of the user's (or of a watched address) that became revoked
   * is a notification under the rule for revoked proofs.
   */
  private recordsChanged(changes: readonly RecordChange[]): void {
    const { wallet } = this.options
    const mine = new Set([...(wallet ? [wallet] : []), ...this.options.watchlist.watchedPubkeys()])
    for (const change of changes) {
      if (change.indexer !== this.options.indexer) continue
      this.options.log.warn(`a stored proof changed under its id: ${change.field} was ${JSON.stringify(change.before)}, now ${JSON.stringify(change.after)}`, { proofAccount: change.proofAccount })
      const authority = change.proof.authority
      // The same path as the scheduled re-read and the indexer's PROOF_REVOKED: one entry per revoked proof, whoever saw it first.
      if (change.field === 'revoked' && change.after === true && authority !== null && mine.has(authority)) {
        this.options.centre.revokedProofs([{ proof: summaryFromProof(change.proof), own: authority === wallet }])
      }
    }
  }
}
