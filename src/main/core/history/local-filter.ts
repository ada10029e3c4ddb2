/**
 * The list filters applied to the cache, with the server's semantics (see
 * the demo indexer's http-api.ts and network.ts, which follow the reference
 * deployment): proofs by exact authority, upper-case type and circuit;
 * transactions by address (fee payer or any instruction account), upper-case
 * status and an inclusive date range on the block time, which no
 * transaction without a block time matches; `type` on transactions is
 * accepted and ignored. Newest first; a cursor is base64url of the last
 * item's key, as the reference server's, and one that names nothing held
 * gives an empty last page. Arguments are checked as the client checks them.
 */
import { topicOfKey } from '@shared/unread'
import type { SQLInputValue } from 'node:sqlite'
import type { ProofQuery, TransactionQuery } from '@shared/domain'
import type { NotificationQuery } from '@shared/history'
import { ProofWatchError } from '@shared/errors'
import { optionalDate, optionalLimit, optionalPubkey, optionalText, requireText } from '../indexer/arguments'
import { PROOF_PAGE_LIMIT, TRANSACTION_PAGE_LIMIT } from '../indexer/client'
import { cacheCursorAfter } from '@shared/cache-cursor'

/** The server's page size when none is asked for. */
export const DEFAULT_PAGE_LIMIT = 50
/** The cache's own cap on a page of kept notifications: it reads its own file, so the indexer's page (INDEXER_NOTIFICATION_PAGE_MAX) does not bind it. */
export const CACHED_NOTIFICATION_PAGE_LIMIT = { min: 1, max: 200 } as const
const MAX_CURSOR_LENGTH = 2048

export interface ProofFilter {
  authority?: string
  type?: string
  circuitId?: string
  /** Epoch ms of verification, inclusive. */
  fromMs?: number
  toMs?: number
}

export interface TransactionFilter {
  pubkey?: string
  status?: string
  /** Epoch ms, inclusive. */
  fromMs?: number
  toMs?: number
}

export interface NotificationFilter {
  kind?: string
  unreadOnly: boolean
  /** `address:<pubkey>` or `circuit:<id>`. */
  topic?: string
}

export interface Paging {
  /** The key the cursor names (proof account, signature, notification id). */
  afterKey?: string
  limit: number
}

export function encodeCursor(key: string): string {
  return cacheCursorAfter(key)
}

export function decodeCursor(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString('utf8')
}

function paging(query: { cursor?: unknown; limit?: unknown }, range: { min: number; max: number }): Paging {
  const cursor = optionalText(query.cursor, 'The cursor', MAX_CURSOR_LENGTH)
  const limit = optionalLimit(query.limit, range) ?? DEFAULT_PAGE_LIMIT
  return cursor === undefined ? { limit } : { afterKey: decodeCursor(cursor), limit }
}

function asQuery<T extends object>(query: unknown): Partial<T> {
  if (query === undefined || query === null) return {}
  if (typeof query !== 'object') {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `A query must be an object, got ${typeof query}` })
  }
  return query as Partial<T>
}

export function proofFilterOf(input: ProofQuery | undefined): { filter: ProofFilter; paging: Paging } {
  const query = asQuery<ProofQuery>(input)
  const filter: ProofFilter = {}
  const authority = optionalPubkey(query.authority, 'The authority filter')
  const type = optionalText(query.type, 'The proof type filter', 64)?.toUpperCase()
  const circuitId = optionalText(query.circuitId, 'The circuit filter', 128)
  if (authority !== undefined) filter.authority = authority
  if (type !== undefined) filter.type = type
  if (circuitId !== undefined) filter.circuitId = circuitId
  const fromDate = optionalDate(query.fromDate, 'The start date')
  const toDate = optionalDate(query.toDate, 'The end date')
  if (fromDate !== undefined) filter.fromMs = Date.parse(fromDate)
  if (toDate !== undefined) filter.toMs = Date.parse(toDate)
  // `state` is not a column: proof-listing.ts applies it to the decoded rows.
  return { filter, paging: paging(query, PROOF_PAGE_LIMIT) }
}

export function circuitFilterOf(circuitId: unknown, input: { cursor?: string; limit?: number } | undefined) {
  const query = asQuery<{ cursor?: string; limit?: number }>(input)
  return { filter: { circuitId: requireText(circuitId, 'A circuit id', 128) } as ProofFilter, paging: paging(query, PROOF_PAGE_LIMIT) }
}

export function transactionFilterOf(input: TransactionQuery | undefined): { filter: TransactionFilter; paging: Paging } {
  const query = asQuery<TransactionQuery>(input)
  const filter: TransactionFilter = {}
  const pubkey = optionalPubkey(query.pubkey, 'The address filter')
  // Checked like the client checks it, then ignored like the server ignores it.
  optionalText(query.type, 'The transaction type filter', 64)
  const status = optionalText(query.status, 'The status filter', 64)?.toUpperCase()
  const fromDate = optionalDate(query.fromDate, 'The start date')
  const toDate = optionalDate(query.toDate, 'The end date')
  if (pubkey !== undefined) filter.pubkey = pubkey
  if (status !== undefined) filter.status = status
  if (fromDate !== undefined) filter.fromMs = Date.parse(fromDate)
  if (toDate !== undefined) filter.toMs = Date.parse(toDate)
  return { filter, paging: paging(query, TRANSACTION_PAGE_LIMIT) }
}

export function notificationFilterOf(input: NotificationQuery | undefined): { filter: NotificationFilter; paging: Paging } {
  const query = asQuery<NotificationQuery>(input)
  const kind = optionalText(query.kind, 'The notification kind filter', 64)?.toUpperCase()
  if (query.unreadOnly !== undefined && typeof query.unreadOnly !== 'boolean') {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'unreadOnly must be true or false' })
  }
  const filter: NotificationFilter = { unreadOnly: query.unreadOnly === true }
  if (kind !== undefined) filter.kind = kind
  const topic = optionalText(query.topic, 'The address or circuit filter', 256)
  if (topic !== undefined) {
    if (topicOfKey(topic) === null) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'The filter must name an address or a circuit (address:<pubkey>, circuit:<id>)' })
    filter.topic = topic
  }
  return { filter, paging: paging(query, CACHED_NOTIFICATION_PAGE_LIMIT) }
}

/** A statement with its parameters. */
export interface Query {
  sql: string
  params: SQLInputValue[]
}

/** Where a page starts: the sort key of the row the cursor names. */
export interface Anchor {
  /** Decimal text: node:sqlite refuses to read an integer above 2^53 as a number; the INTEGER column compares it as one. */
  slot: string
  time: number
  id: number
}

export const ANCHOR_SQL = {
  proof: 'SELECT CAST(slot AS TEXT) AS slot, time, id FROM proofs WHERE indexer_id = ? AND proof_account = ?',
  transaction: 'SELECT CAST(slot AS TEXT) AS slot, time, id FROM transactions WHERE indexer_id = ? AND signature = ?',
  notification: 'SELECT received_at AS time, id FROM notifications WHERE indexer_id = ? AND notification_id = ?',
} as const

/** SQL conditions joined by AND, each added with its parameters, in order. */
class Conditions {
  private readonly where: string[] = []
  readonly params: SQLInputValue[] = []

  add(condition: string, ...params: SQLInputValue[]): void {
    this.where.push(condition)
    this.params.push(...params)
  }

  /** Unknown times are stored as -1: a lower bound of at least 0 leaves them out. */
  addTimeRange(column: string, fromMs: number | undefined, toMs: number | undefined): void {
    if (fromMs === undefined && toMs === undefined) return
    this.add(`${column} >= ?`, Math.max(0, fromMs ?? 0))
    if (toMs !== undefined) this.add(`${column} <= ?`, toMs)
  }

  get sql(): string {
    return this.where.join(' AND ')
  }
}

function proofWhere(indexerId: number, filter: ProofFilter): Query {
  const conditions = new Conditions()
  conditions.add('indexer_id = ?', indexerId)
  // One index drives the scan (the most selective); `+` keeps SQLite from picking another.
  if (filter.authority !== undefined) conditions.add('authority = ?', filter.authority)
  if (filter.circuitId !== undefined) conditions.add(filter.authority === undefined ? 'circuit_id = ?' : '+circuit_id = ?', filter.circuitId)
  if (filter.type !== undefined) {
    conditions.add(filter.authority === undefined && filter.circuitId === undefined ? 'proof_type = ?' : '+proof_type = ?', filter.type)
  }
  conditions.addTimeRange('time', filter.fromMs, filter.toMs)
  return { sql: conditions.sql, params: conditions.params }
}

export function proofPageQuery(indexerId: number, filter: ProofFilter, anchor: Anchor | null, limit: number): Query {
  const where = proofWhere(indexerId, filter)
  const keyset = anchor === null ? '' : ' AND (slot, time, id) < (?, ?, ?)'
  return {
    sql: `SELECT id, complete, raw, stored_at FROM proofs WHERE ${where.sql}${keyset} ORDER BY slot DESC, time DESC, id DESC LIMIT ?`,
    params: [...where.params, ...(anchor === null ? [] : [anchor.slot, anchor.time, anchor.id]), limit],
  }
}

/** Counts matches, stopping after `cap` (a count of a million rows would cost more than the page). */
export function proofCountQuery(indexerId: number, filter: ProofFilter, cap: number): Query {
  const where = proofWhere(indexerId, filter)
  return { sql: `SELECT count(*) AS n FROM (SELECT 1 FROM proofs WHERE ${where.sql} LIMIT ?)`, params: [...where.params, cap] }
}

interface TransactionPlan {
  from: string
  where: string
  params: SQLInputValue[]
  /** The sort key, newest first, as columns of `from`. */
  order: [string, string, string]
}

/**
 * How a transaction filter is read. An address walks that address's rows;
 * a date range walks the block-time index (rows without a block time cannot
 * match, and among the rest time and slot rise together, so time order is
 * slot order); anything else walks slot order, by status when asked.
 */
function transactionPlan(indexerId: number, filter: TransactionFilter, forCount = false): TransactionPlan {
  const dated = filter.fromMs !== undefined || filter.toMs !== undefined
  const byAddress = filter.pubkey !== undefined
  const alias = byAddress ? 'a' : 't'
  const conditions = new Conditions()
  conditions.add(`${alias}.indexer_id = ?`, indexerId)
  if (byAddress) conditions.add('a.account = ?', filter.pubkey as string)
  // With a date range the time index drives; `+` keeps the status index out of it.
  if (filter.status !== undefined) conditions.add(dated && !byAddress ? '+t.status = ?' : 't.status = ?', filter.status)
  conditions.addTimeRange(`${alias}.time`, filter.fromMs, filter.toMs)
  const joined = !byAddress || filter.status !== undefined || !forCount
  const from = byAddress ? (joined ? 'transaction_accounts a CROSS JOIN transactions t ON t.id = a.transaction_id' : 'transaction_accounts a') : 'transactions t'
  const id = byAddress ? 'a.transaction_id' : 't.id'
  const order: [string, string, string] = dated && !byAddress ? ['t.time', 't.slot', id] : [`${alias}.slot`, `${alias}.time`, id]
  return { from, where: conditions.sql, params: conditions.params, order }
}

export function transactionPageQuery(indexerId: number, filter: TransactionFilter, anchor: Anchor | null, limit: number): Query {
  const { from, where, params, order } = transactionPlan(indexerId, filter)
  const timeFirst = order[0] === 't.time'
  const keyset = anchor === null ? '' : ` AND (${order.join(', ')}) < (?, ?, ?)`
  const anchorValues = anchor === null ? [] : timeFirst ? [anchor.time, anchor.slot, anchor.id] : [anchor.slot, anchor.time, anchor.id]
  return {
    sql: `SELECT t.id, t.raw, t.detail_raw, t.stored_at FROM ${from} WHERE ${where}${keyset} ORDER BY ${order.map((column) => `${column} DESC`).join(', ')} LIMIT ?`,
    params: [...params, ...anchorValues, limit],
  }
}

export function transactionCountQuery(indexerId: number, filter: TransactionFilter, cap: number): Query {
  const { from, where, params } = transactionPlan(indexerId, filter, true)
  return { sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ?)`, params: [...params, cap] }
}

function notificationWhere(indexerId: number, filter: NotificationFilter): Query {
  const conditions = new Conditions()
  conditions.add('indexer_id = ?', indexerId)
  if (filter.kind !== undefined) conditions.add('kind = ?', filter.kind)
  if (filter.unreadOnly) conditions.add('read = 0')
  if (filter.topic !== undefined) conditions.add('topic = ?', filter.topic)
  return { sql: conditions.sql, params: conditions.params }
}

export function notificationPageQuery(indexerId: number, filter: NotificationFilter, anchor: Omit<Anchor, 'slot'> | null, limit: number): Query {
  const where = notificationWhere(indexerId, filter)
  const keyset = anchor === null ? '' : ' AND (received_at, id) < (?, ?)'
  return {
    sql: `SELECT id, raw, received_at, read, subject, topic, stored_at FROM notifications WHERE ${where.sql}${keyset} ORDER BY received_at DESC, id DESC LIMIT ?`,
    params: [...where.params, ...(anchor === null ? [] : [anchor.time, anchor.id]), limit],
  }
}

export function notificationCountQuery(indexerId: number, filter: NotificationFilter, cap: number): Query {
  const where = notificationWhere(indexerId, filter)
  return { sql: `SELECT count(*) AS n FROM (SELECT 1 FROM notifications WHERE ${where.sql} LIMIT ?)`, params: [...where.params, cap] }
}
