/**
 * The cached events of a time window that may have become native
 * notifications, for the rule preview (notify/rule-preview.ts): the centre's
 * entries other than the app's own bursts, and, in their place, each
 * transaction of a watched address and each proof of a followed circuit.
 * Newest first and bounded, so a busy cache costs a bounded read.
 */
import type { AppNotification, ProofSummary, Transaction } from '@shared/domain'
import { summaryFromProof } from '@shared/proof-summary'
import type { HistoryDatabase } from './database'
import { notificationFromRow, proofFromRow, transactionFromRow, type NotificationRow, type ProofRow, type TransactionRow } from './stored-records'

export type CachedEvent =
  | { kind: 'notification'; at: number; notification: AppNotification }
  | { kind: 'transaction'; at: number; address: string; transaction: Transaction }
  | { kind: 'circuitProof'; at: number; circuitId: string; proof: ProofSummary }

export interface CachedEvents {
  /** Newest first, at most the cap. */
  events: CachedEvent[]
  /** More events than the cap were in the window: the oldest were left out. */
  capped: boolean
}

export interface CachedEventsQuery {
  /** Epoch ms: events from then on. */
  since: number
  addresses: readonly string[]
  circuits: readonly string[]
  cap: number
}

// Bursts of watched addresses and followed circuits are read as the events they group, below.
const NOTIFICATIONS_SQL = `SELECT raw, received_at, read, subject, topic FROM notifications
  WHERE indexer_id = ? AND received_at >= ? AND kind NOT IN ('ADDRESS_TRANSACTION', 'CIRCUIT_PROOF') ORDER BY received_at DESC LIMIT ?`
const TRANSACTIONS_SQL = `SELECT t.raw, t.detail_raw, a.time FROM transaction_accounts a CROSS JOIN transactions t ON t.id = a.transaction_id
  WHERE a.indexer_id = ? AND a.account = ? AND a.time >= ? ORDER BY a.time DESC LIMIT ?`
const CIRCUIT_PROOFS_SQL = 'SELECT raw, complete, time FROM proofs WHERE indexer_id = ? AND circuit_id = ? AND time >= ? ORDER BY time DESC LIMIT ?'

/** A row that no longer decodes is left out, as the list views leave it out. */
function decoded<R, T>(rows: readonly R[], decode: (row: R) => T | null): T[] {
  const out: T[] = []
  for (const row of rows) {
    try {
      const value = decode(row)
      if (value !== null) out.push(value)
    } catch {
      continue
    }
  }
  return out
}

export function cachedEvents(database: HistoryDatabase, indexerId: number, query: CachedEventsQuery): CachedEvents {
  const limit = query.cap + 1
  const events: CachedEvent[] = decoded(database.statement(NOTIFICATIONS_SQL).all(indexerId, query.since, limit) as unknown as NotificationRow[], (row) => ({
    kind: 'notification' as const,
    at: row.received_at,
    notification: notificationFromRow(row),
  }))
  for (const address of query.addresses) {
    const rows = database.statement(TRANSACTIONS_SQL).all(indexerId, address, query.since, limit) as unknown as Array<TransactionRow & { time: number }>
    events.push(...decoded(rows, (row) => ({ kind: 'transaction' as const, at: row.time, address, transaction: transactionFromRow(row) })))
  }
  for (const circuitId of query.circuits) {
    const rows = database.statement(CIRCUIT_PROOFS_SQL).all(indexerId, circuitId, query.since, limit) as unknown as Array<ProofRow & { time: number }>
    events.push(...decoded(rows, (row) => ({ kind: 'circuitProof' as const, at: row.time, circuitId, proof: summaryFromProof(proofFromRow(row)) })))
  }
  events.sort((a, b) => b.at - a.at)
  return { events: events.slice(0, query.cap), capped: events.length > query.cap }
}
