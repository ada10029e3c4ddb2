/**
 * The indexer client with the history cache behind it. A `network` read
 * (the default) asks the indexer, writes what it answers into the cache and
 * says so in its freshness; when the indexer cannot be reached (unreachable,
 * timed out, a 5xx) it answers from the cache instead, marked offline with
 * the reason. A `cache` read answers only from the cache, at once.
 */
import type {
  Circuit,
  CircuitList,
  ErrorInfo,
  Leaderboard,
  LeaderboardQuery,
  Overview,
  Page,
  Proof,
  ProofQuery,
  ReadOptions,
  Series,
  SeriesQuery,
  Transaction,
  TransactionDetail,
  TransactionQuery,
} from '@shared/domain'
import { isOfflineError, ProofWatchError, toErrorInfo } from '@shared/errors'
import type { Freshness, SearchHit } from '@shared/history'
import { isBase58 } from '@shared/ids'
import { PROOF_ACCOUNT_LENGTH, SIGNATURE_LENGTH } from '../indexer/arguments'
import type { IndexerClient } from '../indexer/client'
import { byCircuitId, type IndexerHistory, type Stored } from './indexer-history'
import { ProofListing } from './proof-listing'
import type { SearchOptions } from './search'

type Source = NonNullable<ReadOptions['source']>

/** Failures after which the cache answers instead: the indexer is out of reach, not refusing the question. */
export interface CachedIndexerOptions {
  clock?: () => number
  /** An address's transactions were listed from the indexer and kept (`address`: the pubkey filter, null without one). */
  onTransactionsListed?(address: string | null): void
}

export class CachedIndexer {
  private readonly clock: () => number
  private readonly onTransactionsListed: CachedIndexerOptions['onTransactionsListed']

  private readonly proofListing: ProofListing

  constructor(
    readonly client: IndexerClient,
    readonly history: IndexerHistory,
    options: CachedIndexerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now
    this.proofListing = new ProofListing(client, history)
    this.onTransactionsListed = options.onTransactionsListed
  }

  overview(options?: ReadOptions): Promise<Overview> {
    return this.one(options, 'No overview', () => this.client.overview(), (o) => this.history.recordOverview(o), () => this.history.overview())
  }

  series(query: SeriesQuery, options?: ReadOptions): Promise<Series> {
    return this.one(
      options,
      'This series',
      () => this.client.series(query),
      (series) => this.history.recordSeries(series),
      () => this.history.series(query),
    )
  }

  leaderboard(query: LeaderboardQuery, options?: ReadOptions): Promise<Leaderboard> {
    return this.one<Leaderboard>(
      options,
      'The leaderboard',
      async () => ({ entries: await this.client.leaderboard(query) }),
      (list) => this.history.recordLeaderboard(query, list.entries),
      () => {
        const stored = this.history.leaderboard(query)
        return { data: stored.data === null ? null : { entries: stored.data }, storedAt: stored.storedAt }
      },
    )
  }

  /** With a circuit or state filter the indexer may lack, see proof-listing.ts. */
  async listProofs(query: ProofQuery, options?: ReadOptions): Promise<Page<Proof>> {
    const fromCache = (): Stored<Page<Proof>> => this.proofListing.fromCache(query ?? {})
    let instead: Stored<Page<Proof>> | null = null
    const page = await this.page(
      options,
      async () => {
        const answer = await this.proofListing.fromIndexer(query ?? {})
        if (answer !== null) return answer
        instead = fromCache()
        return instead.data
      },
      () => {}, // Every page read was recorded as it came.
      fromCache,
    )
    if (instead === null) return page
    // No by-circuit list at this indexer: the cache's answer, said to be one.
    return { ...page, freshness: { source: 'cache', fetchedAt: (instead as Stored<Page<Proof>>).storedAt } }
  }

  /** The indexer's circuits where it lists them (names kept for later), else those the cache has seen. */
  async circuits(options?: ReadOptions): Promise<CircuitList> {
    const seen = (): Stored<CircuitList> => {
      const stored = this.history.circuits()
      return { data: { circuits: stored.data, origin: 'seen' }, storedAt: stored.storedAt }
    }
    const cachedList = (offline?: ErrorInfo): CircuitList => {
      const stored = seen()
      return withFreshness(stored.data, { source: 'cache', fetchedAt: stored.storedAt, ...(offline === undefined ? {} : { offline }) })
    }
    if (sourceOf(options) === 'cache') return cachedList()
    let listed: Circuit[]
    try {
      listed = await this.client.circuits()
    } catch (error) {
      const info = toErrorInfo(error)
      if (info.status === 404) return cachedList()
      if (!isOfflineError(info)) throw error
      return cachedList(info)
    }
    this.keep((circuits: Circuit[]) => this.history.recordCircuits(circuits), listed)
    // Ids seen in proofs that the list leaves out are still circuits the user meets.
    const ids = new Set(listed.map((circuit) => circuit.id))
    let others: Circuit[] = []
    try {
      others = seen().data.circuits.filter((circuit) => !ids.has(circuit.id))
    } catch {
      // The indexer's list is the answer; the cache reports its own problems.
    }
    return withFreshness({ circuits: [...listed, ...others].sort(byCircuitId), origin: 'indexer' }, { source: 'network', fetchedAt: this.clock() })
  }

  proofsByCircuit(circuitId: string, query: { cursor?: string; limit?: number } = {}, options?: ReadOptions): Promise<Page<Proof>> {
    return this.page(
      options,
      () => this.client.proofsByCircuit(circuitId, query),
      (page) => this.history.recordProofs(page.items),
      () => this.history.listProofsByCircuit(circuitId, query),
    )
  }

  proof(proofAccount: string, options?: ReadOptions): Promise<Proof> {
    return this.one(
      options,
      `The proof ${proofAccount}`,
      () => this.client.proof(proofAccount),
      (proof) => this.history.recordProofs([proof]),
      () => this.history.proof(proofAccount),
    )
  }

  listTransactions(query: TransactionQuery, options?: ReadOptions): Promise<Page<Transaction>> {
    return this.page(
      options,
      () => this.client.transactions(query),
      // Every item of an address's list involves that address, whatever its instructions say.
      (page) => {
        const address = query?.pubkey ? query.pubkey.trim() : null
        this.history.recordTransactions(page.items, address ? { address } : {})
        if (page.items.length > 0) this.onTransactionsListed?.(address)
      },
      () => this.history.listTransactions(query),
    )
  }

  transaction(signature: string, options?: ReadOptions): Promise<TransactionDetail> {
    return this.one(
      options,
      `The transaction ${signature}`,
      () => this.client.transaction(signature),
      (detail) => this.history.recordTransactionDetail(detail),
      () => this.savedTransaction(signature),
    )
  }

  /** The full record when it was fetched once, else the list item it was seen as (marked a summary). */
  private savedTransaction(signature: string): Stored<TransactionDetail | null> {
    const detail = this.history.transaction(signature)
    if (detail.data !== null) return detail
    const item = this.history.transactionItem(signature)
    if (item.data === null) return { data: null, storedAt: null }
    return { data: { ...item.data, errorMessage: null, logs: [], instructions: [] }, storedAt: item.storedAt, summaryOnly: true }
  }

  /**
   * Searches the cache; with `network`, a signature or proof account the
   * cache does not hold is looked up at the indexer too (and then cached).
   */
  async search(text: string, options: SearchOptions & { network?: boolean } = {}): Promise<SearchHit[]> {
    const hits = await this.history.search(text, options)
    const query = typeof text === 'string' ? text.trim() : ''
    if (!options.network || hits.some((hit) => hit.id === query) || !isBase58(query)) return hits
    const found: SearchHit[] = []
    if (query.length >= SIGNATURE_LENGTH.min && query.length <= SIGNATURE_LENGTH.max) {
      const detail = await this.lookup(() => this.client.transaction(query))
      if (detail !== null) {
        this.history.recordTransactionDetail(detail)
        found.push({ kind: 'transaction', id: detail.signature, title: detail.signature, detail: detail.status, source: 'network' })
      }
    }
    if (query.length >= PROOF_ACCOUNT_LENGTH.min && query.length <= PROOF_ACCOUNT_LENGTH.max) {
      const proof = await this.lookup(() => this.client.proof(query))
      if (proof !== null) {
        this.history.recordProofs([proof])
        const detail = [proof.circuitName, proof.proofType].filter(Boolean).join(' · ') || null
        found.push({ kind: 'proof', id: proof.proofAccount, title: proof.proofAccount, detail, source: 'network' })
      }
    }
    return [...found, ...hits]
  }

  // --- internals ------------------------------------------------------------------

  /** A single record: a cache miss is NOT_FOUND in cache mode, and the network's own error when offline. */
  private async one<T extends object>(
    options: ReadOptions | undefined,
    what: string,
    network: () => Promise<T>,
    record: (value: T) => void,
    cached: () => Stored<T | null>,
  ): Promise<T & { freshness: Freshness }> {
    return this.networkFirst(options, network, record, (offline, networkError) => {
      const stored = offline === null ? cached() : fromCacheOr(cached, networkError)
      if (stored.data === null) {
        if (offline !== null) throw networkError
        throw new ProofWatchError({ code: 'NOT_FOUND', message: `${what} is not in the offline cache yet`, retryable: true })
      }
      return withFreshness(stored.data, { source: 'cache', fetchedAt: stored.storedAt, ...(offline === null ? {} : { offline }), ...summaryMark(stored) })
    })
  }

  /** A list page: offline, the cache's page is the answer even when it is empty (the freshness says why). */
  private async page<T>(
    options: ReadOptions | undefined,
    network: () => Promise<Page<T>>,
    record: (page: Page<T>) => void,
    cached: () => Stored<Page<T>>,
  ): Promise<Page<T>> {
    return this.networkFirst(options, network, record, (offline, networkError) => {
      const stored = offline === null ? cached() : fromCacheOr(cached, networkError)
      return withFreshness(stored.data, { source: 'cache', fetchedAt: stored.storedAt, ...(offline === null ? {} : { offline }) })
    })
  }

  /**
   * The network's answer, kept in the cache; `fromCache` answers instead in
   * cache mode (`offline` null) and when the network is offline (`offline`
   * says why, `networkError` is what it threw). Any other failure is thrown.
   */
  private async networkFirst<T extends object>(
    options: ReadOptions | undefined,
    network: () => Promise<T>,
    record: (value: T) => void,
    fromCache: (offline: ErrorInfo | null, networkError?: unknown) => T & { freshness: Freshness },
  ): Promise<T & { freshness: Freshness }> {
    if (sourceOf(options) === 'cache') return fromCache(null)
    let value: T
    try {
      value = await network()
    } catch (error) {
      const offline = toErrorInfo(error)
      if (!isOfflineError(offline)) throw error
      return fromCache(offline, error)
    }
    this.keep(record, value)
    return withFreshness(value, { source: 'network', fetchedAt: this.clock() })
  }

  /** The answer stands even when the cache cannot take it (the store reports its own problems). */
  private keep<T>(record: (value: T) => void, value: T): void {
    try {
      record(value)
    } catch {
      // Nothing to add: the indexer's answer is what the user asked for.
    }
  }

  private async lookup<T>(fetch: () => Promise<T>): Promise<T | null> {
    try {
      return await fetch()
    } catch {
      // Not found, refused or offline: the search shows what the cache has.
      return null
    }
  }
}

/** The cache's answer; when the cache itself fails, the indexer's failure is the one to show. */
function fromCacheOr<T>(cached: () => Stored<T>, networkError: unknown): Stored<T> {
  try {
    return cached()
  } catch {
    throw networkError
  }
}

function summaryMark(stored: Stored<unknown>): Pick<Freshness, 'summaryOnly'> {
  return stored.summaryOnly ? { summaryOnly: true } : {}
}

function sourceOf(options: ReadOptions | undefined): Source {
  const source = options?.source ?? 'network'
  if (source !== 'cache' && source !== 'network') {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `A read comes from 'cache' or 'network'; got ${JSON.stringify(source)}` })
  }
  return source
}

function withFreshness<T extends object>(value: T, freshness: Freshness): T & { freshness: Freshness } {
  return { ...value, freshness }
}
