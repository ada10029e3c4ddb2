import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import type { NotifyCandidate } from './candidates'
import { EntryBuilder } from './entry-builder'
import { subjectOfNotification } from '../indexer/notification-subject'
import { ManualClock } from '@test/support/manual-clock'
import { addressTransaction, circuitProof, notification, proof } from '@test/support/notify-fixtures'

const A = 'AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz'
const B = '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr'
const P1 = 'C5sc79uMefLdssJRxyapWYygb67DyCApAbQrnqKAdWK3'
const P2 = 'B7Kp5EhQ1DpaDo6PvGejvgRDosS93Wm8tQSDwFpvy9Do'

function setup() {
  const clock = new ManualClock(1_000_000)
  /** The centre as the cache holds it: one row per id, updated in place. */
  const rows = new Map<string, AppNotification>()
  const candidates: NotifyCandidate[] = []
  const removed: string[] = []
  const builder = new EntryBuilder({
    clock,
    describeAddress: (pubkey) => (pubkey === A ? 'Treasury' : `${pubkey.slice(0, 4)}…`),
    emit: (entries, found) => {
      for (const entry of entries) rows.set(entry.id, { ...rows.get(entry.id), ...entry, subject: entry.subject ?? rows.get(entry.id)?.subject ?? null })
      candidates.push(...found)
    },
    remove: (ids) => {
      for (const id of ids) rows.delete(id)
      removed.push(...ids)
    },
  })
  return { clock, rows, candidates, removed, builder }
}

function verified(id: string, account?: string): AppNotification {
  return notification(id, { kind: 'PROOF_VERIFIED', title: 'Proof verified ✓', raw: account ? { id, data: { url: `https://app.example/explorer/proof/${account}` } } : { id } })
}

describe('EntryBuilder: one entry per thing that happened', () => {
  it('makes one entry of a proof and its PROOF_VERIFIED socket event, matched by type and time, linking the proof', () => {
    const { builder, rows, candidates, clock } = setup()
    builder.userProofs([proof(P1)])
    clock.advance(300)
    builder.notifications([verified('n1')])
    clock.advance(10_000)
    expect([...rows.values()].map((row) => [row.id, row.subject])).toEqual([['n1', { kind: 'proof', id: P1 }]])
    expect(candidates.map((c) => c.key)).toEqual(['notification:n1'])
  })

  it('pairs them the other way round too: the notification first, its proof a moment later', () => {
    const { builder, rows, clock } = setup()
    builder.notifications([verified('n1')])
    clock.advance(800)
    builder.userProofs([proof(P1)])
    clock.advance(10_000)
    expect([...rows.values()].map((row) => [row.id, row.subject])).toEqual([['n1', { kind: 'proof', id: P1 }]])
  })

  it('matches by proof account from data.url, even after the proof became an entry of its own', () => {
    const { builder, rows, removed, clock } = setup()
    builder.userProofs([proof(P1), proof(P2)])
    clock.advance(10_000)
    expect([...rows.keys()]).toEqual([`USER_PROOF:${P1}`, `USER_PROOF:${P2}`])
    // The indexer's list, read after a reconnect, names the proof in data.url.
    builder.notifications([verified('n2', P2)], false)
    expect(removed).toEqual([`USER_PROOF:${P2}`])
    expect([...rows.values()].map((row) => [row.id, row.subject?.id])).toEqual([[`USER_PROOF:${P1}`, P1], ['n2', P2]])
    // A late copy of the proof adds nothing.
    builder.userProofs([proof(P2)])
    clock.advance(10_000)
    expect(rows.size).toBe(2)
  })

  it('keeps a proof with no notification as its own entry after the pairing window, linking the proof', () => {
    const { builder, rows, candidates, clock } = setup()
    builder.userProofs([proof(P1, { circuitId: '4', proofType: 'MEMBERSHIP' })])
    clock.advance(4_999)
    expect(rows.size).toBe(0)
    clock.advance(1)
    expect(rows.get(`USER_PROOF:${P1}`)).toMatchObject({ kind: 'USER_PROOF', subject: { kind: 'proof', id: P1 }, body: expect.stringContaining('Membership proof') })
    expect(candidates.map((c) => c.source)).toEqual(['userProofs'])
  })

  it('groups a burst of one address into one entry, labelled, expandable, linking the address', () => {
    const { builder, rows, candidates, clock } = setup()
    for (let index = 0; index < 5; index++) {
      builder.addressTransactions([addressTransaction(A, `sig${index}${'x'.repeat(60)}`)])
      clock.advance(2_000)
    }
    expect(rows.size).toBe(1)
    const [group] = rows.values()
    expect(group).toMatchObject({ title: '5 new transactions on Treasury', subject: { kind: 'address', id: A }, topic: { kind: 'address', id: A } })
    expect(group!.group?.items.map((item) => item.subject)).toEqual([0, 1, 2, 3, 4].map((index) => ({ kind: 'transaction', id: `sig${index}${'x'.repeat(60)}` })))
    // The burst interrupts once; its first failure once more (a failure is worth it), later ones only count.
    expect(candidates.map((c) => c.key)).toEqual([`transaction:sig0${'x'.repeat(60)}`])
    builder.addressTransactions([addressTransaction(A, 'bad1', 'FAILED'), addressTransaction(A, 'bad2', 'FAILED')])
    expect(candidates.map((c) => [c.key, c.failed])).toEqual([
      [`transaction:sig0${'x'.repeat(60)}`, false],
      ['transaction:bad1', true],
    ])
    expect(rows.size).toBe(1)
  })

  it('rolls a steady stream of the user\'s verified proofs into one updating entry, which interrupts once', () => {
    const { builder, rows, candidates, clock } = setup()
    const accounts = Array.from({ length: 12 }, (_, index) => `Own${index}${'p'.repeat(40)}`)
    for (const [index, account] of accounts.entries()) {
      builder.notifications([verified(`v${index}`, account)])
      clock.advance(10_000)
    }
    expect(rows.size).toBe(1)
    const [entry] = rows.values()
    expect(entry).toMatchObject({ id: 'v0', kind: 'PROOF_VERIFIED', title: '12 of your proofs verified', read: false })
    expect(entry!.body).toContain(`Latest: `)
    expect(entry!.body).toContain(accounts[11]!.slice(0, 4))
    expect(entry!.group?.count).toBe(12)
    expect(entry!.group?.items.map((item) => item.subject.id)).toEqual(accounts)
    expect(candidates.map((c) => [c.key, c.source])).toEqual([['notification:v0', 'userProofs']])

    // A copy of one already counted (the list's) adds nothing; reading it starts the next entry.
    builder.notifications([verified('v3', accounts[3])])
    expect(entry!.group?.count).toBe(12)
    expect(rows.get('v0')!.title).toBe('12 of your proofs verified')
    builder.closeGroups({ ids: ['v0'] })
    builder.notifications([verified('v12', 'Own12' + 'p'.repeat(40))])
    expect([...rows.keys()]).toEqual(['v0', 'v12'])
    expect(rows.get('v12')!.title).toBe('Proof verified ✓')
  })

  it('starts another group after a quiet gap, after a long burst, for another address, and once the group was read', () => {
    const { builder, rows, clock } = setup()
    builder.addressTransactions([addressTransaction(A, 'a1'), addressTransaction(B, 'b1', 'FAILED')])
    clock.advance(61_000)
    builder.addressTransactions([addressTransaction(A, 'a2')])
    builder.closeGroups({ topic: { kind: 'address', id: A } })
    builder.addressTransactions([addressTransaction(A, 'a3')])
    for (let minute = 0; minute < 14; minute++) {
      clock.advance(50_000)
      builder.addressTransactions([addressTransaction(A, `long${minute}`)])
    }
    const titles = [...rows.values()].map((row) => row.title)
    // The read group took no more; the next one ran for ten minutes (a3 and long0–long11), then another began.
    expect(titles).toEqual([
      'New transaction on Treasury',
      'Transaction failed on 8Kwe…',
      'New transaction on Treasury',
      '13 new transactions on Treasury',
      '2 new transactions on Treasury',
    ])
    expect(rows.get(`ADDRESS_TRANSACTION:${B}:b1`)?.subject).toEqual({ kind: 'transaction', id: 'b1' })
  })

  it('groups proofs of a followed circuit the same way', () => {
    const { builder, rows } = setup()
    builder.circuitProofs([circuitProof('4', P1), circuitProof('4', P2)])
    expect([...rows.values()].map((row) => [row.title, row.subject, row.topic])).toEqual([
      ['2 new proofs on Circuit #4', { kind: 'circuit', id: '4' }, { kind: 'circuit', id: '4' }],
    ])
  })

  it('reads the subject from data.url: proof, address, transaction; nothing from a url it does not know', () => {
    const of = (url: unknown) => subjectOfNotification(notification('x', { raw: { id: 'x', data: { url } } }))
    expect(of('https://app.zkhelios.app/explorer/proof/C5sc79uMefLdssJRxyapWYygb67DyCApAbQrnqKAdWK3')).toEqual({ kind: 'proof', id: P1 })
    expect(of(`https://app.zkhelios.app/explorer/address/${A}`)).toEqual({ kind: 'address', id: A })
    expect(of('http://127.0.0.1:9/explorer/tx/5PeX')).toEqual({ kind: 'transaction', id: '5PeX' })
    expect(of('https://elsewhere.example/about')).toBeNull()
    expect(of(42)).toBeNull()
    expect(subjectOfNotification(notification('y', { raw: { data: null } }))).toBeNull()
  })
})

describe('EntryBuilder: revocations found by reading again (never pushed)', () => {
  function revokedNotice(id: string, account: string): AppNotification {
    return notification(id, { kind: 'PROOF_REVOKED', title: 'Proof revoked', raw: { id, data: { url: `https://app.example/explorer/proof/${account}` } } })
  }

  it('makes one entry and one candidate per revoked proof, however often it is read again', () => {
    const { builder, rows, candidates } = setup()
    builder.revokedProofs([{ proof: { ...proof(P1), authority: A }, own: false }])
    builder.revokedProofs([{ proof: { ...proof(P1), authority: A }, own: false }])
    expect([...rows.values()].map((row) => [row.kind, row.subject, row.topic])).toEqual([['PROOF_REVOKED', { kind: 'proof', id: P1 }, { kind: 'address', id: A }]])
    expect(candidates).toEqual([expect.objectContaining({ key: `revoked:${P1}`, source: 'addresses', alert: 'proofRevoked', address: A, title: 'Proof revoked' })])
    expect(candidates[0]?.body).toContain('A proof of Treasury was revoked')
  })

  it('is one entry with the indexer’s own PROOF_REVOKED, whichever comes first, and one pop-up', () => {
    const first = setup()
    first.builder.revokedProofs([{ proof: proof(P1), own: true }])
    first.builder.notifications([revokedNotice('n9', P1)])
    expect([...first.rows.keys()]).toEqual(['n9'])
    expect(first.candidates.map((c) => c.key)).toEqual([`revoked:${P1}`])

    const second = setup()
    second.builder.notifications([revokedNotice('n9', P1)])
    second.builder.revokedProofs([{ proof: proof(P1), own: true }])
    expect([...second.rows.keys()]).toEqual(['n9'])
    expect(second.candidates.map((c) => c.key)).toEqual(['notification:n9'])
  })
})
