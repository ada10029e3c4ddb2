/**
 * What the demo network publishes and answers, as types: its events, the
 * records a publish returns, the overview's figures, the list filters and
 * the series' metrics and periods. Kept apart from network.ts so the HTTP
 * API, the socket hub and the wire format read them without the model.
 */
import type { SeriesPeriod } from '@shared/domain'
import type { DemoProofType } from './catalog'
import type { OtherTransactionSpec } from './record-factory'
import type { DemoTxStatus, NotificationRecord, ProofRecord, TransactionRecord } from './records'

const DAY_MS = 24 * 60 * 60_000

export const SERIES_METRICS = ['tps', 'proofs24h', 'activeUsers24h'] as const
export type SeriesMetricName = (typeof SERIES_METRICS)[number]
export type OtherTransactionKind = OtherTransactionSpec['kind']

export const SERIES_PERIOD_MS: Readonly<Record<SeriesPeriod, number>> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
}

export type NetworkEvent =
  | { kind: 'proof'; proof: ProofRecord; transaction: TransactionRecord }
  | { kind: 'revocation'; proof: ProofRecord; transaction: TransactionRecord }
  | { kind: 'transaction'; transaction: TransactionRecord }
  | { kind: 'notification'; notification: NotificationRecord }

export type NetworkListener = (event: NetworkEvent) => void

export interface PublishedProof {
  proof: ProofRecord
  transaction: TransactionRecord
  /** Set when the proof is the demo wallet's. */
  notification: NotificationRecord | null
}

export interface PublishProofOptions {
  authority?: string
  circuitId?: number
  /** Epoch ms; never earlier than the newest record. Default clock(). */
  at?: number
}

export interface PublishTransactionOptions {
  kind?: OtherTransactionKind
  feePayer?: string
  counterparty?: string
  failed?: boolean
  at?: number
}

/** The overview's figures, as numbers. */
export interface NetworkFigures {
  tps: number
  slot: number
  totalProofs: number
  proofs24h: number
  avgVerifyTimeMs: number
  activeUsers24h: number
  rpcLatencyMs: number
}

export interface ProofFilter {
  authority?: string
  type?: DemoProofType
  circuitId?: number
  /** Only with the demo's optional state filter (the reference deployment has none). */
  state?: 'verified' | 'revoked'
  cursor?: string
  limit: number
}

export interface TransactionFilter {
  pubkey?: string
  status?: DemoTxStatus
  /** Epoch ms, inclusive. */
  fromMs?: number
  toMs?: number
  cursor?: string
  limit: number
}
