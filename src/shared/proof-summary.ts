import type { Proof, ProofSummary } from './domain'

/**
 * A proof known only from what the socket pushed: the summary's fields, the
 * rest null until the full record is fetched. Main stores it so; the
 * explorer shows it so.
 */
export function proofFromSummary(summary: ProofSummary): Proof {
  return {
    proofAccount: summary.proofAccount,
    signature: null,
    authority: summary.authority,
    circuitId: summary.circuitId,
    circuitName: null,
    proofType: summary.proofType,
    publicInputs: {},
    verified: null,
    verifiedAt: null,
    slotVerified: summary.slot,
    revoked: null,
    raw: summary.raw,
    extra: summary.extra,
  }
}
