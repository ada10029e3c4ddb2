import { describe, expect, it } from 'vitest'
import { DEMO_BUSY_ADDRESSES, DEMO_START_SLOT, DEMO_WALLET, SYSTEM_PROGRAM_ID } from './catalog'
import { DemoNetwork, type NetworkEvent } from './network'
import { allProofs, allTransactions, DAY, fixedClockNetwork, START } from '@test/support/demo-network-rig'
import type { ProofRecord, TransactionRecord } from './records'
import { wireProof, wireTransactionDetail } from './wire-format'

describe('DemoNetwork history', () => {
  it('is the same network for the same seed, and another for another seed', () => {
    const a = fixedClockNetwork({ seed: 11 }).network
    const b = fixedClockNetwork({ seed: 11 }).network
    const c = fixedClockNetwork({ seed: 12 }).network
    const proofsPage = (network: DemoNetwork): unknown => network.listProofs({ limit: 50 }).items.map(wireProof)
    const txPage = (network: DemoNetwork): unknown => network.listTransactions({ limit: 50 }).items.map(wireTransactionDetail)
    expect(proofsPage(a)).toEqual(proofsPage(b))
    expect(txPage(a)).toEqual(txPage(b))
    expect(a.authorities).toEqual(b.authorities)
    expect(proofsPage(a)).not.toEqual(proofsPage(c))
  })

  it('holds 30 days of proofs and transactions before the start slot', () => {
    const { network } = fixedClockNetwork()
    expect(network.totalProofs).toBe(300)
    expect(network.proofCount).toBe(300)
    expect(network.transactionCount).toBe(500)
    const proofs = allProofs(network, {}, 200)
    for (const proof of proofs) {
      expect(proof.timeMs).toBeLessThan(START)
      expect(proof.timeMs).toBeGreaterThanOrEqual(START - 30 * DAY)
      expect(proof.slot).toBeLessThan(DEMO_START_SLOT)
      const tx = network.getTransaction(proof.signature)
      expect(tx?.feePayer).toBe(proof.authority)
      expect(tx?.accounts).toEqual([proof.authority, proof.proofAccount, SYSTEM_PROGRAM_ID])
    }
    expect(new Set(proofs.map((proof) => proof.circuit.proofType))).toEqual(
      new Set(['BALANCE', 'OWNERSHIP', 'AGE', 'MEMBERSHIP', 'CUSTOM']),
    )
    expect(proofs.some((proof) => proof.revoked && !proof.verified)).toBe(true)
    expect(network.authorities).toHaveLength(40)
    expect(network.authorities).toEqual(expect.arrayContaining([...DEMO_BUSY_ADDRESSES, DEMO_WALLET]))
  })

  it('has a few failed transactions with their error, and a few without block time', () => {
    const { network } = fixedClockNetwork()
    const failed = allTransactions(network).filter((tx) => tx.status === 'FAILED')
    expect(failed.length).toBeGreaterThan(3)
    expect(failed.length).toBeLessThan(60)
    for (const tx of failed) expect(tx.errorMessage).toMatch(/failed/)
    const detail = wireTransactionDetail(failed[0] as TransactionRecord)
    expect(detail.logs.at(-1)).toContain(`failed: ${detail.errorMessage}`)
    expect(allTransactions(network).some((tx) => !tx.blockTimeKnown)).toBe(true)
  })

  it('shows activity on the busy addresses and the demo wallet', () => {
    const { network } = fixedClockNetwork()
    for (const address of [...DEMO_BUSY_ADDRESSES, DEMO_WALLET]) {
      const txs = network.listTransactions({ pubkey: address, limit: 200 })
      expect(txs.total).toBeGreaterThan(10)
      expect(txs.items.some((tx) => tx.body.kind === 'transfer')).toBe(true)
      expect(network.listProofs({ authority: address, limit: 1 }).total).toBeGreaterThan(3)
    }
  })
})

describe('DemoNetwork lists', () => {
  it('pages through every proof exactly once, newest first', () => {
    const { network } = fixedClockNetwork()
    const proofs = allProofs(network)
    expect(proofs).toHaveLength(300)
    expect(new Set(proofs.map((proof) => proof.proofAccount)).size).toBe(300)
    for (let index = 1; index < proofs.length; index++) {
      expect((proofs[index] as ProofRecord).slot).toBeLessThanOrEqual((proofs[index - 1] as ProofRecord).slot)
    }
  })

  it('pages a filtered list exactly once and reports its total on every page', () => {
    const { network } = fixedClockNetwork()
    const authority = DEMO_BUSY_ADDRESSES[0] as string
    const total = network.listProofs({ authority, limit: 1 }).total
    const proofs = allProofs(network, { authority }, 3)
    expect(proofs).toHaveLength(total)
    expect(proofs.every((proof) => proof.authority === authority)).toBe(true)
    expect(network.listProofs({ authority, limit: 3, cursor: network.listProofs({ authority, limit: 3 }).nextCursor ?? '' }).total).toBe(total)

    const txs = allTransactions(network, authority, 4)
    expect(new Set(txs.map((tx) => tx.signature)).size).toBe(txs.length)
    expect(txs.every((tx) => tx.accounts.includes(authority))).toBe(true)
    expect(txs.some((tx) => tx.feePayer !== authority)).toBe(true)
  })

  it('answers an unknown or garbage cursor with an empty last page and the full total', () => {
    const { network } = fixedClockNetwork()
    for (const cursor of ['garbage!!', 'Tm90QVJlYWxQcm9vZkFjY291bnQxMTExMTExMTExMTExMTExMTExMTEx']) {
      expect(network.listProofs({ cursor, limit: 5 })).toEqual({ items: [], nextCursor: null, total: 300 })
      expect(network.listTransactions({ cursor, limit: 5 })).toEqual({ items: [], nextCursor: null, total: 500 })
    }
    expect(network.listProofs({ cursor: '', limit: 5 }).items).toHaveLength(5)
  })

  it('filters proofs by type, circuit and authority with type', () => {
    const { network } = fixedClockNetwork()
    const balance = network.listProofs({ type: 'BALANCE', limit: 200 })
    expect(balance.items.length).toBe(balance.total)
    expect(balance.items.every((proof) => proof.circuit.proofType === 'BALANCE')).toBe(true)
    const membership = network.listProofs({ type: 'MEMBERSHIP', limit: 200 })
    expect(new Set(membership.items.map((proof) => proof.circuit.id))).toEqual(new Set([4, 6]))
    const circuit6 = network.listProofs({ circuitId: 6, limit: 200 })
    expect(circuit6.total).toBeGreaterThan(0)
    expect(circuit6.items.every((proof) => proof.circuit.name === 'dao_voter_membership')).toBe(true)
    expect(network.listProofs({ circuitId: 99, limit: 5 })).toEqual({ items: [], nextCursor: null, total: 0 })

    const authority = DEMO_BUSY_ADDRESSES[1] as string
    const both = allProofs(network, { authority }).filter((proof) => proof.circuit.proofType === 'AGE')
    const page = network.listProofs({ authority, type: 'AGE', limit: 2 })
    expect(page.total).toBe(both.length)
    expect(page.items).toEqual(both.slice(0, 2))
    expect(network.listProofs({ authority: 'unknown', limit: 5 }).total).toBe(0)
  })

  it('filters transactions by status and by date, leaving out unknown block times', () => {
    const { network } = fixedClockNetwork()
    const failed = network.listTransactions({ status: 'FAILED', limit: 200 })
    const success = network.listTransactions({ status: 'SUCCESS', limit: 200 })
    expect(failed.total + success.total).toBe(500)
    expect(failed.items.every((tx) => tx.status === 'FAILED')).toBe(true)

    const fromMs = START - 3 * DAY
    const toMs = START - DAY
    const dated = network.listTransactions({ fromMs, toMs, limit: 200 })
    const expected = allTransactions(network).filter((tx) => tx.blockTimeKnown && tx.timeMs >= fromMs && tx.timeMs <= toMs)
    expect(dated.total).toBe(expected.length)
    expect(dated.items.map((tx) => tx.signature)).toEqual(expected.map((tx) => tx.signature))
    expect(network.listTransactions({ fromMs: START + DAY, limit: 5 }).total).toBe(0)
  })
})


describe('a network that continues another', () => {
  it('shares records, counters and listeners, so a restarted indexer loses nothing', () => {
    const { network } = fixedClockNetwork({ rate: 5 })
    const before = network.publishTransaction({ feePayer: DEMO_WALLET })
    const continued = new DemoNetwork({ continueFrom: network, seed: 99, rate: 7 })
    expect(continued.seed).toBe(network.seed)
    expect(network.getRate()).toBe(7)

    const seen: NetworkEvent[] = []
    const stop = continued.onEvent((event) => seen.push(event))
    // Published through the first handle: the second one's listeners hear it and its lists hold it.
    const during = network.publishTransaction({ feePayer: DEMO_WALLET })
    const after = continued.publishTransaction({ feePayer: DEMO_WALLET })
    stop()
    expect(seen.map((event) => ('transaction' in event ? event.transaction.signature : null))).toEqual([
      during.signature,
      after.signature,
    ])
    expect(after.seq).toBe(during.seq + 1)
    const signatures = (n: DemoNetwork) => allTransactions(n, DEMO_WALLET).map((tx) => tx.signature)
    expect(signatures(continued)).toEqual(signatures(network))
    expect(signatures(continued).slice(0, 3)).toEqual([after.signature, during.signature, before.signature])
  })

  it('pages through every transaction of an address exactly once, whatever the page size', () => {
    const { network } = fixedClockNetwork()
    for (let index = 0; index < 40; index++) network.publishTransaction({ feePayer: DEMO_BUSY_ADDRESSES[0] })
    const address = DEMO_BUSY_ADDRESSES[0] as string
    // Counted from the whole list, without the per-address index the filtered pages use.
    const expected = allTransactions(network, undefined, 200)
      .filter((tx) => tx.accounts.includes(address))
      .map((tx) => tx.signature)
    expect(expected.length).toBeGreaterThan(40)
    for (const limit of [1, 7, 200]) {
      expect(allTransactions(network, address, limit).map((tx) => tx.signature)).toEqual(expected)
    }
  })
})
