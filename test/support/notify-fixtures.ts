/** Event payloads for the notify tests, in the decoded shapes the monitor pushes. */
import type { AddressTransaction, AppNotification, CircuitProof, ProofSummary, Subject } from '@shared/domain'
import type { EventLike } from '../../src/main/core/notify/candidates'

const kept = { raw: {}, extra: {} }

export function proof(account: string, fields: Partial<ProofSummary> = {}): ProofSummary {
  return { ...kept, proofAccount: account, authority: null, circuitId: null, proofType: 'BALANCE', slot: '1', ...fields }
}

export function notification(id: string, fields: Partial<AppNotification> & { subject?: Subject | null } = {}): AppNotification {
  return { ...kept, id, kind: 'PROOF_VERIFIED', title: `Title ${id}`, body: `Body ${id}`, receivedAt: 0, read: false, ...fields }
}

export function addressTransaction(address: string, signature: string, status = 'SUCCESS'): AddressTransaction {
  return {
    address,
    transaction: { ...kept, signature, slot: '1', blockTime: null, fee: '5000', feePayer: address, status, computeUnits: null, programIds: [] },
  }
}

export function circuitProof(circuitId: string, account: string): CircuitProof {
  return { circuitId, proof: proof(account, { circuitId }) }
}

export const batch = {
  notifications: (...items: AppNotification[]): EventLike => ({ event: 'notifications', payload: items }),
  userProofs: (...items: ProofSummary[]): EventLike => ({ event: 'userProofs', payload: items }),
  circuitProofs: (...items: CircuitProof[]): EventLike => ({ event: 'circuitProofs', payload: items }),
  addressTransactions: (...items: AddressTransaction[]): EventLike => ({ event: 'addressTransactions', payload: items }),
}
