import { describe, expect, it } from 'vitest'
import type { ProofSummary } from './domain'
import { proofFromSummary, summaryFromProof } from './proof-summary'

describe('proof summaries', () => {
  it('turn a summary into a proof and back without losing a field', () => {
    const summary: ProofSummary = { proofAccount: 'Acc1', authority: 'Auth1', circuitId: '7', proofType: 'groth16', slot: '123', raw: { a: 1 }, extra: { b: 2 } } as ProofSummary
    expect(summaryFromProof(proofFromSummary(summary))).toEqual(summary)
  })
})
