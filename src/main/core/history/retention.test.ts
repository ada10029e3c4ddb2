import { statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { testAuthority, testKey, testNotification, testOverview, testProof, testProofSummary, testTransaction } from '@test/support/history-test-data'
import { countRows } from './retention'
import { waitFor } from '@test/support/wait-for'
import { openStore } from '@test/support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'
const WATCHED = testAuthority(0)
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index)

describe('retention', () => {
  it('evicts the oldest first down to the row cap, keeping watched addresses and the user own proofs', async () => {
    const store = openStore({ limits: { maxRows: 1000 }, retentionCheckEvery: Number.MAX_SAFE_INTEGER })
    store.setRetentionPolicy({ keepAddresses: [WATCHED] })
    const history = store.forIndexer(INDEXER)
    history.recordProofs(range(0, 1500).map((index) => testProof(index)))
    // Proof 1 is the user's own (from user:proofs), though its authority is not watched.
    history.recordProofSummaries([testProofSummary(1)], { own: true })
    await store.flush()

    const report = await store.enforceRetention()
    expect(report.rowsBefore).toBe(1500)
    expect(report.rowsAfter).toBe(900)
    expect(history.listProofs({}).data.total).toBe('900')
    const held = new Set([...history.proofPages({})].flat().map((p) => p.proofAccount))
    expect(held.size).toBe(900)
    const keptOnes = range(0, 1500).filter((index) => testProof(index).authority === WATCHED || index === 1)
    for (const index of keptOnes) expect(held.has(testProof(index).proofAccount)).toBe(true)
    // Everything else that stayed is newer than everything else that went.
    const others = range(0, 1500).filter((index) => !keptOnes.includes(index))
    const stayed = others.filter((index) => held.has(testProof(index).proofAccount))
    const went = others.filter((index) => !held.has(testProof(index).proofAccount))
    expect(Math.min(...stayed)).toBeGreaterThan(Math.max(...went))
  })

  it('keeps transactions that involve a watched address; the user may evict those too', async () => {
    const store = openStore({ limits: { maxRows: 100 }, retentionCheckEvery: Number.MAX_SAFE_INTEGER })
    store.setRetentionPolicy({ keepAddresses: [WATCHED] })
    const history = store.forIndexer(INDEXER)
    const stranger = testKey(50, 1)
    // Listed for the watched address, though it pays for none of them.
    history.recordTransactions(range(0, 50).map((index) => testTransaction(index, { feePayer: stranger })), { address: WATCHED })
    history.recordTransactions(range(50, 300).map((index) => testTransaction(index, { feePayer: stranger })))
    await store.flush()
    await store.enforceRetention()
    const watched = history.listTransactions({ pubkey: WATCHED, limit: 200 }).data
    expect(watched.total).toBe('50')
    expect(history.listTransactions({}).data.total).toBe('90')

    // Under a cap below what is kept, only the kept stay...
    store.setLimits({ maxRows: 20 })
    await store.enforceRetention()
    expect(history.listTransactions({}).data.total).toBe('50')
    // ...until the user lets them go too, oldest first.
    await store.enforceRetention({ evictKept: true })
    expect(history.listTransactions({}).data.total).toBe('18')
    expect(history.listTransactions({ limit: 1 }).data.items[0]?.signature).toBe(testTransaction(49).signature)
  })

  it('evicts down to the byte cap and gives the space back to the disk', async () => {
    const store = openStore({ retentionCheckEvery: Number.MAX_SAFE_INTEGER })
    const history = store.forIndexer(INDEXER)
    history.recordProofs(range(0, 4000).map((index) => testProof(index, { extra: { padding: 'x'.repeat(400) } })))
    await store.flush()
    store.database.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    const before = store.info()
    const maxBytes = Math.floor(before.bytes / 4)
    store.setLimits({ maxBytes })
    const report = await store.enforceRetention()
    expect(report.bytesAfter).toBeLessThanOrEqual(maxBytes)
    // The file shrinks at the first checkpoint that takes the whole log: a checkpoint aside on the read worker may hold this one off a moment.
    await waitFor(() => {
      store.database.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
      return statSync(store.info().path).size < before.bytes / 2
    })
    expect(history.listProofs({ limit: 1 }).data.items[0]?.proofAccount).toBe(testProof(3999).proofAccount)
  })

  it('runs by itself, off the write path, once writes pass a cap', async () => {
    const store = openStore({ limits: { maxRows: 500 }, retentionCheckEvery: 100 })
    const history = store.forIndexer(INDEXER)
    for (let batch = 0; batch < 10; batch++) history.recordProofs(range(batch * 100, batch * 100 + 100).map((index) => testProof(index)))
    await store.flush()
    await waitFor(() => countRows(store.database) <= 500)
    expect(history.listProofs({ limit: 1 }).data.items[0]?.proofAccount).toBe(testProof(999).proofAccount)
  })

  it('clear cache keeps what belongs to watched addresses, the user and notifications, unless everything', async () => {
    const store = openStore()
    store.setRetentionPolicy({ keepAddresses: [WATCHED] })
    const history = store.forIndexer(INDEXER)
    history.recordProofs(range(0, 100).map((index) => testProof(index)))
    history.recordTransactions(range(0, 100).map((index) => testTransaction(index)))
    history.recordNotifications([testNotification(1)])
    history.recordOverview(testOverview(5000))
    history.recordSeries({ metric: 'tps', serverMetric: 'tps', period: '24h', points: [{ t: 1, value: 2 }] })
    await store.flush()

    await store.clear({ everything: false })
    const proofs = [...history.proofPages({})].flat()
    expect(proofs.length).toBe(20)
    expect(proofs.every((p) => p.authority === WATCHED)).toBe(true)
    expect([...history.transactionPages({})].flat().every((t) => t.feePayer === WATCHED)).toBe(true)
    expect(history.listNotifications({}).data.items).toHaveLength(1)
    expect(history.overview().data).toBeNull()
    expect(history.series({ metric: 'tps', period: '24h' }).data).toBeNull()

    await store.clear({ everything: true })
    expect(store.info().rows).toBe(0)
  })

  it('refuses a cap that is not a positive number', () => {
    const store = openStore()
    expect(() => store.setLimits({ maxRows: -1 })).toThrow(/positive number/)
    expect(() => store.setLimits({ maxBytes: Number.NaN })).toThrow(/positive number/)
  })
})
