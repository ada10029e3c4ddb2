/**
 * What the renderer sees of the offline history cache: how fresh a view's
 * data is, notification queries, search hits, the cache's state and
 * damage, and export requests.
 */
import type { NotificationKind, ProofQuery, TransactionQuery } from './domain'

export interface AddressActivityQuery {
  pubkey: string
  /** IANA time zone the days are counted in (the page's own); UTC when left out. */
  timeZone?: string
}

/** Transactions of one address on one day of the asked time zone. */
export interface ActivityDay {
  /** yyyy-mm-dd in the asked time zone. */
  day: string
  transactions: number
  failed: number
}

/**
 * What the cache holds of one address's transactions, summed up: every row
 * it keeps, not only a page. The indexer offers no such figures (its lists
 * carry only a `total`), so these are "from the cache".
 */
export interface AddressActivity {
  pubkey: string
  transactions: number
  failed: number
  /** Sum of the known fees, lamports as a decimal string. */
  fees: string
  /** Rows whose fee is unknown (left out of `fees`). */
  feesUnknown: number
  /** Epoch ms of the oldest and newest block time held; null when none has one. */
  firstSeen: number | null
  lastSeen: number | null
  /** Days with at least one transaction, oldest first (rows without a block time are in no day). */
  days: ActivityDay[]
}

// Defined with the pages and records it describes; named here too, where the cache's types are looked for.
export type { Freshness } from './domain'

export interface NotificationQuery {
  kind?: NotificationKind
  unreadOnly?: boolean
  /** Only entries of one watched address or followed circuit: `address:<pubkey>` or `circuit:<id>`. */
  topic?: string
  cursor?: string
  limit?: number
}

export type SearchHitKind = 'transaction' | 'proof' | 'address' | 'circuit' | 'notification'

export interface SearchHit {
  kind: SearchHitKind
  /** Signature, proof account, address, circuit id or notification id. */
  id: string
  title: string
  detail: string | null
  source: 'cache' | 'network'
}

export type CacheDamageKind =
  | 'truncated'
  | 'corrupt'
  | 'locked'
  | 'disk-full'
  | 'newer-schema'
  /** The data directory cannot hold a cache at all (no permission, not a directory). */
  | 'unavailable'

/** What went wrong with the cache file, and what was done about it. */
export interface CacheDamage {
  kind: CacheDamageKind
  message: string
  /** Where the damaged file was kept; null when it was left in place or there was none. */
  movedTo: string | null
  /** Records read back from the damaged file into the new cache (absent: none tried, or not done yet). */
  salvagedRows?: number
  /** The readable records of the damaged file are being copied into the new cache now. */
  salvaging?: boolean
  /** The cache is shown as it is but cannot be written (a read-only folder). */
  readOnly?: boolean
  /** Epoch ms. */
  at: number
}

export interface CacheLimits {
  maxBytes: number
  maxRows: number
}

export const DEFAULT_CACHE_LIMITS: Readonly<CacheLimits> = { maxBytes: 500 * 1024 * 1024, maxRows: 2_000_000 }

export interface CacheInfo extends CacheLimits {
  /** The cache file; ':memory:' while the cache lives in memory only (file locked or unusable). */
  path: string
  /** Bytes on disk (database plus write-ahead log). */
  bytes: number
  /** Records held: proofs, transactions, notifications, overview snapshots, series points, leaderboard entries. */
  rows: number
  damage: CacheDamage | null
  /** Records accepted but not yet written (they wait while the disk is full). */
  pendingWrites: number
  /** Whether notifications are searched with SQLite FTS5 (else a slower substring match). */
  fullTextSearch: boolean
}

export type ExportFormat = 'csv' | 'json'

export type ExportRequest =
  | { kind: 'proofs'; format: ExportFormat; filter: ProofQuery }
  | { kind: 'transactions'; format: ExportFormat; filter: TransactionQuery }

export interface ExportResult {
  kind: ExportRequest['kind']
  format: ExportFormat
  rows: number
  bytes: number
  /** The file written; null when streamed elsewhere (a download). */
  path: string | null
}
