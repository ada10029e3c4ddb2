import { describe, expect, it } from 'vitest'
import type { ProofSummary } from '@shared/domain'
import { RecentProofs } from './recent-proofs'

function proof(n: number): ProofSummary {
  return { proofAccount: `P${n}`, authority: null, circuitId: null, proofType: null, slot: String(n), raw: {}, extra: {} }
}

const accounts = (proofs: ProofSummary[]) => proofs.map((p) => p.proofAccount)

describe('RecentProofs', () => {
  it('gives the newest first, each once, at most `cap` of them', () => {
    const recent = new RecentProofs(3)
    recent.add([proof(1), proof(2)])
    recent.add([proof(2), proof(3)])
    expect(accounts(recent.newestFirst())).toEqual(['P3', 'P2', 'P1'])
    recent.add([proof(4)])
    expect(accounts(recent.newestFirst())).toEqual(['P4', 'P3', 'P2'])
  })

  it('takes back a proof that left the window, and stays right over many additions', () => {
    const recent = new RecentProofs(3)
    for (let n = 1; n <= 1000; n++) recent.add([proof(n)])
    expect(accounts(recent.newestFirst())).toEqual(['P1000', 'P999', 'P998'])
    recent.add([proof(1)])
    expect(accounts(recent.newestFirst())).toEqual(['P1', 'P1000', 'P999'])
    recent.add([proof(999)])
    expect(accounts(recent.newestFirst())).toEqual(['P1', 'P1000', 'P999'])
  })
})
