import { describe, expect, it } from 'vitest'
import type { Worker } from 'node:worker_threads'
import { openStore } from '@test/support/temp-dir'
import { testNotification, testProof } from '@test/support/history-test-data'

const INDEXER = 'http://127.0.0.1:8787'

const accounts = (store: ReturnType<typeof openStore>): string[] =>
  store
    .forIndexer(INDEXER)
    .listProofs({ limit: 50 })
    .data.items.map((proof) => proof.proofAccount)
    .sort()

/** Proofs in the file now, read around the cache's queue. */
const stored = (store: ReturnType<typeof openStore>): number => Number((store.database.db.prepare('SELECT count(*) AS n FROM proofs').get() as { n: number }).n)


describe('reads behind the queued writes, with the write worker', () => {
  it('a read sees every write queued before it, unless it names the kinds it depends on', async () => {
    const store = openStore({ writeWorker: true })
    expect(await store.writesAside()).toBe(true)
    const history = store.forIndexer(INDEXER)
    history.recordProofs([testProof(1)])
    await store.flush()
    history.recordProofs([testProof(2), testProof(3)])
    // The display names' read depends on the indexer's metadata only: queued proofs do not hold it up.
    expect(history.metadata()).toEqual({})
    expect(stored(store)).toBe(1)
    history.updateMetadata({ names: { a: 'b' } })
    expect(history.metadata()).toEqual({ names: { a: 'b' } })
    // Written in order, so the proofs queued before the metadata went with it.
    expect(accounts(store)).toEqual([1, 2, 3].map((index) => testProof(index).proofAccount).sort())
    // The unread counts wait for notification writes, and only for those.
    history.recordNotifications([testNotification(1)])
    history.recordProofs([testProof(4)])
    expect(history.unreadCounts().total).toBe(1)
    // Counted from what is written, for a caller that counts again once the queued entry is written.
    history.recordNotifications([testNotification(2)])
    expect(history.unreadCounts(false).total).toBe(1)
    expect(history.unreadCounts().total).toBe(2)
  })

  it('a read after an awaited flush still sees what was queued while it ran', async () => {
    const store = openStore({ writeWorker: true })
    expect(await store.writesAside()).toBe(true)
    const history = store.forIndexer(INDEXER)
    history.recordProofs([testProof(1)])
    const flushed = store.flush()
    // Queued while the flush runs: the window may already have been told of it, so a read must not miss it.
    history.recordProofs([testProof(2)])
    await flushed
    expect(accounts(store)).toEqual([1, 2].map((index) => testProof(index).proofAccount).sort())
  })

  it('a write worker that dies is given up: the writes go on on this thread, none lost', async () => {
    const store = openStore({ writeWorker: true })
    expect(await store.writesAside()).toBe(true)
    const history = store.forIndexer(INDEXER)
    const problems: string[] = []
    store.onProblem((problem) => problems.push(problem.message))
    history.recordProofs([testProof(1)])
    const flushed = store.flush()
    // The thread ends under the batch it was given (as an out-of-memory end would).
    const thread = (store as unknown as { aside: { worker: Worker } }).aside.worker
    await thread.terminate()
    await flushed
    history.recordProofs([testProof(2)])
    await store.flush()
    expect(accounts(store)).toEqual([1, 2].map((index) => testProof(index).proofAccount).sort())
    expect(await store.writesAside()).toBe(false)
    expect(problems).toEqual([])
  })
})
