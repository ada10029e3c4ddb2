/**
 * Typed GETs for the indexer's endpoints: arguments checked before sending,
 * parameters negotiated, bodies decoded tolerantly.
 */
import {
  SERIES_PERIODS,
  type AppNotification,
  type Circuit,
  type LeaderboardEntry,
  type LeaderboardQuery,
  type Overview,
  type Page,
  type Proof,
  type ProofQuery,
  type Series,
  type SeriesQuery,
  type Transaction,
  type TransactionDetail,
  type TransactionQuery,
} from '@shared/domain'
import type { CircuitDetail, CircuitFacts } from '@shared/circuits'
import type { PublicProfile } from '@shared/profiles'
import {
  optionalDate,
  optionalLimit,
  optionalPubkey,
  requirePubkey,
  optionalText,
  requireOneOf,
  requireProofAccount,
  requireSignature,
  requireText,
} from './arguments'
import {
  decodeCircuitList,
  decodeCircuitCatalog,
  decodeCircuitDetail,
  decodePublicProfile,
  decodeLeaderboard,
  decodeNotificationPage,
  decodeOverview,
  decodeProof,
  decodeProofPage,
  decodeSeries,
  decodeTransactionDetail,
  decodeTransactionPage,
  type PageCap,
} from './decode'
import { ConditionalCache } from './conditional-cache'
import { requestJson, type RequestOptions } from './http'
import { dedupeById } from './page-duplicates'
import type { HttpOutcome } from './http-health'
import {
  createParameterMemory,
  negotiate,
  type Negotiated,
  type NegotiatedParameter,
  type ParameterMemory,
} from './negotiation'
import { buildUrl, indexerKey, normalizeBaseUrl, type QueryValue } from './url'
import { INDEXER_NOTIFICATION_PAGE_MAX, INDEXER_PAGE_MAX } from '@shared/indexer-limits'

export { indexerKey }

export const PROOF_PAGE_LIMIT = { min: 1, max: INDEXER_PAGE_MAX } as const
export const TRANSACTION_PAGE_LIMIT = { min: 1, max: INDEXER_PAGE_MAX } as const
export const LEADERBOARD_LIMIT = { min: 1, max: 100 } as const
export const NOTIFICATION_PAGE_LIMIT = { min: 1, max: INDEXER_NOTIFICATION_PAGE_MAX } as const
/** The seed lists only 24h for the leaderboard. */
export const DEFAULT_LEADERBOARD_PERIOD = '24h'
const MAX_CURSOR_LENGTH = 2048

export interface IndexerClientOptions {
  baseUrl: string
  fetch?: typeof fetch
  timeoutMs?: number
  /** The whole of one request, its retries included. */
  deadlineMs?: number
  retries?: number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** Extra headers for every request (credentials). */
  headers?: () => Record<string, string>
  memory?: ParameterMemory
  /**
   * Where bodies with validators are kept for conditional requests. Default: a
   * cache of this client's own; false sends every request unconditionally.
   */
  conditional?: ConditionalCache | false
  /** Told how every request ended: the indexer's HTTP health is the client's to know. */
  onOutcome?: (outcome: HttpOutcome) => void
  /** A list answered more items than the `limit` asked (or than the endpoint allows): the rest were dropped unread. */
  onTrimmed?: (trim: PageTrim) => void
  /** A page named the same id more than once: one copy was kept (page-duplicates.ts). */
  onDuplicates?: (duplicates: PageDuplicates) => void
}

/** Ids one page held more than once. */
export interface PageDuplicates {
  list: string
  /** Up to ten of the ids. */
  ids: string[]
  dropped: number
}

/** One answer cut to the page size asked. */
export interface PageTrim {
  /** 'notifications', 'proofs', 'transactions'. */
  list: string
  answered: number
  asked: number
}

/** A large list answer is cut to the page size before it is parsed (http.ts, long-lists.ts). */
function listCut(cap: PageCap | undefined): Pick<RequestOptions, 'listLimit' | 'onListCut'> {
  if (!cap) return {}
  return { listLimit: cap.limit, onListCut: (answered) => cap.onTrimmed?.(answered) }
}

export class IndexerClient {
  /** The normalised base URL, also the key that keeps this indexer's data apart. */
  readonly baseUrl: string
  private readonly request: RequestOptions
  private readonly memory: ParameterMemory
  /** Null when conditional requests are off. */
  readonly conditional: ConditionalCache | null
  private readonly onOutcome: (outcome: HttpOutcome) => void
  private readonly onTrimmed: (trim: PageTrim) => void
  private readonly onDuplicates: (duplicates: PageDuplicates) => void

  constructor(options: IndexerClientOptions) {
    this.onOutcome = options.onOutcome ?? (() => {})
    this.onTrimmed = options.onTrimmed ?? (() => {})
    this.onDuplicates = options.onDuplicates ?? (() => {})
    this.baseUrl = normalizeBaseUrl(options.baseUrl)
    this.memory = options.memory ?? createParameterMemory()
    this.request = {}
    if (options.fetch) this.request.fetch = options.fetch
    if (options.timeoutMs !== undefined) this.request.timeoutMs = options.timeoutMs
    if (options.deadlineMs !== undefined) this.request.deadlineMs = options.deadlineMs
    if (options.retries !== undefined) this.request.retries = options.retries
    if (options.sleep) this.request.sleep = options.sleep
    if (options.random) this.request.random = options.random
    if (options.headers) this.request.headers = options.headers
    this.conditional = options.conditional === false ? null : (options.conditional ?? new ConditionalCache())
    if (this.conditional) this.request.conditional = this.conditional
  }

  async overview(): Promise<Overview> {
    const body = await this.get('/api/stats/overview')
    return decodeOverview(body, Date.now())
  }

  /** `metric` in the seed's terms (`proofs`) is translated to what the server accepts. */
  async series(query: SeriesQuery): Promise<Series> {
    const metric = requireText(query?.metric, 'The series metric', 64)
    const period = requireOneOf(query?.period, SERIES_PERIODS, 'The series period')
    const { result, sent } = await this.negotiated(
      [
        { name: 'metric', asked: metric },
        { name: 'period', asked: period },
      ],
      (values) => this.get('/api/stats/timeseries', {}, values),
    )
    return decodeSeries(result, { metric, period }, sent.metric)
  }

  async leaderboard(query: LeaderboardQuery = {}): Promise<LeaderboardEntry[]> {
    const period = optionalText(query?.period, 'The leaderboard period', 32) ?? DEFAULT_LEADERBOARD_PERIOD
    const limit = optionalLimit(query?.limit, LEADERBOARD_LIMIT)
    const { result } = await this.negotiated([{ name: 'period', asked: period }], (values) =>
      this.get('/api/stats/leaderboard', {}, { ...values, limit }),
    )
    return decodeLeaderboard(result)
  }

  /**
   * /api/proofs. `state` is sent as a `state` parameter, which no known
   * indexer documents: whoever calls checks the answer (see proof-listing.ts).
   * `circuitId` is not a parameter of this endpoint (see proofsByCircuit).
   */
  async proofs(query: Omit<ProofQuery, 'circuitId'> = {}): Promise<Page<Proof>> {
    const authority = optionalPubkey(query?.authority, 'The authority filter')
    const type = optionalText(query?.type, 'The proof type filter', 64)?.toUpperCase()
    const state = optionalText(query?.state, 'The state filter', 32)
    const cursor = optionalText(query?.cursor, 'The cursor', MAX_CURSOR_LENGTH)
    const limit = optionalLimit(query?.limit, PROOF_PAGE_LIMIT)
    const parameters: NegotiatedParameter[] = type === undefined ? [] : [{ name: 'type', asked: type, caseOnly: true }]
    const { result } = await this.negotiated(parameters, (values) =>
      this.get('/api/proofs', {}, { authority, ...values, state, cursor, limit }, this.cap('proofs', limit, PROOF_PAGE_LIMIT)),
    )
    return this.oncePerId('proofs', decodeProofPage(result, this.cap('proofs', limit, PROOF_PAGE_LIMIT)), (proof) => proof.proofAccount, (proof) => proof.slotVerified)
  }

  /** The indexer's circuits (docs/wire.md, Accounts); a 404 means it lists none. */
  async circuits(): Promise<Circuit[]> {
    // The path as the reference deployment was seen answering it, trailing slash included.
    return decodeCircuitList(await this.get('/api/circuits/'))
  }

  /** The circuit list with every field it carries (the Circuits view); a 404 means it lists none. */
  async circuitCatalog(): Promise<CircuitFacts[]> {
    return decodeCircuitCatalog(await this.get('/api/circuits/'))
  }

  /** One circuit with its verifying key (docs/wire.md, Accounts). */
  async circuitDetail(circuitId: string): Promise<CircuitDetail> {
    const id = requireText(circuitId, 'A circuit id', 128)
    return decodeCircuitDetail(await this.get('/api/circuits/:circuitId', { circuitId: id }))
  }

  /** An address's public profile; 404 where the indexer has none (or no such user). Never retried: a name is a nicety, asked again another time. */
  async publicProfile(pubkey: string): Promise<PublicProfile> {
    const checked = requirePubkey(pubkey, 'The address')
    const response = await this.send(buildUrl(this.baseUrl, '/api/users/:pubkey', { pubkey: checked }, {}), { ...this.request, retries: 0 })
    return decodePublicProfile(response.body)
  }

  async proof(proofAccount: string): Promise<Proof> {
    const account = requireProofAccount(proofAccount)
    return decodeProof(await this.get('/api/proofs/:proofAccount', { proofAccount: account }))
  }

  async proofsByCircuit(circuitId: string, query: { cursor?: string; limit?: number } = {}): Promise<Page<Proof>> {
    const id = requireText(circuitId, 'A circuit id', 128)
    const cursor = optionalText(query?.cursor, 'The cursor', MAX_CURSOR_LENGTH)
    const limit = optionalLimit(query?.limit, PROOF_PAGE_LIMIT)
    const body = await this.get('/api/proofs/by-circuit/:circuitId', { circuitId: id }, { cursor, limit }, this.cap('proofs', limit, PROOF_PAGE_LIMIT))
    return this.oncePerId('proofs', decodeProofPage(body, this.cap('proofs', limit, PROOF_PAGE_LIMIT)), (proof) => proof.proofAccount, (proof) => proof.slotVerified)
  }

  async transactions(query: TransactionQuery = {}): Promise<Page<Transaction>> {
    const pubkey = optionalPubkey(query?.pubkey, 'The address filter')
    const type = optionalText(query?.type, 'The transaction type filter', 64)
    const status = optionalText(query?.status, 'The status filter', 64)?.toUpperCase()
    const fromDate = optionalDate(query?.fromDate, 'The start date')
    const toDate = optionalDate(query?.toDate, 'The end date')
    const cursor = optionalText(query?.cursor, 'The cursor', MAX_CURSOR_LENGTH)
    const limit = optionalLimit(query?.limit, TRANSACTION_PAGE_LIMIT)
    const parameters: NegotiatedParameter[] =
      status === undefined ? [] : [{ name: 'status', asked: status, caseOnly: true }]
    const { result } = await this.negotiated(parameters, (values) =>
      this.get('/api/transactions', {}, { pubkey, type, ...values, fromDate, toDate, cursor, limit }, this.cap('transactions', limit, TRANSACTION_PAGE_LIMIT)),
    )
    return this.oncePerId('transactions', decodeTransactionPage(result, this.cap('transactions', limit, TRANSACTION_PAGE_LIMIT)), (tx) => tx.signature, (tx) => tx.slot)
  }

  /** One record per id, the highest slot's; the repeat is reported. */
  private oncePerId<T>(list: string, page: Page<T>, idOf: (item: T) => string, slotOf?: (item: T) => string | null): Page<T> {
    const { items, repeated, dropped } = dedupeById(page.items, idOf, slotOf)
    if (dropped === 0) return page
    this.onDuplicates({ list, ids: repeated.slice(0, 10), dropped })
    return { ...page, items }
  }

  /** A page holds at most the `limit` asked; unasked, at most what the endpoint allows. */
  private cap(list: string, limit: number | undefined, range: { max: number }): PageCap {
    const asked = limit ?? range.max
    return { limit: asked, onTrimmed: (answered) => this.onTrimmed({ list, answered, asked }) }
  }

  /** The signed-in user's notifications, newest first (docs/wire.md, Accounts); 404 where the indexer keeps none. */
  async notifications(query: { cursor?: string; limit?: number } = {}): Promise<Page<AppNotification>> {
    const limit = optionalLimit(query.limit, NOTIFICATION_PAGE_LIMIT)
    const params: Record<string, QueryValue> = { limit }
    const cursor = optionalText(query.cursor, 'The cursor', MAX_CURSOR_LENGTH)
    if (cursor !== undefined) params.cursor = cursor
    // Read state changes without a new body ETag being promised: always asked afresh.
    const cap = this.cap('notifications', limit, NOTIFICATION_PAGE_LIMIT)
    const response = await requestJson(buildUrl(this.baseUrl, '/api/notifications', {}, params), { ...this.request, conditional: undefined, ...listCut(cap) })
    return this.oncePerId('notifications', decodeNotificationPage(response.body, Date.now(), cap), (notification) => notification.id)
  }

  async markNotificationRead(id: string): Promise<void> {
    const checked = requireText(id, 'A notification id', 256)
    await requestJson(buildUrl(this.baseUrl, '/api/notifications/:id/read', { id: checked }), { ...this.request, conditional: undefined, method: 'POST', body: {} })
  }

  async markAllNotificationsRead(): Promise<void> {
    await requestJson(buildUrl(this.baseUrl, '/api/notifications/read-all'), { ...this.request, conditional: undefined, method: 'POST', body: {} })
  }

  async transaction(signature: string): Promise<TransactionDetail> {
    const checked = requireSignature(signature)
    return decodeTransactionDetail(await this.get('/api/transactions/:signature', { signature: checked }))
  }

  private negotiated<T>(
    parameters: readonly NegotiatedParameter[],
    send: (values: Record<string, string>) => Promise<T>,
  ): Promise<Negotiated<T>> {
    return negotiate({ memory: this.memory, indexer: this.baseUrl }, parameters, send)
  }

  private async get(
    template: string,
    pathParams: Record<string, string> = {},
    query: Record<string, QueryValue> = {},
    list?: PageCap,
  ): Promise<unknown> {
    const response = await this.send(buildUrl(this.baseUrl, template, pathParams, query), { ...this.request, ...listCut(list) })
    return response.body
  }

  /** Every request goes out here, so its outcome is reported whoever asked (a view, a poll, a backfill). */
  private async send(url: string, request: RequestOptions): ReturnType<typeof requestJson> {
    try {
      const response = await requestJson(url, request)
      // The headers go with it: they carry the indexer's rate limit (docs/wire.md).
      this.onOutcome({ ok: true, headers: response.headers })
      return response
    } catch (error) {
      this.onOutcome({ ok: false, error })
      throw error
    }
  }
}
