/**
 * What the demo network holds in memory. Compact on purpose (numbers, shared
 * arrays); wire-format.ts turns a record into what the server sends.
 */
import type { TX_STATUSES } from '@shared/domain'
import type { DemoCircuit } from './catalog'

export type DemoTxStatus = (typeof TX_STATUSES)[number]

export interface ProofRecord {
  /** Order of creation; also the newest-first order of every list. */
  readonly seq: number
  readonly proofAccount: string
  /** The transaction that verified it. */
  readonly signature: string
  readonly authority: string
  readonly circuit: DemoCircuit
  readonly publicInputs: Readonly<Record<string, unknown>>
  verified: boolean
  revoked: boolean
  readonly slot: number
  /** Epoch ms. */
  readonly timeMs: number
}

/** What a transaction did; logs and instructions are derived from it. */
export type TransactionBody =
  | { readonly kind: 'verify'; readonly proof: ProofRecord }
  | { readonly kind: 'failed-verify'; readonly circuitId: number; readonly proofAccount: string }
  | { readonly kind: 'revoke'; readonly proof: ProofRecord }
  | { readonly kind: 'transfer'; readonly to: string; readonly lamports: number }
  | {
      readonly kind: 'token'
      readonly source: string
      readonly mint: string
      readonly destination: string
      readonly amount: string
      readonly decimals: number
    }
  | { readonly kind: 'memo'; readonly memo: string }

export type TransactionKind = TransactionBody['kind']

export interface TransactionRecord {
  readonly seq: number
  readonly signature: string
  readonly slot: number
  /** Epoch ms; used for ordering and date filters even when the block time is unknown. */
  readonly timeMs: number
  /** False for the few transactions whose block time the chain does not report. */
  readonly blockTimeKnown: boolean
  /** Lamports. */
  readonly fee: number
  readonly feePayer: string
  readonly status: DemoTxStatus
  readonly computeUnits: number
  readonly programIds: readonly string[]
  /** Fee payer and every instruction account, each once. */
  readonly accounts: readonly string[]
  readonly errorMessage: string | null
  readonly body: TransactionBody
}

export type DemoNotificationKind = 'PROOF_VERIFIED' | 'PROOF_REVOKED' | 'SYSTEM' | 'CIRCUIT_REGISTERED'

export interface NotificationRecord {
  readonly id: string
  readonly type: DemoNotificationKind
  readonly title: string
  readonly body: string
  readonly timeMs: number
  /** What it is about, named by the list's `data.url` (the socket event leaves it out). */
  readonly subject?: { readonly kind: 'proof' | 'address'; readonly id: string }
  /** The one user it is for (a watched-address notice); absent: the demo user's, seen by every session. */
  readonly recipient?: string
}

export interface SeriesSnapshot {
  /** Epoch ms. */
  readonly t: number
  readonly tps: number
  readonly proofs24h: number
  readonly activeUsers24h: number
}
