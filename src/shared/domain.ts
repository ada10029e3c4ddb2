/**
 * Domain types shared by core, preload and renderer. These are the decoded,
 * normalised shapes: the field names and variants of what the indexer sends
 * are known only to the decode-*.ts files in src/main/core/indexer.
 */
import type { NotificationReason } from './notification-reason'
import type { ErrorInfo } from './error-info'

export type { ErrorCode, ErrorInfo } from './error-info'
export { PUSH_KINDS } from './connection-state'
export type {
  SocketState,
  ChannelState,
  HttpState,
  ChannelStatus,
  UserChannelsState,
  ConnectionState,
  PushKind,
  ChannelFollowing,
  AddressFollowing,
  DetailFetchProgress,
} from './connection-state'

/** Where a view's data came from, and when it was fetched from the indexer. */
export interface Freshness {
  source: 'network' | 'cache'
  /** Epoch ms the data was fetched from the indexer; null when nothing is held. */
  fetchedAt: number | null
  /** Set when the indexer could not be reached and the cache answered instead. */
  offline?: ErrorInfo
  /**
   * The cache held only a summary of this record (a live event, a list item):
   * its full detail (logs, instructions, public inputs, state) was never
   * fetched, so the fields it lacks are unknown, not empty.
   */
  summaryOnly?: boolean
}

/** A 64-bit value kept exact as a decimal string (slot, totals, lamports). */
export type U64 = string

/** Known enum values; any other string the server sends is kept and shown. */
export type ProofType = 'BALANCE' | 'OWNERSHIP' | 'AGE' | 'MEMBERSHIP' | 'CUSTOM' | (string & {})
export type TxStatus = 'SUCCESS' | 'FAILED' | (string & {})
export type NotificationKind =
  | 'PROOF_VERIFIED'
  | 'PROOF_REVOKED'
  | 'SYSTEM'
  | 'CIRCUIT_REGISTERED'
  | ActivityNotificationKind
  | (string & {})

/**
 * Entries main adds to the notification centre for activity the user
 * follows (their proofs, followed circuits, watched addresses), so the
 * centre keeps every event that may notify, not only `user:notifications`.
 */
export const ACTIVITY_NOTIFICATION_KINDS = ['USER_PROOF', 'CIRCUIT_PROOF', 'ADDRESS_TRANSACTION', 'HEALTH'] as const
export type ActivityNotificationKind = (typeof ACTIVITY_NOTIFICATION_KINDS)[number]

export const PROOF_TYPES = ['BALANCE', 'OWNERSHIP', 'AGE', 'MEMBERSHIP', 'CUSTOM'] as const
export const TX_STATUSES = ['SUCCESS', 'FAILED'] as const
export const SERIES_PERIODS = ['24h', '7d', '30d'] as const
export type SeriesPeriod = (typeof SERIES_PERIODS)[number]
/** `proofs` is the seed's name; servers may only accept e.g. `proofs24h`. */
export type SeriesMetric = 'proofs' | 'tps' | 'proofs24h' | 'activeUsers24h' | (string & {})

/** Every decoded record keeps what arrived, so unknown fields are never lost. */
export interface RawKept {
  /** The record exactly as received. */
  raw: Record<string, unknown>
  /** Fields the decoder does not know, shown in a raw view. */
  extra: Record<string, unknown>
}

export interface Overview extends RawKept {
  tps: number | null
  slot: U64 | null
  epoch: U64 | null
  totalProofs: U64 | null
  proofs24h: U64 | null
  avgVerifyTimeMs: number | null
  activeUsers24h: U64 | null
  rpcLatencyMs: number | null
  status: string | null
  /** Epoch ms: the server's timestamp when it sent one, else when it was received. */
  observedAt: number
  freshness?: Freshness
}

export interface SeriesPoint {
  /** Epoch ms. */
  t: number
  value: number
}

export interface SeriesQuery {
  metric: SeriesMetric
  period: SeriesPeriod
}

export interface Series {
  /** The metric asked for. */
  metric: SeriesMetric
  /** The metric name the server accepted (after negotiation). */
  serverMetric: string
  period: SeriesPeriod
  points: SeriesPoint[]
  freshness?: Freshness
}

export interface LeaderboardQuery {
  period?: string
  limit?: number
}

export interface LeaderboardEntry extends RawKept {
  rank: number
  pubkey: string
  proofCount: U64
}

export interface Leaderboard {
  entries: LeaderboardEntry[]
  freshness?: Freshness
}

export interface Proof extends RawKept {
  proofAccount: string
  signature: string | null
  authority: string | null
  circuitId: string | null
  circuitName: string | null
  proofType: ProofType | null
  publicInputs: Record<string, unknown>
  verified: boolean | null
  /** Epoch ms. */
  verifiedAt: number | null
  slotVerified: U64 | null
  revoked: boolean | null
  freshness?: Freshness
}

/** What the `proofs` and `user:proofs` channels push: a summary, not the full record. */
export interface ProofSummary extends RawKept {
  proofAccount: string
  authority: string | null
  circuitId: string | null
  proofType: ProofType | null
  slot: U64 | null
}

/** A proof's state as the list filter names it: verified and standing, or revoked. */
export const PROOF_STATES = ['verified', 'revoked'] as const
export type ProofState = (typeof PROOF_STATES)[number]

export interface ProofQuery {
  authority?: string
  type?: ProofType
  /** Only this circuit's proofs (the indexer's /api/proofs/by-circuit/:id where it has one). */
  circuitId?: string
  state?: ProofState
  /** ISO date or date-time, inclusive, on the time it was verified; no known indexer has it, so it is applied here. */
  fromDate?: string
  toDate?: string
  cursor?: string
  limit?: number
}

/** A circuit the indexer verifies proofs for. */
export interface Circuit {
  id: string
  /** As the indexer names it (`balance_proof`), null when only its id has been seen. */
  name: string | null
  proofType: ProofType | null
  description: string | null
  /** Whether the indexer accepts proofs of it (GET /api/circuits `enabled`); absent or null: not said, as for ids only seen in proofs. */
  enabled?: boolean | null
}

export interface CircuitList {
  circuits: Circuit[]
  /** `indexer`: its own list (/api/circuits); `seen`: the ids seen in proofs, as the indexer lists none. */
  origin: 'indexer' | 'seen'
  freshness?: Freshness
}

export interface Transaction extends RawKept {
  signature: string
  slot: U64 | null
  /** Epoch ms, or null when the chain has no block time. */
  blockTime: number | null
  fee: U64 | null
  feePayer: string | null
  status: TxStatus | null
  computeUnits: U64 | null
  programIds: string[]
}

export interface Instruction {
  index: number
  programId: string | null
  accounts: string[]
  decoded: unknown
}

export interface TransactionDetail extends Transaction {
  errorMessage: string | null
  logs: string[]
  instructions: Instruction[]
  freshness?: Freshness
}

export interface TransactionQuery {
  pubkey?: string
  type?: string
  status?: TxStatus
  /** ISO date or date-time. */
  fromDate?: string
  toDate?: string
  cursor?: string
  limit?: number
}

export interface Page<T> {
  items: T[]
  /** Null when there is nothing more to fetch. */
  nextCursor: string | null
  total: U64 | null
  /**
   * Filters of the query ProofWatch applied itself, on what the indexer
   * answered or on the cache, because the indexer has none (absent: all
   * were the indexer's, or the page came from the cache, which has them all).
   */
  localFilters?: string[]
  freshness?: Freshness
}

/**
 * Where a read comes from. `cache`: only what the history store holds, at
 * once (views show it first). Default: the indexer, falling back to the
 * cache when it cannot be reached (the result's freshness says which).
 */
export interface ReadOptions {
  source?: 'cache' | 'network'
}

export interface AppNotification extends RawKept {
  id: string
  kind: NotificationKind
  title: string
  body: string
  /** Epoch ms. */
  receivedAt: number
  read: boolean
  /** What the notification is about, when it names one: its detail view. */
  subject?: Subject | null
  /** The watched address or followed circuit it belongs to: its unread count is counted there. */
  topic?: (Subject & { kind: 'address' | 'circuit' }) | null
  /** A burst shown as one entry ("5 new transactions on Treasury"): what it groups, expandable. */
  group?: NotificationGroup | null
  /** Why it is here: the rule that let it through, in words (entries stored before reasons have none). */
  reason?: NotificationReason | null
}

export interface NotificationGroup {
  /** Events in the burst (more than `items` holds when it was long). */
  count: number
  /** Of those, failed transactions. */
  failed: number
  /** The first ones, oldest first, each with its link. */
  items: NotificationGroupItem[]
  /** Epoch ms of its latest event (the entry's receivedAt is its first): what the centre shows. */
  lastAt?: number
}

export interface NotificationGroupItem {
  subject: Subject
  /** A short name for it (a shortened signature, a proof type and account). */
  text: string
  /** Epoch ms. */
  at: number
  failed?: boolean
}

/** Something with a detail view: the target of links, notifications and deep links. */
export interface Subject {
  kind: 'transaction' | 'proof' | 'address' | 'circuit'
  id: string
}

/** A proof pushed on a `proofs:circuit:{id}` channel, or found by polling a circuit the server will not stream. */
export interface CircuitProof {
  circuitId: string
  proof: ProofSummary
}

/** A transaction pushed on an `address:{pubkey}:txs` channel. */
export interface AddressTransaction {
  address: string
  transaction: Transaction
}
