import { describe, expect, it } from 'vitest'
import { COMPUTE_BUDGET_PROGRAM_ID, DEMO_VERIFIER_PROGRAM_ID, SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, USDC_MINT } from './catalog'
import { footprintOf, instructionsOf } from './transaction-instructions'

describe('transaction instructions', () => {
  it('derives program ids and accounts from the instructions, each once, fee payer first', () => {
    const body = { kind: 'token', source: 'src', mint: USDC_MINT, destination: 'dst', amount: '10', decimals: 6 } as const
    expect(instructionsOf('payer', body)[0]?.accounts).toEqual(['src', USDC_MINT, 'dst', 'payer'])
    expect(footprintOf('payer', body)).toEqual({ programIds: [TOKEN_PROGRAM_ID], accounts: ['payer', 'src', USDC_MINT, 'dst'] })
    expect(footprintOf('a', { kind: 'transfer', to: 'a', lamports: 1 }).accounts).toEqual(['a'])
  })

  it('shares one program id list among the transactions of a kind', () => {
    const failed = (payer: string) => footprintOf(payer, { kind: 'failed-verify', circuitId: 6, proofAccount: `${payer}-proof` })
    const first = failed('one')
    expect(first).toEqual({
      programIds: [COMPUTE_BUDGET_PROGRAM_ID, DEMO_VERIFIER_PROGRAM_ID],
      accounts: ['one', 'one-proof', SYSTEM_PROGRAM_ID],
    })
    expect(failed('two').programIds).toBe(first.programIds)
    expect(instructionsOf('one', { kind: 'failed-verify', circuitId: 6, proofAccount: 'p' })[1]).toMatchObject({
      decoded: { args: { circuitId: 6 }, name: 'verify_proof' },
      logs: ['Program log: Instruction: VerifyProof', 'Program log: Error: proof verification failed'],
    })
  })
})
