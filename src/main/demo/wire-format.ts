/**
 * Records as the reference deployment sends them: 64-bit values as decimal
 * strings, times as ISO strings, field names as on the wire.
 */
import { createHash } from 'node:crypto'
import { COMPUTE_BUDGET_PROGRAM_ID, COMPUTE_UNIT_LIMIT, DEMO_START_SLOT, SYSTEM_PROGRAM_ID, type DemoCircuit } from './catalog'
import type { NetworkFigures } from './network'
import type { NotificationRecord, ProofRecord, TransactionRecord } from './records'
import { instructionsOf, type DemoInstruction } from './transaction-instructions'

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
  /** The seed's overview contract lists it; Solana's epochs are 432,000 slots. Left out when the demo plays an indexer without it. */
  epoch?: string
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

const SLOTS_PER_EPOCH = 432_000

/** The figures the overview endpoint and the `stats` channel share, 64-bit ones as strings. */
export function wireStats(stats: NetworkFigures, sendEpoch = true): Omit<WireOverview, 'status'> {
  const figures: Omit<WireOverview, 'status'> = {
    tps: stats.tps,
    slot: String(stats.slot),
    epoch: String(Math.floor(stats.slot / SLOTS_PER_EPOCH)),
    totalProofs: String(stats.totalProofs),
    proofs24h: stats.proofs24h,
    avgVerifyTimeMs: stats.avgVerifyTimeMs,
    activeUsers24h: stats.activeUsers24h,
    rpcLatencyMs: stats.rpcLatencyMs,
  }
  if (!sendEpoch) delete figures.epoch
  return figures
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
  const instructions = instructionsOf(tx.feePayer, tx.body)
  return {
    ...wireTransaction(tx),
    errorMessage: tx.errorMessage,
    logs: logsOf(tx, instructions),
    instructions: instructions.map(({ programId, accounts, decoded }, index) => ({ index, programId, accounts, decoded })),
  }
}

export function wireNotification(notification: NotificationRecord): WireNotification {
  return { id: notification.id, type: notification.type, title: notification.title, body: notification.body }
}

/** Builtin programs report no compute units in their logs. */
const BUILTIN_PROGRAM_IDS: ReadonlySet<string> = new Set([SYSTEM_PROGRAM_ID, COMPUTE_BUDGET_PROGRAM_ID])

/** Each instruction's invoke, log and result lines; a failure is the last instruction's. */
function logsOf(tx: TransactionRecord, instructions: readonly DemoInstruction[]): string[] {
  return instructions.flatMap(({ programId, logs }, index) => [
    `Program ${programId} invoke [1]`,
    ...logs,
    ...(BUILTIN_PROGRAM_IDS.has(programId)
      ? []
      : [`Program ${programId} consumed ${tx.computeUnits} of ${COMPUTE_UNIT_LIMIT} compute units`]),
    index === instructions.length - 1 && tx.errorMessage !== null
      ? `Program ${programId} failed: ${tx.errorMessage}`
      : `Program ${programId} success`,
  ])
}

export interface WireCircuit {
  id: number
  name: string
  proofType: string
  description: string
  publicInputCount: number
  enabled: boolean
  registeredSlot: string
  /** Only in GET /api/circuits/:id (docs/wire.md, Accounts). */
  verifyingKey?: string
}

/** What can change about a circuit after it is registered (DemoNetwork.changeCircuitKey, setCircuitEnabled). */
export interface CircuitStatus {
  enabled: boolean
  /** Bumped at each key change; the key is drawn from it. */
  keyVersion: number
}

/**
 * A circuit as /api/circuits lists it (the reference's URLs of circuit files
 * are left out); `withKey`: as /api/circuits/:id answers, with its verifying key.
 */
export function wireCircuit(circuit: DemoCircuit, status: CircuitStatus = { enabled: true, keyVersion: 0 }, withKey = false): WireCircuit {
  return {
    id: circuit.id,
    name: circuit.name,
    proofType: circuit.proofType,
    description: circuit.description,
    publicInputCount: circuit.publicInputCount,
    enabled: status.enabled,
    registeredSlot: String(DEMO_START_SLOT - circuit.registeredSlotsAgo),
    ...(withKey ? { verifyingKey: demoVerifyingKey(circuit, status.keyVersion) } : {}),
  }
}

/** A stand-in Groth16 key: 576 bytes as hex (the reference's length), fixed per circuit and key version. */
export function demoVerifyingKey(circuit: DemoCircuit, keyVersion: number): string {
  const blocks: string[] = []
  let seed = `${circuit.name}:${keyVersion}`
  for (let index = 0; index < 18; index++) {
    seed = createHash('sha256').update(seed).digest('hex')
    blocks.push(seed)
  }
  return blocks.join('')
}
