/**
 * What the live side is told and what it tells back: the HTTP reads it needs,
 * the callbacks its events go out through, its status, and the backfill's
 * tuning. Kept apart from live-service.ts so a caller (the session, the
 * monitor, a test) reads the contract without the machinery behind it.
 */
import type {
  AppNotification,
  AddressTransaction,
  ChannelFollowing,
  ChannelStatus,
  CircuitProof,
  ErrorInfo,
  Overview,
  Page,
  Proof,
  ProofQuery,
  ProofSummary,
  Transaction,
  TransactionQuery,
} from '@shared/domain'
import type { CircuitFollowMode } from '@shared/watchlist'
import { INDEXER_PAGE_MAX } from '@shared/indexer-limits'
import type { Poller } from '../polling/poller'
import type { RateLimit } from '../polling/rate-limit'
import type { PushMemory } from './push-watch'
import type { EventOrigin } from './gap-free-stream'
import type { HeldIndex } from './held-index'
import type { FeedStatus } from './feed-socket'
import type { LiveTransportFactory } from './live-transport'

/** What LiveService asks over HTTP; IndexerClient provides it. */
export interface LiveSource {
  overview(): Promise<Overview>
  transactions(query: TransactionQuery): Promise<Page<Transaction>>
  proofs(query: ProofQuery): Promise<Page<Proof>>
  proofsByCircuit(circuitId: string, query?: { cursor?: string; limit?: number }): Promise<Page<Proof>>
}

export interface EmitMeta {
  origin: EventOrigin
}

export interface LiveServiceHandlers {
  onOverview?(overview: Overview, origin: 'live' | 'poll'): void
  onProofs?(proofs: ProofSummary[], meta: EmitMeta): void
  /** Full records of a page fetched over HTTP (backfill, first fetch, poll), before the streams see them as summaries. */
  onProofRecords?(proofs: Proof[]): void
  onUserProofs?(proofs: ProofSummary[], meta: EmitMeta): void
  onNotifications?(notifications: AppNotification[], meta: EmitMeta): void
  onAddressTransactions?(items: AddressTransaction[], meta: EmitMeta): void
  onCircuitProofs?(items: CircuitProof[], meta: EmitMeta): void
  /** A followed circuit is streamed (`live`) or, refused by the server, polled (`reason`: its words). */
  onCircuitMode?(circuitId: string, mode: CircuitFollowMode, reason: string | null): void
  onStatus?(status: LiveServiceStatus): void
  /** Counters or the last event moved without a status change: called per event, so it must be cheap. */
  onCounters?(): void
  onProblem?(problem: ErrorInfo): void
}

export interface LiveCounters {
  /** Live events received on streams with identities. */
  events: number
  /** Items dropped because they were already held or handed on. */
  duplicates: number
  /** Items fetched over HTTP that the socket had not brought. */
  backfilled: number
  /** Frames the socket dropped: malformed, oversized or for nothing followed. */
  droppedFrames: number
}

export interface LiveServiceStatus {
  socket: FeedStatus
  /** The transport's channels, plus polled circuits (`mode: 'polled'`). */
  channels: ChannelStatus[]
  /** Channels with missed events not fetched yet. */
  syncing: string[]
  /** The socket is live, every channel subscribed (or polled) and nothing is left to fetch. */
  synced: boolean
  counters: LiveCounters
  /** How each kind of channel is followed on this indexer (pushed, polled, failing), measured. */
  following: ChannelFollowing[]
}

export interface BackfillTuning {
  /** Items per page asked. Default 200, the most the indexer's lists give: fewer requests under its rate limit. */
  pageSize: number
  /**
   * Pages per backfill of an address, circuit or the user's proofs. Default
   * 100: 20,000 items, so that a busy address's hours offline come back
   * whole, while a backfill held in memory stays bounded.
   */
  maxPages: number
  /**
   * Pages per backfill of the global proof feed. Default 100, as for an
   * address: a 40 s outage at 470 proofs/s comes back whole.
   */
  feedMaxPages: number
  /** No backfill asks a page after this long (waits on the indexer's rate limit count). Default 120 s. */
  maxBackfillMs: number
  /** Backfills at once (many addresses after a reconnect). Default 4. */
  concurrency: number
  retryBaseMs: number
  retryCapMs: number
  /** Live events held back per stream during one backfill. Default 5000. */
  maxBuffered: number
}

export interface LiveServiceOptions {
  source: LiveSource
  wsUrl: string
  /** Credentials for the socket upgrade. */
  headers?: () => Record<string, string>
  handlers: LiveServiceHandlers
  /** Default: a SocketPool (channels spread over sockets past the server's per-socket limit). */
  transport?: LiveTransportFactory
  /** Default: in memory. */
  held?: HeldIndex
  /** Subscribe `user:notifications` and `user:proofs` (needs a credential). Default false. */
  userChannels?: boolean
  /** The user's wallet: `user:proofs` is backfilled from /api/proofs?authority=. */
  userAuthority?: string | null
  addresses?: readonly string[]
  circuits?: readonly string[]
  /** Shared with other polls so activity applies to all; default one of its own. */
  poller?: Poller
  /** The overview is polled this often while the socket does not bring it. Default 10 s. */
  overviewPollMs?: number
  /** A circuit the server will not stream is polled this often. Default 15 s. */
  circuitPollMs?: number
  backfill?: Partial<BackfillTuning>
  random?: () => number
  /** What was learned of which channels this indexer pushes; default one of its own (nothing remembered). */
  pushMemory?: PushMemory
  /** The indexer's key in that memory. Default the socket URL. */
  indexerKey?: string
  /** How long the socket has to bring what an HTTP read found before its kind is marked not pushed. Default 8 s. */
  pushGraceMs?: number
  /** A kind the indexer pushes is checked over HTTP this often (and after each reconnect). Default 15 min. */
  pushCheckMs?: number
  /** After a reconnect, the pushed kinds are checked this much later (once backfills are done). Default 30 s. */
  recheckAfterLiveMs?: number
  /** The proof feed, when not pushed, is read this often. Default 5 s. */
  proofPollMs?: number
  /** The wallet's proofs, when not pushed, are read this often. Default 15 s. */
  userProofPollMs?: number
  /** Items per head read of a poll (1–5 keeps it cheap). Default 5. */
  headLimit?: number
  /** The indexer's rate limit as its answers say it; default one of its own (nothing known). */
  rateLimit?: RateLimit
  /** Tests: addresses not pushed are read this often instead of on the budget's intervals. */
  addressPollMs?: number
}

export const DEFAULT_BACKFILL: BackfillTuning = {
  pageSize: INDEXER_PAGE_MAX,
  maxPages: 100,
  feedMaxPages: 100,
  maxBackfillMs: 120_000,
  concurrency: 4,
  retryBaseMs: 1000,
  retryCapMs: 30_000,
  maxBuffered: 5000,
}
