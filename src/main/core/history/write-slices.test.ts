import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@test/support/wait-for'
import { testProof } from '@test/support/history-test-data'
import { HistoryCache } from './history-cache'
import { MEMORY_PATH } from './database'
import { HistoryWriter } from './history-writer'

const INDEXER = 'http://127.0.0.1:8787'
let store: HistoryCache | null = null

afterEach(async () => {
  await store?.close()
  store = null
  vi.restoreAllMocks()
})

describe('queued writes written in slices', () => {
  it('the timer writes small transactions and lets the loop run between them', async () => {
    const events: string[] = []
    const original = HistoryWriter.prototype.applyBatch
    vi.spyOn(HistoryWriter.prototype, 'applyBatch').mockImplementation(function (this: HistoryWriter, ops) {
      events.push(`write ${ops.length}`)
      return original.call(this, ops)
    })
    // No time at all for a slice: one batch a turn, and the least one.
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 0, slice: { records: 2, ms: 0 } } })
    const history = store.forIndexer(INDEXER)
    for (let index = 0; index < 10; index++) history.recordProofs([testProof(index)])
    let done = false
    const turn = (): void => {
      events.push('turn')
      if (!done) setImmediate(turn)
    }
    setImmediate(turn)
    await waitFor(() => events.filter((event) => event.startsWith('write')).length === 10)
    done = true
    const writes = events.filter((event) => event.startsWith('write'))
    expect(writes).toEqual(Array(10).fill('write 1'))
    // Between two transactions the loop ran.
    const order = events.join(' ')
    expect(order).not.toMatch(/write 1 write 1/)
    expect(history.listProofs({ limit: 1 }).data.total).toBe('10')
  })

  it("a slice's batches hold at most its records, and what its time holds at the pace writes go", async () => {
    let now = 0
    const sizes: number[] = []
    const original = HistoryWriter.prototype.applyBatch
    // Each record takes 1 ms of the queue's clock: a slice of 10 ms holds about 10.
    vi.spyOn(HistoryWriter.prototype, 'applyBatch').mockImplementation(function (this: HistoryWriter, ops) {
      sizes.push(ops.length)
      now += ops.length
      return original.call(this, ops)
    })
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 0, slice: { records: 50, ms: 10 }, monotonic: () => now } })
    const history = store.forIndexer(INDEXER)
    for (let index = 0; index < 300; index++) history.recordProofs([testProof(index)])
    await waitFor(() => sizes.reduce((sum, size) => sum + size, 0) === 300)
    // Sized by the pace measured once the first was written (the last batch is what was left).
    expect(sizes.slice(-6, -1)).toEqual([10, 10, 10, 10, 10])
    expect(sizes.every((size) => size <= 50)).toBe(true)
    expect(history.listProofs({ limit: 1 }).data.total).toBe('300')
  })

  it('a read writes everything queued first, in one transaction', async () => {
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 60_000, slice: { records: 2, ms: 0 } } })
    const original = HistoryWriter.prototype.applyBatch
    const sizes: number[] = []
    vi.spyOn(HistoryWriter.prototype, 'applyBatch').mockImplementation(function (this: HistoryWriter, ops) {
      sizes.push(ops.length)
      return original.call(this, ops)
    })
    const history = store.forIndexer(INDEXER)
    for (let index = 0; index < 10; index++) history.recordProofs([testProof(index)])
    expect(history.listProofs({ limit: 1 }).data.total).toBe('10')
    expect(sizes).toEqual([10])
  })
})
