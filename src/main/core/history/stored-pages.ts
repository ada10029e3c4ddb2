/**
 * Reading the cache a page at a time: one keyset query per page (nothing held
 * open between pages, so writes and eviction go on meanwhile), a bounded
 * total, and the time the rows shown were stored.
 */
import type { Page, Proof, Transaction } from '@shared/domain'
import type { HistoryDatabase } from './database'
import {
  ANCHOR_SQL,
  encodeCursor,
  proofCountQuery,
  proofPageQuery,
  transactionCountQuery,
  transactionPageQuery,
  type Anchor,
  type ProofFilter,
  type Query,
  type TransactionFilter,
} from './local-filter'
import { proofFromRow, transactionFromRow, type ProofRow, type TransactionRow } from './stored-records'

/** What the cache holds for a question, and when it was stored (null: nothing held). */
export interface Stored<T> {
  data: T
  storedAt: number | null
  /** Only a summary of the record is held (a live summary, a list item): its full detail was never fetched. */
  summaryOnly?: boolean
}

/** Counting more matches than this costs more than a page read is allowed to. */
export const TOTAL_COUNT_LIMIT = 10_000

export function nothing<T>(): Stored<T | null> {
  return { data: null, storedAt: null }
}

export function storedEmptyPage<T>(): Stored<Page<T>> {
  return { data: emptyPage<T>(), storedAt: null }
}

export function emptyPage<T>(total: string | null = '0'): Page<T> {
  return { items: [], nextCursor: null, total }
}

export function rowsOf<R>(db: HistoryDatabase, query: Query): R[] {
  return db.statement(query.sql).all(...query.params) as R[]
}

/** Exact up to TOTAL_COUNT_LIMIT matches; beyond that null (unknown), so a page of a million rows stays fast. */
export function countUpTo(db: HistoryDatabase, count: (cap: number) => Query): string | null {
  const query = count(TOTAL_COUNT_LIMIT + 1)
  const row = db.statement(query.sql).get(...query.params) as { n: number }
  return row.n > TOTAL_COUNT_LIMIT ? null : String(row.n)
}

/** `rows`: up to `limit + 1` rows, the extra one telling that a next page exists. */
export function storedPage<R extends { stored_at: number }, T>(
  rows: readonly R[],
  limit: number,
  decode: (row: R) => T | null,
  keyOf: (item: T) => string,
  total: string | null,
): Stored<Page<T>> {
  const items: T[] = []
  let storedAt: number | null = null
  for (const row of rows.slice(0, limit)) {
    const item = decode(row)
    if (item === null) continue
    items.push(item)
    storedAt = storedAt === null ? row.stored_at : Math.max(storedAt, row.stored_at)
  }
  const last = items[items.length - 1]
  const nextCursor = rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null
  return { data: { items, nextCursor, total }, storedAt }
}

/** Every page, one keyset query each (for export). */
export function* allPages<T>(read: (afterKey: string | undefined) => Page<T>, keyOf: (item: T) => string): Generator<T[]> {
  let afterKey: string | undefined
  for (;;) {
    const page = read(afterKey)
    if (page.items.length > 0) yield page.items
    const last = page.items[page.items.length - 1]
    if (page.nextCursor === null || last === undefined) return
    afterKey = keyOf(last)
  }
}

/** How one kind of listed record is read a page at a time: where a cursor's row sits, its page and count statements, its rows' decoder and its cursor key. */
export interface Listing<F, R, T> {
  anchorSql: string
  pageQuery(indexerId: number, filter: F, anchor: Anchor | null, limit: number): Query
  countQuery(indexerId: number, filter: F, cap: number): Query
  fromRow(row: R): T
  keyOf(item: T): string
}

export const PROOF_LISTING: Listing<ProofFilter, ProofRow, Proof> = {
  anchorSql: ANCHOR_SQL.proof,
  pageQuery: proofPageQuery,
  countQuery: proofCountQuery,
  fromRow: proofFromRow,
  keyOf: (proof) => proof.proofAccount,
}

export const TRANSACTION_LISTING: Listing<TransactionFilter, TransactionRow, Transaction> = {
  anchorSql: ANCHOR_SQL.transaction,
  pageQuery: transactionPageQuery,
  countQuery: transactionCountQuery,
  fromRow: transactionFromRow,
  keyOf: (tx) => tx.signature,
}
