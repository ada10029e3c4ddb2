import { ProofWatchError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { DEMO_BUSY_ADDRESSES, DEMO_START_SLOT, DEMO_WALLET, SYSTEM_PROGRAM_ID } from './catalog'
import type { NetworkEvent } from './network'
import { allProofs, allTransactions, DAY, fixedClockNetwork, START, tickRecords } from '@test/support/demo-network-rig'
import { wireTransactionDetail } from './wire-format'

describe('DemoNetwork publishing', () => {
  it('publishes a proof with its transaction, newest in every list, and tells listeners in order', () => {
    const { network, setNow } = fixedClockNetwork()
    const events: NetworkEvent[] = []
    network.onEvent((event) => events.push(event))
    setNow(START + 10_000)
    const published = network.publishProof({ authority: DEMO_BUSY_ADDRESSES[0], circuitId: 3 })
    expect(published.proof.slot).toBe(DEMO_START_SLOT + 25)
    expect(published.proof.circuit.name).toBe('age_proof')
    expect(published.transaction.signature).toBe(published.proof.signature)
    expect(published.notification).toBeNull()
    expect(network.listProofs({ limit: 1 }).items[0]).toBe(published.proof)
    expect(network.listTransactions({ pubkey: published.proof.proofAccount, limit: 5 }).items).toEqual([published.transaction])
    expect(network.getProof(published.proof.proofAccount)).toBe(published.proof)
    expect(events).toEqual([{ kind: 'proof', proof: published.proof, transaction: published.transaction }])
    expect(network.totalProofs).toBe(301)
    expect(() => network.publishProof({ circuitId: 42 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
  })

  it('notifies the demo wallet of its own proofs and revocations', () => {
    const { network } = fixedClockNetwork()
    const events: NetworkEvent[] = []
    network.onEvent((event) => events.push(event))
    const published = network.publishProof({ authority: DEMO_WALLET })
    expect(published.notification).toMatchObject({
      type: 'PROOF_VERIFIED',
      title: 'Proof verified',
      body: `Your ${published.proof.circuit.proofLabel} was verified`,
    })
    expect(published.notification?.id).toMatch(/^[0-9a-f]{25}$/)

    const revoked = network.revokeProof()
    expect(revoked?.proof).toBe(published.proof)
    expect(published.proof).toMatchObject({ revoked: true, verified: false })
    expect(revoked?.transaction.body.kind).toBe('revoke')
    expect(revoked?.notification).toMatchObject({
      type: 'PROOF_REVOKED',
      title: 'Proof revoked',
      body: `Your ${published.proof.circuit.proofLabel} was revoked`,
    })
    expect(network.revokeProof(published.proof.proofAccount)).toBeNull()
    expect(network.revokeProof('not-a-proof')).toBeNull()
    expect(events.map((event) => event.kind)).toEqual(['proof', 'notification', 'revocation', 'notification'])
  })

  it('publishes other transactions that keep the watched addresses busy', () => {
    const { network } = fixedClockNetwork()
    const tx = network.publishTransaction({ kind: 'transfer', feePayer: DEMO_WALLET, failed: true })
    expect(tx).toMatchObject({ feePayer: DEMO_WALLET, status: 'FAILED', programIds: [SYSTEM_PROGRAM_ID] })
    expect(wireTransactionDetail(tx).errorMessage).toBe('Transaction simulation failed: insufficient lamports')
    expect(network.listTransactions({ pubkey: DEMO_WALLET, limit: 1 }).items[0]).toBe(tx)
    const token = network.publishTransaction({ kind: 'token', counterparty: DEMO_BUSY_ADDRESSES[2] })
    expect(token.accounts).toContain(DEMO_BUSY_ADDRESSES[2])
    expect(wireTransactionDetail(token).instructions[0]?.decoded).toMatchObject({ name: 'transferChecked' })
  })

  it('ticks at its rate, spreading the new records over the elapsed time', () => {
    const { network, setNow } = fixedClockNetwork({ rate: 4 })
    const first = tickRecords(network, START + 1000)
    expect(first.proofs).toHaveLength(4)
    expect(first.proofs.map((proof) => proof.timeMs)).toEqual([START + 250, START + 500, START + 750, START + 1000])
    expect(first.transactions.length).toBeGreaterThanOrEqual(4)
    expect(tickRecords(network, START + 1100).proofs).toHaveLength(0)
    expect(tickRecords(network, START + 1250).proofs).toHaveLength(1)
    network.setRate(0)
    expect(tickRecords(network, START + 60_000).proofs).toHaveLength(0)
    expect(() => network.setRate(-1)).toThrow(ProofWatchError)
    expect(network.getRate()).toBe(0)
    // Time never runs backwards, even when asked to.
    setNow(START - DAY)
    expect(network.publishProof().proof.timeMs).toBe(START + 1250)
  })

  it('records a series snapshot every half hour of network time', () => {
    const { network } = fixedClockNetwork({ rate: 0 })
    const before = network.series('proofs24h', '24h', START)
    expect(before).toHaveLength(49)
    network.publishProof({ at: START + 1000 })
    network.tick(START + 30 * 60_000)
    const after = network.series('proofs24h', '24h', START + 30 * 60_000)
    expect(after.at(-1)).toEqual({ t: START + 30 * 60_000, value: network.overview(START + 30 * 60_000).proofs24h })
  })

  it('forgets the oldest records beyond its retention and stays consistent', () => {
    const { network } = fixedClockNetwork({ maxProofs: 120, maxTransactions: 250 })
    expect(network.proofCount).toBe(120)
    for (let index = 0; index < 400; index++) network.publishProof()
    expect(network.proofCount).toBe(120)
    expect(network.transactionCount).toBe(250)
    expect(network.totalProofs).toBe(700)
    const proofs = allProofs(network)
    expect(proofs).toHaveLength(120)
    const txs = allTransactions(network)
    expect(txs).toHaveLength(250)
    for (const tx of txs) expect(network.getTransaction(tx.signature)).toBe(tx)
    // Totals still count every proof published, as the overview does; pages hold what is left.
    expect(network.listProofs({ limit: 1 }).total).toBe(700)
    expect(network.overview().totalProofs).toBe(700)
    const authority = proofs[0]?.authority as string
    const held = allProofs(network, { authority })
    expect(held.length).toBeLessThan(network.listProofs({ authority, limit: 1 }).total)
    expect(held).toEqual(proofs.filter((proof) => proof.authority === authority))
  })

  // How fast it publishes is a measurement, not a unit check: the ingest benchmark drives the demo at full rate.
  it('publishes past its cap, keeping the newest records', () => {
    const { network } = fixedClockNetwork({ maxProofs: 2_000, maxTransactions: 4_000 })
    let last = ''
    for (let index = 0; index < 3_000; index++) last = network.publishProof().proof.proofAccount
    const page = network.listProofs({ limit: 50 })
    expect(page.items).toHaveLength(50)
    expect(page.items[0]?.proofAccount).toBe(last)
    expect(allProofs(network, {}, 200).length).toBeLessThanOrEqual(2_000)
  })
})
