/**
 * Records as the reference deployment sends them: 64-bit values as decimal
 * strings, times as ISO strings, field names as on the wire.
 */
import {
  COMPUTE_BUDGET_PROGRAM_ID,
  COMPUTE_UNIT_LIMIT,
  DEMO_VERIFIER_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from './catalog'
import type { Overview } from './network'
import type { NotificationRecord, ProofRecord, TransactionRecord } from './records'

export interface WireProof {
  proofAccount: string
  signature: string
  authority: string
  circuitId: number
  circuitName: string
  proofType: string
  publicInputs: Readonly<Record<string, unknown>>
  verified: boolean
  verifiedAt: string
  slotVerified: string
  revoked: boolean
}

export interface WireProofSummary {
  proofAccount: string
  authority: string
  circuitId: number
  proofType: string
  slot: string
}

export interface WireTransaction {
  signature: string
  slot: string
  blockTime: string | null
  fee: string
  feePayer: string
  status: string
  computeUnits: number
  programIds: readonly string[]
}

export interface WireInstruction {
  index: number
  programId: string
  accounts: string[]
  decoded: Record<string, unknown>
}

export interface WireTransactionDetail extends WireTransaction {
  errorMessage: string | null
  logs: string[]
  instructions: WireInstruction[]
}

export interface WireNotification {
  id: string
  type: string
  title: string
  body: string
}

export interface WireOverview {
  tps: number
  slot: string
  totalProofs: string
  proofs24h: number
  avgVerifyTimeMs: number
  activeUsers24h: number
  rpcLatencyMs: number
  status: 'online' | 'degraded'
}

export interface WireStatsEvent extends Omit<WireOverview, 'status'> {
  timestamp: string
}

/** The figures the overview endpoint and the `stats` channel share, 64-bit ones as strings. */
export function wireStats(stats: Overview): Omit<WireOverview, 'status'> {
  return {
    tps: stats.tps,
    slot: String(stats.slot),
    totalProofs: String(stats.totalProofs),
    proofs24h: stats.proofs24h,
    avgVerifyTimeMs: stats.avgVerifyTimeMs,
    activeUsers24h: stats.activeUsers24h,
    rpcLatencyMs: stats.rpcLatencyMs,
  }
}

export function wireProof(proof: ProofRecord): WireProof {
  return {
    proofAccount: proof.proofAccount,
    signature: proof.signature,
    authority: proof.authority,
    circuitId: proof.circuit.id,
    circuitName: proof.circuit.name,
    proofType: proof.circuit.proofType,
    publicInputs: proof.publicInputs,
    verified: proof.verified,
    verifiedAt: new Date(proof.timeMs).toISOString(),
    slotVerified: String(proof.slot),
    revoked: proof.revoked,
  }
}

export function wireProofSummary(proof: ProofRecord): WireProofSummary {
  return {
    proofAccount: proof.proofAccount,
    authority: proof.authority,
    circuitId: proof.circuit.id,
    proofType: proof.circuit.proofType,
    slot: String(proof.slot),
  }
}

export function wireTransaction(tx: TransactionRecord): WireTransaction {
  return {
    signature: tx.signature,
    slot: String(tx.slot),
    blockTime: tx.blockTimeKnown ? new Date(tx.timeMs).toISOString() : null,
    fee: String(tx.fee),
    feePayer: tx.feePayer,
    status: tx.status,
    computeUnits: tx.computeUnits,
    programIds: tx.programIds,
  }
}

export function wireTransactionDetail(tx: TransactionRecord): WireTransactionDetail {
  return {
    ...wireTransaction(tx),
    errorMessage: tx.errorMessage,
    logs: logsOf(tx),
    instructions: instructionsOf(tx),
  }
}

export function wireNotification(notification: NotificationRecord): WireNotification {
  return { id: notification.id, type: notification.type, title: notification.title, body: notification.body }
}

function instructionsOf(tx: TransactionRecord): WireInstruction[] {
  const body = tx.body
  switch (body.kind) {
    case 'verify':
    case 'failed-verify': {
      const proofAccount = body.kind === 'verify' ? body.proof.proofAccount : body.proofAccount
      const circuitId = body.kind === 'verify' ? body.proof.circuit.id : body.circuitId
      return [
        {
          index: 0,
          programId: COMPUTE_BUDGET_PROGRAM_ID,
          accounts: [],
          decoded: { name: 'setComputeUnitLimit', units: COMPUTE_UNIT_LIMIT },
        },
        {
          index: 1,
          programId: DEMO_VERIFIER_PROGRAM_ID,
          accounts: [tx.feePayer, proofAccount, SYSTEM_PROGRAM_ID],
          decoded: { args: { circuitId }, name: 'verify_proof' },
        },
      ]
    }
    case 'revoke':
      return [
        {
          index: 0,
          programId: DEMO_VERIFIER_PROGRAM_ID,
          accounts: [tx.feePayer, body.proof.proofAccount],
          decoded: { args: {}, name: 'revoke_proof' },
        },
      ]
    case 'transfer':
      return [
        {
          index: 0,
          programId: SYSTEM_PROGRAM_ID,
          accounts: [tx.feePayer, body.to],
          decoded: { name: 'transfer', lamports: body.lamports },
        },
      ]
    case 'token':
      return [
        {
          index: 0,
          programId: TOKEN_PROGRAM_ID,
          accounts: [body.source, body.mint, body.destination, tx.feePayer],
          decoded: { name: 'transferChecked', amount: body.amount, decimals: body.decimals },
        },
      ]
    case 'memo':
      return [{ index: 0, programId: MEMO_PROGRAM_ID, accounts: [tx.feePayer], decoded: { name: 'memo', memo: body.memo } }]
  }
}

function logsOf(tx: TransactionRecord): string[] {
  const body = tx.body
  const ending = (programId: string): string =>
    tx.errorMessage === null ? `Program ${programId} success` : `Program ${programId} failed: ${tx.errorMessage}`
  switch (body.kind) {
    case 'verify':
    case 'failed-verify':
      return [
        `Program ${COMPUTE_BUDGET_PROGRAM_ID} invoke [1]`,
        `Program ${COMPUTE_BUDGET_PROGRAM_ID} success`,
        `Program ${DEMO_VERIFIER_PROGRAM_ID} invoke [1]`,
        'Program log: Instruction: VerifyProof',
        ...(body.kind === 'failed-verify' ? ['Program log: Error: proof verification failed'] : []),
        `Program ${DEMO_VERIFIER_PROGRAM_ID} consumed ${tx.computeUnits} of ${COMPUTE_UNIT_LIMIT} compute units`,
        ending(DEMO_VERIFIER_PROGRAM_ID),
      ]
    case 'revoke':
      return [
        `Program ${DEMO_VERIFIER_PROGRAM_ID} invoke [1]`,
        'Program log: Instruction: RevokeProof',
        `Program ${DEMO_VERIFIER_PROGRAM_ID} consumed ${tx.computeUnits} of ${COMPUTE_UNIT_LIMIT} compute units`,
        ending(DEMO_VERIFIER_PROGRAM_ID),
      ]
    case 'transfer':
      return [`Program ${SYSTEM_PROGRAM_ID} invoke [1]`, ending(SYSTEM_PROGRAM_ID)]
    case 'token':
      return [
        `Program ${TOKEN_PROGRAM_ID} invoke [1]`,
        'Program log: Instruction: TransferChecked',
        `Program ${TOKEN_PROGRAM_ID} consumed ${tx.computeUnits} of ${COMPUTE_UNIT_LIMIT} compute units`,
        ending(TOKEN_PROGRAM_ID),
      ]
    case 'memo':
      return [
        `Program ${MEMO_PROGRAM_ID} invoke [1]`,
        `Program log: Memo (len ${body.memo.length}): "${body.memo}"`,
        `Program ${MEMO_PROGRAM_ID} consumed ${tx.computeUnits} of ${COMPUTE_UNIT_LIMIT} compute units`,
        ending(MEMO_PROGRAM_ID),
      ]
  }
}
