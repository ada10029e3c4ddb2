/**
 * Makes random but plausible records (keys, public inputs, fees, failures)
 * from the network's PRNG. It holds no state about the network itself.
 */
import { randomBase58 } from './base58'
import { DEMO_CIRCUITS, DEMO_ISSUERS, USDC_MINT, WRAPPED_SOL_MINT, type DemoCircuit } from './catalog'
import { SYSTEM_NOTICES, circuitNotificationText } from './notification-text'
import type { Prng } from './prng'
import type { DemoNotificationKind, NotificationRecord, ProofRecord, TransactionRecord } from './records'
import { footprintOf } from './transaction-instructions'

const BASE_FEE = 5000

const FAILURES = {
  transfer: 'Transaction simulation failed: insufficient lamports',
  token: 'Transaction simulation failed: insufficient funds',
  memo: 'Transaction simulation failed: Error processing Instruction 0: invalid instruction data',
  'failed-verify': 'Transaction simulation failed: custom program error: 0x1771 (ProofVerificationFailed)',
} as const

const MEMOS = ['gm', 'rent for november', 'payroll batch 7', 'invoice 2231', 'thanks!', 'refund']

/** Where and when a new record lands. */
export interface Placement {
  seq: number
  timeMs: number
  slot: number
}

export interface OtherTransactionSpec {
  kind: 'transfer' | 'token' | 'memo' | 'failed-verify'
  feePayer: string
  counterparty: string
  failed: boolean
  blockTimeKnown: boolean
}

export class RecordFactory {
  private readonly collections: readonly string[]

  constructor(private readonly prng: Prng) {
    this.collections = Array.from({ length: 8 }, () => this.pubkey())
  }

  pubkey(): string {
    return randomBase58(32, this.prng.uint32)
  }

  signature(): string {
    return randomBase58(64, this.prng.uint32)
  }

  proof(at: Placement, authority: string, circuit: DemoCircuit, revoked: boolean): ProofRecord {
    return {
      seq: at.seq,
      proofAccount: this.pubkey(),
      signature: this.signature(),
      authority,
      circuit,
      publicInputs: this.publicInputs(circuit),
      verified: !revoked,
      revoked,
      slot: at.slot,
      timeMs: at.timeMs,
    }
  }

  /** The transaction that verified `proof`: same signature, slot and time. */
  verifyTransaction(seq: number, proof: ProofRecord): TransactionRecord {
    const fee = BASE_FEE + this.prng.int(0, 45) * 1000
    return proofTransaction({ seq, slot: proof.slot, timeMs: proof.timeMs }, proof.signature, fee, this.prng.int(140_000, 250_000), { kind: 'verify', proof })
  }

  revokeTransaction(at: Placement, proof: ProofRecord): TransactionRecord {
    return proofTransaction(at, this.signature(), BASE_FEE, this.prng.int(6_000, 12_000), { kind: 'revoke', proof })
  }

  otherTransaction(at: Placement, spec: OtherTransactionSpec): TransactionRecord {
    const { feePayer, counterparty } = spec
    const base = {
      seq: at.seq,
      signature: this.signature(),
      slot: at.slot,
      timeMs: at.timeMs,
      blockTimeKnown: spec.blockTimeKnown,
      feePayer,
      status: spec.failed ? ('FAILED' as const) : ('SUCCESS' as const),
      errorMessage: spec.failed ? FAILURES[spec.kind] : null,
    }
    switch (spec.kind) {
      case 'transfer': {
        const lamports = this.prng.int(1, 9000) * 1_000_000
        return withFootprint({
          ...base,
          fee: this.prng.chance(0.8) ? BASE_FEE : BASE_FEE + this.prng.int(1, 45) * 1000,
          computeUnits: 150,
          body: { kind: 'transfer', to: counterparty, lamports },
        })
      }
      case 'token': {
        const usdc = this.prng.chance(0.7)
        const source = this.pubkey()
        const amount = String(this.prng.int(1, 50_000) * (usdc ? 10_000 : 1_000_000))
        return withFootprint({
          ...base,
          fee: BASE_FEE,
          computeUnits: this.prng.int(4_000, 30_000),
          body: {
            kind: 'token',
            source,
            mint: usdc ? USDC_MINT : WRAPPED_SOL_MINT,
            destination: counterparty,
            amount,
            decimals: usdc ? 6 : 9,
          },
        })
      }
      case 'memo':
        return withFootprint({
          ...base,
          fee: BASE_FEE + this.prng.int(0, 20) * 1000,
          computeUnits: this.prng.int(4_000, 8_000),
          body: { kind: 'memo', memo: this.prng.pick(MEMOS) },
        })
      case 'failed-verify': {
        const proofAccount = this.pubkey()
        return withFootprint({
          ...base,
          status: 'FAILED',
          errorMessage: FAILURES['failed-verify'],
          fee: BASE_FEE + this.prng.int(0, 45) * 1000,
          computeUnits: this.prng.int(120_000, 260_000),
          body: { kind: 'failed-verify', circuitId: this.prng.pick(DEMO_CIRCUITS).id, proofAccount },
        })
      }
    }
  }

  /** A notice for the demo user; a circuit is drawn when a proof or circuit notice names none. */
  notification(kind: DemoNotificationKind, timeMs: number, circuit?: DemoCircuit, subject?: NotificationRecord['subject']): NotificationRecord {
    const id = this.prng.hex(13).slice(0, 25)
    const text =
      kind === 'SYSTEM'
        ? this.prng.pick(SYSTEM_NOTICES)
        : circuitNotificationText(kind, circuit ?? this.prng.pick(DEMO_CIRCUITS))
    return subject ? { id, type: kind, title: text.title, body: text.body, timeMs, subject } : { id, type: kind, title: text.title, body: text.body, timeMs }
  }

  private publicInputs(circuit: DemoCircuit): Record<string, unknown> {
    switch (circuit.proofType) {
      case 'BALANCE':
        return {
          mint: WRAPPED_SOL_MINT,
          threshold: String(this.prng.int(1, 250) * 1_000_000_000),
          commitment: this.hash(),
        }
      case 'OWNERSHIP':
        return { collection: this.prng.pick(this.collections), commitment: this.hash() }
      case 'AGE':
        return { issuer: this.prng.pick(DEMO_ISSUERS), minAge: this.prng.chance(0.6) ? 18 : 21 }
      case 'MEMBERSHIP':
        return { nullifier: this.hash(), merkleRoot: this.hash() }
      case 'CUSTOM':
        return { inputs: Array.from({ length: this.prng.int(1, 3) }, () => this.hash()) }
    }
  }

  private hash(): string {
    return `0x${this.prng.hex(32)}`
  }
}

/** Adds the program ids and accounts the body's instructions touch. */
function withFootprint(fields: Omit<TransactionRecord, 'programIds' | 'accounts'>): TransactionRecord {
  return { ...fields, ...footprintOf(fields.feePayer, fields.body) }
}

/** A transaction that verifies or revokes a proof: it succeeded, its block time is known and the proof's authority paid. */
function proofTransaction(
  at: Placement,
  signature: string,
  fee: number,
  computeUnits: number,
  body: Extract<TransactionRecord['body'], { kind: 'verify' | 'revoke' }>,
): TransactionRecord {
  return withFootprint({
    seq: at.seq,
    signature,
    slot: at.slot,
    timeMs: at.timeMs,
    blockTimeKnown: true,
    fee,
    feePayer: body.proof.authority,
    status: 'SUCCESS',
    computeUnits,
    errorMessage: null,
    body,
  })
}
