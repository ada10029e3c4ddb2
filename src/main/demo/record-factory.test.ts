import { describe, expect, it } from 'vitest'
import { DEMO_CIRCUITS } from './catalog'
import { createPrng } from './prng'
import { RecordFactory } from './record-factory'

describe('RecordFactory', () => {
  it('names a catalog circuit in every failed verification, each of them in time', () => {
    const factory = new RecordFactory(createPrng(5))
    const circuitIds = new Set<number>()
    for (let seq = 0; seq < 300; seq++) {
      const tx = factory.otherTransaction(
        { seq, timeMs: seq, slot: seq },
        { kind: 'failed-verify', feePayer: 'payer', counterparty: 'other', failed: true, blockTimeKnown: true },
      )
      if (tx.body.kind === 'failed-verify') circuitIds.add(tx.body.circuitId)
    }
    expect([...circuitIds].sort((a, b) => a - b)).toEqual(DEMO_CIRCUITS.map((circuit) => circuit.id))
  })
})
