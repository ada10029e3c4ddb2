import { afterEach, describe, expect, it, vi } from 'vitest'
import { HistoryCache } from './history-cache'
import { MEMORY_PATH } from './database'
import { ReadWorker } from './read-worker'
import { openStore } from '@test/support/temp-dir'
import { testNotification, testProof, testProofSummary, testTransaction } from '@test/support/history-test-data'

const INDEXER = 'http://127.0.0.1:8787'
const WATCHED = testProof(1).authority as string
const stores: HistoryCache[] = []

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  vi.restoreAllMocks()
})

/** Watched proofs held as summaries (newest first by slot) and one held in full, written just now (still queued). */
function filled(store: HistoryCache): ReturnType<HistoryCache['forIndexer']> {
  const history = store.forIndexer(INDEXER)
  history.recordProofSummaries([1, 2, 3].map((index) => testProofSummary(index, { authority: WATCHED })))
  history.recordProofs([testProof(4, { authority: WATCHED })])
  history.recordTransactions([testTransaction(5)])
  return history
}

describe("the cache's reads aside (off the main thread on a file, on it in memory)", () => {
  it('answer the same on a file as in memory, after the writes queued before them', async () => {
    const onFile = openStore()
    const inMemory = HistoryCache.open({ path: MEMORY_PATH })
    stores.push(inMemory)
    const scope = { addresses: [], authorities: [WATCHED] }
    const workerReads = vi.spyOn(ReadWorker.prototype, 'run')
    const [fileDetails, memoryDetails] = await Promise.all([filled(onFile).watchedDetails(scope, [], 10), filled(inMemory).watchedDetails(scope, [], 10)])
    expect(fileDetails).toEqual(memoryDetails)
    // The file's answer came from the worker (one batch), the memory cache's from its own connection.
    expect(workerReads).toHaveBeenCalledTimes(1)
    await expect(workerReads.mock.results[0]?.value).resolves.toHaveLength(2)
    expect(fileDetails.coverage).toEqual({ held: 1, total: 4, unavailable: 0 })
    expect(fileDetails.missing.map((item) => item.id).sort()).toEqual([1, 2, 3].map((index) => testProof(index).proofAccount).sort())
  })

  it('leave out what was given up on, and count it as unavailable', async () => {
    const history = filled(openStore())
    const skipped = testProof(2).proofAccount
    const details = await history.watchedDetails({ addresses: [], authorities: [WATCHED] }, [skipped], 10)
    expect(details.missing.map((item) => item.id)).not.toContain(skipped)
    expect(details.missing).toHaveLength(2)
    expect(details.coverage.unavailable).toBe(1)
  })

  it('find notifications by their words on a file as in memory', async () => {
    const onFile = openStore()
    const inMemory = HistoryCache.open({ path: MEMORY_PATH })
    stores.push(inMemory)
    const notifications = Array.from({ length: 12 }, (_, index) => testNotification(index))
    const [fileHits, memoryHits] = await Promise.all(
      [onFile, inMemory].map((store) => {
        const history = store.forIndexer(INDEXER)
        history.recordNotifications(notifications)
        return history.search('proof number 8')
      }),
    )
    expect(fileHits).toEqual(memoryHits)
    expect(fileHits?.map((hit) => hit.id)).toEqual([testNotification(8).id])
  })

  it('fail with a clear error once the cache is closed', async () => {
    const store = openStore()
    const history = filled(store)
    await store.close()
    await expect(history.watchedDetails({ addresses: [], authorities: [WATCHED] }, [], 10)).rejects.toThrow(/history cache is closed/)
  })

  it('the log written on a file is moved into it by the worker, never on a cache in memory', async () => {
    const checkpoints = vi.spyOn(ReadWorker.prototype, 'checkpoint')
    const inMemory = HistoryCache.open({ path: MEMORY_PATH, checkpointAsideEvery: 10 })
    stores.push(inMemory)
    inMemory.forIndexer(INDEXER).recordProofs(Array.from({ length: 50 }, (_, index) => testProof(index)))
    await inMemory.flush()
    expect(checkpoints).not.toHaveBeenCalled()
    // The few records of a quiet spell start no worker for it.
    const quiet = openStore()
    quiet.forIndexer(INDEXER).recordProofs(Array.from({ length: 50 }, (_, index) => testProof(index)))
    await quiet.flush()
    expect(checkpoints).not.toHaveBeenCalled()
    const onFile = openStore({ checkpointAsideEvery: 10 })
    onFile.forIndexer(INDEXER).recordProofs(Array.from({ length: 50 }, (_, index) => testProof(index)))
    await onFile.flush()
    expect(checkpoints).toHaveBeenCalledTimes(1)
    const result = await checkpoints.mock.results[0]?.value
    expect(result.log).toBeGreaterThan(0)
    expect(result.checkpointed).toBe(result.log)
  })

  it('the log is moved into the file each time enough records were written since the last time, however soon after it', async () => {
    const checkpoints = vi.spyOn(ReadWorker.prototype, 'checkpoint')
    const write = async (from: number, count: number) => {
      store.forIndexer(INDEXER).recordProofs(Array.from({ length: count }, (_, index) => testProof(from + index)))
      await store.flush()
      // The checkpoint runs on the worker: its end is what lets the next one start.
      await Promise.allSettled(checkpoints.mock.results.map((result) => result.value))
    }
    const store = openStore({ checkpointAsideEvery: 40 })
    stores.push(store)
    await write(0, 20)
    expect(checkpoints).not.toHaveBeenCalled()
    await write(100, 20)
    expect(checkpoints).toHaveBeenCalledTimes(1)
    await write(200, 30)
    expect(checkpoints).toHaveBeenCalledTimes(1)
    // 30 + 10 since the last one, a moment after it.
    await write(300, 10)
    expect(checkpoints).toHaveBeenCalledTimes(2)
  })
})
