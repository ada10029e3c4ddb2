/**
 * What the write path is asked to do: one operation per kind of record,
 * queued, coalesced and applied in a batch (history-writer.ts), and how many
 * records each writes. Apart from the writer so the coalescing step can
 * read it without importing the writer that calls it.
 */
import type {
  AppNotification,
  Circuit,
  LeaderboardEntry,
  Overview,
  Proof,
  ProofSummary,
  Series,
  Transaction,
  TransactionDetail,
} from '@shared/domain'
import type { CircuitCard } from '@shared/circuits'
import { chunks } from '@shared/chunks'

export type WriteOp =
  | { type: 'proofs'; indexer: string; at: number; proofs: readonly Proof[] }
  /** `own`: the user's proofs (`user:proofs`), kept from eviction. */
  | { type: 'proof-summaries'; indexer: string; at: number; summaries: readonly ProofSummary[]; own: boolean }
  /** `address`: the address the list or channel was asked for; these transactions involve it. */
  | { type: 'transactions'; indexer: string; at: number; transactions: readonly Transaction[]; address: string | null }
  | { type: 'transaction-detail'; indexer: string; at: number; detail: TransactionDetail }
  | { type: 'overview'; indexer: string; at: number; overview: Overview }
  | { type: 'series'; indexer: string; at: number; series: Series }
  | { type: 'leaderboard'; indexer: string; at: number; period: string; entries: readonly LeaderboardEntry[] }
  | { type: 'notifications'; indexer: string; at: number; notifications: readonly AppNotification[] }
  | { type: 'mark-read'; indexer: string; ids: readonly string[] | 'all' | { topic: string }; read: boolean }
  | { type: 'remove-notifications'; indexer: string; ids: readonly string[] }
  | { type: 'metadata'; indexer: string; at: number; patch: Record<string, unknown> }
  /** The indexer's own circuit list: names and types by id. */
  | { type: 'circuits'; indexer: string; circuits: readonly Circuit[] }
  /** The Circuits view's last read, key fingerprints included. */
  | { type: 'circuit-cards'; indexer: string; cards: readonly CircuitCard[] }

/**
 * Records in a part of a transaction cut by time (HistoryWriter.applyUntil):
 * a few milliseconds' worth on a large cache. The write queue holds an
 * operation of more records in parts of this size, so that a backfill's pages
 * can be cut too.
 */
export const PART_RECORDS = 8

/** How many records an operation writes (for batching and the pending bound). */
export function recordCount(op: WriteOp): number {
  switch (op.type) {
    case 'proofs':
      return op.proofs.length
    case 'proof-summaries':
      return op.summaries.length
    case 'transactions':
      return op.transactions.length
    case 'series':
      return op.series.points.length
    case 'leaderboard':
      return op.entries.length
    case 'notifications':
      return op.notifications.length
    case 'mark-read':
      return Array.isArray(op.ids) ? op.ids.length : 1
    case 'remove-notifications':
      return op.ids.length
    case 'circuits':
      return op.circuits.length
    case 'circuit-cards':
      return op.cards.length
    default:
      return 1
  }
}

/**
 * The operation in parts of at most `records` records, in order: a batch
 * takes whole operations, so a backfill's 10,000 transactions in one would be
 * one transaction of the cache's, and one stall of the thread that writes it.
 * Only the kinds whose records are written one by one are cut.
 */
export function splitOp(op: WriteOp, records: number): WriteOp[] {
  const size = Math.max(1, Math.floor(records))
  if (recordCount(op) <= size) return [op]
  switch (op.type) {
    case 'proofs':
      return chunks(op.proofs, size).map((proofs) => ({ ...op, proofs }))
    case 'proof-summaries':
      return chunks(op.summaries, size).map((summaries) => ({ ...op, summaries }))
    case 'transactions':
      return chunks(op.transactions, size).map((transactions) => ({ ...op, transactions }))
    default:
      return [op]
  }
}
