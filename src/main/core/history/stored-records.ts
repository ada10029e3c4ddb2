/**
 * Rows back into domain records. A row keeps the record's raw form as
 * received; reading decodes it again with the indexer decoders, so unknown
 * fields and exact 64-bit strings come back as they arrived and the wire
 * names stay in the decode-* files. Columns only order, filter and index.
 */
import { topicOfKey } from '@shared/unread'
import { reasonOf } from '@shared/notification-reason'
import type { AppNotification, NotificationGroup, Overview, Proof, Transaction, TransactionDetail, U64 } from '@shared/domain'
import {
  decodeNotification,
  decodeOverview,
  decodeProof,
  decodeProofSummary,
  decodeTransaction,
  decodeTransactionDetail,
} from '../indexer/decode'
import { proofFromSummary } from '@shared/proof-summary'

/** SQLite integers are signed 64-bit; a larger u64 (never seen on a real chain) sorts as the largest. */
const MAX_SQLITE_INTEGER = 9_223_372_036_854_775_807n

/** A u64 string as an orderable SQLite integer; -1 when unknown. */
export function slotKey(value: U64 | null): number | bigint {
  if (value === null) return -1
  const number = Number(value)
  if (Number.isSafeInteger(number)) return number
  const big = BigInt(value)
  return big > MAX_SQLITE_INTEGER ? MAX_SQLITE_INTEGER : big
}

/** Epoch ms as an orderable integer; -1 when unknown. */
export function timeKey(value: number | null): number {
  return value === null || !Number.isFinite(value) ? -1 : Math.round(value)
}

export function rawText(raw: Record<string, unknown>): string {
  return JSON.stringify(raw)
}


export interface ProofRow {
  complete: number
  raw: string
}

export function proofFromRow(row: ProofRow): Proof {
  const raw: unknown = JSON.parse(row.raw)
  return row.complete === 1 ? decodeProof(raw) : proofFromSummary(decodeProofSummary(raw))
}

export interface TransactionRow {
  /** Empty when only the full record was received. */
  raw: string
  detail_raw: string | null
}

export function transactionFromRow(row: TransactionRow): Transaction {
  if (row.raw === '' && row.detail_raw !== null) return listItemOf(decodeTransactionDetail(JSON.parse(row.detail_raw)))
  return decodeTransaction(JSON.parse(row.raw))
}

export function detailFromRow(row: TransactionRow): TransactionDetail | null {
  return row.detail_raw === null ? null : decodeTransactionDetail(JSON.parse(row.detail_raw))
}

/** The list item inside a full transaction record. */
export function listItemOf(detail: TransactionDetail): Transaction {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { errorMessage, logs, instructions, ...item } = detail
  return item
}

/** Where an entry's reason is kept in its stored raw record: a name no indexer field has. */
const REASON_KEY = 'proofwatchReason'

/** The raw record an entry is stored as: as received, with the centre's reason beside it. */
export function notificationRaw(notification: AppNotification): string {
  return rawText(notification.reason ? { ...notification.raw, [REASON_KEY]: notification.reason } : notification.raw)
}

export interface NotificationRow {
  raw: string
  received_at: number
  read: number
  subject: string | null
  topic?: string | null
}

export function notificationFromRow(row: NotificationRow): AppNotification {
  const notification: AppNotification = { ...decodeNotification(JSON.parse(row.raw), row.received_at), read: row.read === 1 }
  const group = groupOf(notification.extra.group)
  if (group !== null) {
    notification.group = group
    // The centre's own field, not something the indexer sent.
    const { group: _group, ...extra } = notification.extra
    notification.extra = extra
  }
  if (REASON_KEY in notification.extra) {
    // The centre's own field (see notificationRaw); entries stored before reasons have none, which is fine.
    const { [REASON_KEY]: stored, ...extra } = notification.extra
    const { [REASON_KEY]: _reason, ...raw } = notification.raw
    notification.extra = extra
    notification.raw = raw
    const reason = reasonOf(stored)
    if (reason !== null) notification.reason = reason
  }
  if (row.subject !== null) notification.subject = JSON.parse(row.subject) as AppNotification['subject']
  const topic = row.topic ? topicOfKey(row.topic) : null
  if (topic !== null) notification.topic = topic
  return notification
}

function groupOf(value: unknown): NotificationGroup | null {
  if (typeof value !== 'object' || value === null) return null
  const { count, failed, items, lastAt } = value as Partial<NotificationGroup>
  if (typeof count !== 'number' || !Array.isArray(items)) return null
  const group: NotificationGroup = { count, failed: typeof failed === 'number' ? failed : 0, items: items.filter((item) => typeof item?.subject?.id === 'string' && typeof item.text === 'string') }
  if (typeof lastAt === 'number' && Number.isFinite(lastAt)) group.lastAt = lastAt
  return group
}

export interface OverviewRow {
  raw: string
  observed_at: number
}

export function overviewFromRow(row: OverviewRow): Overview {
  // The observation time stands in for a server timestamp the record did not carry, as when it arrived.
  return decodeOverview(JSON.parse(row.raw), row.observed_at)
}
