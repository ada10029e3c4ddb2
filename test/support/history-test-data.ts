/**
 * Records for tests and measurements of the history cache: wire-shaped raw
 * records (as the reference deployment sends them) run through the real
 * decoders, deterministic for an index, with room for unknown fields.
 */
import type { AppNotification, Overview, Proof, ProofSummary, Transaction, TransactionDetail } from '@shared/domain'
import {
  decodeNotification,
  decodeOverview,
  decodeProof,
  decodeProofSummary,
  decodeTransaction,
  decodeTransactionDetail,
} from '../../src/main/core/indexer/decode'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const TYPES = ['BALANCE', 'OWNERSHIP', 'AGE', 'MEMBERSHIP', 'CUSTOM'] as const
export const TEST_START_SLOT = 300_000_000
export const TEST_START_MS = Date.UTC(2026, 0, 1)
const SLOT_MS = 400

/** A base58 key of `length` characters, the same for the same (space, index). */
export function testKey(space: number, index: number, length = 44): string {
  let state = (Math.imul(space + 1, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0
  let text = ''
  for (let position = 0; position < length; position++) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5 + position) >>> 0
    text += BASE58[state % 58]
  }
  return text
}

/** Authorities that tests filter by: a few busy ones. */
export function testAuthority(index: number): string {
  return testKey(7, index % 5)
}

export interface TestProofOptions {
  authority?: string
  type?: string
  circuitId?: number
  extra?: Record<string, unknown>
}

export function wireProof(index: number, options: TestProofOptions = {}): Record<string, unknown> {
  const circuitId = options.circuitId ?? (index % 7) + 1
  return {
    proofAccount: testKey(1, index),
    signature: testKey(2, index, 88),
    authority: options.authority ?? testAuthority(index),
    circuitId,
    circuitName: `circuit-${circuitId}`,
    proofType: options.type ?? TYPES[(circuitId - 1) % TYPES.length],
    publicInputs: { threshold: String(1_000_000_000 * (index + 1)), commitment: `0x${index.toString(16).padStart(8, '0')}` },
    verified: index % 13 !== 0,
    verifiedAt: new Date(TEST_START_MS + index * 1000).toISOString(),
    slotVerified: String(TEST_START_SLOT + Math.floor((index * 1000) / SLOT_MS)),
    revoked: index % 13 === 0,
    ...options.extra,
  }
}

export function testProof(index: number, options: TestProofOptions = {}): Proof {
  return decodeProof(wireProof(index, options))
}

export function testProofSummary(index: number, options: TestProofOptions = {}): ProofSummary {
  const wire = wireProof(index, options)
  return decodeProofSummary({
    proofAccount: wire.proofAccount,
    authority: wire.authority,
    circuitId: wire.circuitId,
    proofType: wire.proofType,
    slot: wire.slotVerified,
    ...options.extra,
  })
}

export interface TestTransactionOptions {
  feePayer?: string
  status?: 'SUCCESS' | 'FAILED'
  /** null: no block time. */
  blockTimeMs?: number | null
  extra?: Record<string, unknown>
}

export function wireTransaction(index: number, options: TestTransactionOptions = {}): Record<string, unknown> {
  const blockTimeMs = options.blockTimeMs === undefined ? TEST_START_MS + index * 1000 : options.blockTimeMs
  return {
    signature: testKey(3, index, 88),
    slot: String(TEST_START_SLOT + Math.floor((index * 1000) / SLOT_MS)),
    blockTime: blockTimeMs === null ? null : new Date(blockTimeMs).toISOString(),
    fee: String(5000 + (index % 10) * 1000),
    feePayer: options.feePayer ?? testAuthority(index),
    status: options.status ?? (index % 9 === 0 ? 'FAILED' : 'SUCCESS'),
    computeUnits: 1000 + index,
    programIds: ['11111111111111111111111111111111'],
    ...options.extra,
  }
}

export function testTransaction(index: number, options: TestTransactionOptions = {}): Transaction {
  return decodeTransaction(wireTransaction(index, options))
}

export function testTransactionDetail(index: number, options: TestTransactionOptions & { accounts?: string[] } = {}): TransactionDetail {
  const wire = wireTransaction(index, options)
  return decodeTransactionDetail({
    ...wire,
    errorMessage: wire.status === 'FAILED' ? 'Transaction simulation failed: insufficient lamports' : null,
    logs: ['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success'],
    instructions: [
      {
        index: 0,
        programId: '11111111111111111111111111111111',
        accounts: [wire.feePayer, ...(options.accounts ?? [testKey(8, index)])],
        decoded: { type: 'transfer', lamports: String(1_000_000 * (index + 1)) },
      },
    ],
  })
}

export function testNotification(index: number, options: { receivedAt?: number; type?: string; extra?: Record<string, unknown> } = {}): AppNotification {
  return decodeNotification(
    {
      id: `n-${index.toString().padStart(6, '0')}`,
      type: options.type ?? (index % 2 === 0 ? 'PROOF_VERIFIED' : 'SYSTEM'),
      title: index % 2 === 0 ? `Proof verified on circuit-${(index % 7) + 1}` : 'Scheduled maintenance',
      body: index % 2 === 0 ? `Your proof number ${index} was verified.` : `The indexer restarts at 0${index % 10}:00 UTC.`,
      ...options.extra,
    },
    options.receivedAt ?? TEST_START_MS + index * 1000,
  )
}

/** A notification-centre entry as the centre writes it, in the wire's shape (the cache reads its text back from `raw`). */
export function testCentreEntry(id: string, patch: Partial<AppNotification> = {}): AppNotification {
  const base = { id, kind: 'ADDRESS_TRANSACTION', title: `title ${id}`, body: 'body', receivedAt: 1000, read: false, extra: {}, ...patch }
  return { ...base, raw: { id, type: base.kind, title: base.title, body: base.body } }
}

export function testOverview(observedAt: number, extra: Record<string, unknown> = {}): Overview {
  return decodeOverview(
    {
      tps: 3012.5,
      slot: '356500123',
      totalProofs: '18446744073709551615',
      proofs24h: 4321,
      avgVerifyTimeMs: 412,
      activeUsers24h: 77,
      rpcLatencyMs: 48,
      status: 'online',
      ...extra,
    },
    observedAt,
  )
}
