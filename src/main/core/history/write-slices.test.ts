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

/**
 * `proofs` records queued on a cache that writes them two a transaction at once, each transaction and each turn of the
 * loop noted in order in `events` ('write 2', 'turn') until stopTurns().
 */
function writesAndTurns(proofs: number) {
  const events: string[] = []
  const original = HistoryWriter.prototype.applyUntil
  vi.spyOn(HistoryWriter.prototype, 'applyUntil').mockImplementation(function (this: HistoryWriter, ops, until) {
    events.push(`write ${ops.length}`)
    return original.call(this, ops, until)
  })
  store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 0, slice: { records: 2, ms: 0 } } })
  const history = store.forIndexer(INDEXER)
  for (let index = 0; index < proofs; index++) history.recordProofs([testProof(index)])
  let done = false
  const turn = (): void => {
    events.push('turn')
    if (!done) setImmediate(turn)
  }
  setImmediate(turn)
  return { events, history, stopTurns: () => (done = true) }
}

describe('queued writes written in slices', () => {
  it('the timer writes small transactions and lets the loop run between them', async () => {
    const { events, history, stopTurns } = writesAndTurns(10)
    await waitFor(() => events.filter((event) => event.startsWith('write')).length === 5)
    stopTurns()
    const writes = events.filter((event) => event.startsWith('write'))
    expect(writes).toEqual(Array(5).fill('write 2'))
    // Between two transactions the loop ran.
    const order = events.join(' ')
    expect(order).not.toMatch(/write 2 write 2/)
    expect(history.listProofs({ limit: 1 }).data.total).toBe('10')
  })

  it('flushes awaited side by side, and the timer, write one slice a turn between them', async () => {
    const { events, history, stopTurns } = writesAndTurns(12)
    // Three readers waiting for the writes (reads behind writes, the unread counts, the details' fetcher).
    await Promise.all([store?.flush(), store?.flush(), store?.flush()])
    stopTurns()
    const writes = events.filter((event) => event.startsWith('write'))
    expect(writes).toEqual(Array(6).fill('write 2'))
    expect(events.join(' ')).not.toMatch(/write 2 write 2/)
    expect(history.listProofs({ limit: 1 }).data.total).toBe('12')
  })

  it('a read writes everything queued first, in one transaction', async () => {
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 60_000, slice: { records: 2, ms: 0 } } })
    const original = HistoryWriter.prototype.applyUntil
    const sizes: number[] = []
    vi.spyOn(HistoryWriter.prototype, 'applyUntil').mockImplementation(function (this: HistoryWriter, ops, until) {
      sizes.push(ops.length)
      return original.call(this, ops, until)
    })
    const history = store.forIndexer(INDEXER)
    for (let index = 0; index < 10; index++) history.recordProofs([testProof(index)])
    expect(history.listProofs({ limit: 1 }).data.total).toBe('10')
    expect(sizes).toEqual([10])
  })
})
