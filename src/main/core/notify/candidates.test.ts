import { describe, expect, it } from 'vitest'
import { candidatesFromBatch } from './candidates'
import { shortId } from '@shared/ids'
import { addressTransaction, batch, circuitProof, notification, proof } from '@test/support/notify-fixtures'

const SIG = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const ADDR = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

describe('candidatesFromBatch', () => {
  it('makes one candidate per notifiable item, in order, with where a click goes', () => {
    const candidates = candidatesFromBatch(
      [
        batch.notifications(notification('n1', { subject: { kind: 'transaction', id: SIG } })),
        batch.userProofs(proof('ProofA', { circuitId: 'age-over-18' })),
        batch.circuitProofs(circuitProof('membership', 'ProofB')),
        batch.addressTransactions(addressTransaction(ADDR, SIG, 'FAILED')),
      ],
      42,
    )
    expect(candidates).toEqual([
      {
        key: 'notification:n1',
        source: 'notifications',
        title: 'Title n1',
        body: 'Body n1',
        route: `/transactions/${SIG}`,
        address: null,
        circuitId: null,
        failed: false,
        at: 42,
      },
      {
        key: 'proof:ProofA',
        source: 'userProofs',
        title: 'New proof',
        body: 'Balance proof ProofA on Circuit #age-over-18',
        route: '/proofs/ProofA',
        address: null,
        circuitId: null,
        failed: false,
        at: 42,
      },
      {
        key: 'proof:ProofB',
        source: 'circuits',
        title: 'New proof on Circuit #membership',
        body: 'Balance proof ProofB',
        route: '/proofs/ProofB',
        address: null,
        circuitId: 'membership',
        failed: false,
        at: 42,
      },
      {
        key: `transaction:${SIG}`,
        source: 'addresses',
        title: 'Transaction failed',
        body: `${shortId(ADDR)}: ${shortId(SIG)}`,
        route: `/transactions/${SIG}`,
        address: ADDR,
        circuitId: null,
        failed: true,
        at: 42,
      },
    ])
  })

  it('opens the notification centre for a notification about nothing in particular', () => {
    const [candidate] = candidatesFromBatch([batch.notifications(notification('n2'))], 0)
    expect(candidate!.route).toBe('/notifications')
  })

  it('skips notifications already read, other events, and items of the wrong shape', () => {
    const candidates = candidatesFromBatch(
      [
        batch.notifications(notification('read', { read: true }), { id: 7 } as never),
        { event: 'proofs', payload: [proof('GlobalFeed')] },
        { event: 'overview', payload: { tps: 3 } },
        { event: 'userProofs', payload: 'not a list' },
        { event: 'circuitProofs', payload: [proof('NoCircuitWrapper')] },
        { event: 'addressTransactions', payload: [{ address: ADDR }] },
      ],
      0,
    )
    expect(candidates).toEqual([])
  })

  it('names a watched address by its label when one is given', () => {
    const [candidate] = candidatesFromBatch([batch.addressTransactions(addressTransaction(ADDR, SIG))], 0, {
      describeAddress: (address) => (address === ADDR ? 'Treasury' : address),
    })
    expect(candidate!.title).toBe('New transaction')
    expect(candidate!.body).toBe(`Treasury: ${shortId(SIG)}`)
  })
})

describe('shortId', () => {
  it('keeps the ends of a long id and short ids whole', () => {
    expect(shortId(ADDR)).toBe('9xQe…VFin')
    expect(shortId('short-id')).toBe('short-id')
  })
})
