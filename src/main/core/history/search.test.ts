import { describe, expect, it } from 'vitest'
import { ftsQuery } from './search'
import { testAuthority, testKey, testNotification, testProof, testTransaction } from '@test/support/history-test-data'
import { openStore, tempDir } from '@test/support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'

function filled(dir = tempDir()) {
  const store = openStore({ dir })
  const history = store.forIndexer(INDEXER)
  history.recordProofs(Array.from({ length: 200 }, (_, index) => testProof(index)))
  history.recordTransactions(Array.from({ length: 200 }, (_, index) => testTransaction(index)))
  history.recordNotifications(Array.from({ length: 20 }, (_, index) => testNotification(index)))
  return { store, history, dir }
}

describe('search over the cache', () => {
  it('finds a transaction by signature prefix and a proof by account prefix', async () => {
    const { history } = filled()
    const tx = testTransaction(42)
    const hits = (await history.search(tx.signature.slice(0, 12)))
    expect(hits).toContainEqual({ kind: 'transaction', id: tx.signature, title: tx.signature, detail: `${tx.status} · slot ${tx.slot}`, source: 'cache' })
    const proof = testProof(17)
    expect((await history.search(proof.proofAccount.slice(0, 10)))).toContainEqual({
      kind: 'proof',
      id: proof.proofAccount,
      title: proof.proofAccount,
      detail: `${proof.circuitName} · ${proof.proofType}`,
      source: 'cache',
    })
    // The whole identifier finds it too.
    expect((await history.search(proof.proofAccount)).filter((hit) => hit.kind === 'proof').map((hit) => hit.id)).toEqual([proof.proofAccount])
  })

  it('finds an address once, from proofs and from transactions', async () => {
    const { history } = filled()
    const address = testAuthority(3)
    const hits = (await history.search(address.slice(0, 8))).filter((hit) => hit.kind === 'address')
    expect(hits).toEqual([{ kind: 'address', id: address, title: address, detail: 'proof authority, in transactions', source: 'cache' }])
  })

  it('returns at most the asked number of hits per kind, in key order', async () => {
    const { history } = filled()
    const hits = (await history.search('1', { perKind: 3 }))
    for (const kind of ['transaction', 'proof'] as const) {
      const ids = hits.filter((hit) => hit.kind === kind).map((hit) => hit.id)
      expect(ids.length).toBeLessThanOrEqual(3)
      expect(ids).toEqual([...ids].sort())
    }
  })

  it('finds a circuit by id or by name prefix', async () => {
    const { history } = filled()
    expect((await history.search('circuit-4')).filter((hit) => hit.kind === 'circuit')).toEqual([
      { kind: 'circuit', id: '4', title: 'circuit-4', detail: `Circuit #4 · ${testProof(3).proofType}`, source: 'cache' },
    ])
    expect((await history.search('CIRC')).filter((hit) => hit.kind === 'circuit')).toHaveLength(5)
  })

  it('names a circuit seen only by id "Circuit #id", and a socket-only proof by the name the cache knows', async () => {
    const { history } = filled()
    const raw = { proofAccount: 'S'.repeat(44), circuitId: 77, proofType: 'AGE', slot: '5' }
    history.recordProofSummaries([{ proofAccount: raw.proofAccount, authority: null, circuitId: '77', proofType: 'AGE', slot: '5', raw, extra: {} }])
    expect((await history.search('77')).filter((hit) => hit.kind === 'circuit')).toEqual([{ kind: 'circuit', id: '77', title: 'Circuit #77', detail: 'AGE', source: 'cache' }])
    history.recordCircuits([{ id: '77', name: 'age_over_77', proofType: 'AGE', description: null }])
    expect((await history.search('S'.repeat(44))).find((hit) => hit.kind === 'proof')?.detail).toBe('age_over_77 · AGE')
  })

  it('searches notifications by words, with any text the user types', async () => {
    const { history } = filled()
    const found = (await history.search('maint')).filter((hit) => hit.kind === 'notification')
    expect(found.length).toBe(5)
    expect(found[0]).toMatchObject({ kind: 'notification', title: 'Scheduled maintenance', detail: expect.stringContaining('restarts') })
    expect((await history.search('proof number 12')).map((hit) => hit.id)).toEqual([testNotification(12).id])
    for (const odd of ['"', 'NEAR(', '* OR', 'a"b', '()', '\u0000', '%_\\']) await expect(history.search(odd)).resolves.toBeInstanceOf(Array)
    expect((await history.search('   '))).toEqual([])
  })

  it('falls back to a substring match where the full-text index is missing', async () => {
    const { store, dir } = filled()
    store.database.db.exec('DROP TABLE notifications_fts')
    for (const trigger of ['insert', 'delete', 'update']) store.database.db.exec(`DROP TRIGGER notifications_fts_${trigger}`)
    await store.close()
    const reopened = openStore({ dir })
    expect(reopened.info().fullTextSearch).toBe(false)
    const history = reopened.forIndexer(INDEXER)
    expect((await history.search('maint')).filter((hit) => hit.kind === 'notification')).toHaveLength(5)
    history.recordNotifications([testNotification(99, { extra: { title: 'Fresh 100% news' } })])
    expect((await history.search('100%')).map((hit) => hit.id)).toEqual([testNotification(99).id])
  })

  it('quotes every word for FTS5', () => {
    expect(ftsQuery('proof "verified')).toBe('"proof"* """verified"*')
    expect(ftsQuery('*** ---')).toBeNull()
  })

  it('ignores keys that are not base58 for identifier search', async () => {
    const { history } = filled()
    expect((await history.search('0OIl')).filter((hit) => hit.kind !== 'notification' && hit.kind !== 'circuit')).toEqual([])
    expect((await history.search(testKey(99, 1)))).toEqual([])
  })
})
