import { describe, expect, it } from 'vitest'
import type { NotifyCandidate } from './candidates'
import { candidatesFromBatch } from './candidates'
import { addressTransaction, batch, circuitProof, notification, proof } from '@test/support/notify-fixtures'
import { Digest, noticeFor } from './summary'

const A = 'AddrAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1'
const B = 'AddrBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB2'

function digestOf(candidates: NotifyCandidate[]): Digest {
  const digest = new Digest()
  for (const candidate of candidates) digest.add(candidate)
  return digest
}

const proofs = (n: number) => candidatesFromBatch([batch.userProofs(...Array.from({ length: n }, (_, i) => proof(`Proof${i}`)))], 0)
const txs = (address: string, n: number, status = 'SUCCESS') =>
  candidatesFromBatch([batch.addressTransactions(...Array.from({ length: n }, (_, i) => addressTransaction(address, `Sig${address}${i}`, status)))], 0)

describe('noticeFor', () => {
  it('shows one event as itself, opening it', () => {
    const notice = noticeFor(digestOf(proofs(1)))
    expect(notice).toEqual({ title: 'New proof', body: 'Balance proof Proof0', route: '/proofs/Proof0', count: 1, key: 'proof:Proof0', kind: 'ownProofs' })
  })

  it('sums up proofs as "37 new proofs", quoting the first few', () => {
    const notice = noticeFor(digestOf(proofs(37)))
    expect(notice).toEqual({
      title: '37 new proofs',
      body: 'Balance proof Proof0, Balance proof Proof1, Balance proof Proof2 and 34 more',
      reason: "because they are your proofs · rule 'My new and verified proofs' · burst of 37 grouped",
      route: '/proofs',
      count: 37,
      key: null,
      kind: 'ownProofs',
    })
  })

  it('names the address when all transactions are of one, and opens its transactions', () => {
    const notice = noticeFor(digestOf(txs(A, 5)))
    expect(notice.title).toBe('5 transactions on Addr…AAA1')
    expect(notice.route).toBe(`/address/${A}`)
    expect(noticeFor(digestOf(txs(A, 5)), (pubkey) => `Treasury (${pubkey.slice(0, 4)}…)`).title).toBe('5 transactions on Treasury (Addr…)')
  })

  it('says "failed" when every transaction failed, and opens the transactions of several addresses', () => {
    const notice = noticeFor(digestOf([...txs(A, 2, 'FAILED'), ...txs(B, 1, 'FAILED')]))
    expect(notice.title).toBe('3 failed transactions')
    expect(notice.route).toBe('/transactions')
    expect(noticeFor(digestOf([...txs(A, 2), ...txs(B, 2, 'FAILED')])).title).toBe('4 transactions on watched addresses')
  })

  it('quotes the titles of several notifications and opens the centre', () => {
    const candidates = candidatesFromBatch([batch.notifications(notification('1'), notification('2'))], 0)
    expect(noticeFor(digestOf(candidates))).toMatchObject({ title: '2 notifications', body: 'Title 1, Title 2', route: '/notifications' })
  })

  it('counts each source of a mixed burst', () => {
    const candidates = [
      ...proofs(37),
      ...txs(A, 12),
      ...candidatesFromBatch([batch.notifications(notification('n')), batch.circuitProofs(circuitProof('c', 'P'))], 0),
    ]
    expect(noticeFor(digestOf(candidates))).toEqual({
      title: '51 new events',
      body: '1 notification · 37 new proofs · 1 new proof on followed circuits · 12 transactions on watched addresses',
      reason: "rules 'Indexer notifications', 'My new and verified proofs', 'Followed circuits', 'Watched addresses' · burst of 51 grouped",
      route: '/notifications',
      count: 51,
      key: null,
      // The most important kind present decides whether a page toasts it: watched addresses' activity here.
      kind: 'watched',
    })
  })
})

describe('Digest', () => {
  it('counts every event but keeps only three to quote', () => {
    const digest = digestOf(proofs(10_000))
    expect(digest.count).toBe(10_000)
    expect(digest.bySource.userProofs).toBe(10_000)
    expect(digest.first).toHaveLength(3)
  })
})
