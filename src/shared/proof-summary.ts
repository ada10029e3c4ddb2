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

/** A proof record from HTTP as the summary the socket pushes: the live feed and the recent-proofs list read it so. */
export function summaryFromProof(proof: Proof): ProofSummary {
  return {
    proofAccount: proof.proofAccount,
    authority: proof.authority,
    circuitId: proof.circuitId,
    proofType: proof.proofType,
    slot: proof.slotVerified,
    raw: proof.raw,
    extra: proof.extra,
  }
}
