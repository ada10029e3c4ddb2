import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@test/support/wait-for'
import { logLoopTurns } from '@test/support/loop-turns'
import { testKey, testNotification, testProof, testTransaction } from '@test/support/history-test-data'
import { HistoryCache } from './history-cache'
import { MEMORY_PATH } from './database'
import { HistoryWriter } from './history-writer'
import { recordCount, type WriteOp } from './write-op'

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
    const stop = logLoopTurns(events)
    await waitFor(() => events.filter((event) => event.startsWith('write')).length === 10)
    stop()
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

/** Every batch the store applies, as the ops' types, and the ops themselves. */
function spyBatches(): { types: string[][]; ops: WriteOp[][] } {
  const seen = { types: [] as string[][], ops: [] as WriteOp[][] }
  const original = HistoryWriter.prototype.applyBatch
  vi.spyOn(HistoryWriter.prototype, 'applyBatch').mockImplementation(function (this: HistoryWriter, ops) {
    seen.types.push(ops.map((op) => op.type))
    seen.ops.push([...ops])
    return original.call(this, ops)
  })
  return seen
}


describe('reads that name the writes they depend on', () => {
  // The timer is out of the way: only the reads write.
  const open = () => HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 60_000 } })

  it("the notification centre's reads write through the last notification write queued, not the proofs after it", () => {
    const batches = spyBatches()
    store = open()
    const history = store.forIndexer(INDEXER)
    const [first, second] = [testNotification(0), testNotification(1)]
    history.recordProofs([testProof(0)])
    history.recordNotifications([first!, second!])
    history.recordProofs([testProof(1)])
    history.markNotificationsRead([first!.id])
    history.recordProofs([testProof(2)])
    history.recordProofs([testProof(3)])
    expect(history.unreadNotificationCount()).toBe(1)
    // The proofs before the mark-read go with it, in order; the two after it wait for the timer.
    expect(batches.types).toEqual([['proofs', 'notifications', 'proofs', 'mark-read']])
    expect(history.listNotifications().data.items.map((n) => [n.id, n.read])).toEqual(
      expect.arrayContaining([
        [first!.id, true],
        [second!.id, false],
      ]),
    )
    expect(history.unreadCounts().total).toBe(1)
    expect(history.notificationReadStates([first!.id, second!.id])).toEqual(
      new Map([
        [first!.id, true],
        [second!.id, false],
      ]),
    )
    expect(batches.types).toHaveLength(1)
    // A read without a dependency writes the rest first.
    expect(history.listProofs({ limit: 1 }).data.total).toBe('4')
    expect(batches.types).toEqual([['proofs', 'notifications', 'proofs', 'mark-read'], ['proofs', 'proofs']])
  })

  it('a removal queued behind proofs is written for the unread count, with the proofs before it', () => {
    const batches = spyBatches()
    store = open()
    const history = store.forIndexer(INDEXER)
    history.recordNotifications([testNotification(0), testNotification(1)])
    expect(history.unreadNotificationCount()).toBe(2)
    history.recordProofs([testProof(0)])
    history.removeNotifications([testNotification(0).id])
    history.recordProofs([testProof(1)])
    expect(history.unreadNotificationCount()).toBe(1)
    expect(batches.types).toEqual([['notifications'], ['proofs', 'remove-notifications']])
  })

  it('the display-name read (metadata) writes through the last metadata patch, not the notifications after it', () => {
    const batches = spyBatches()
    store = open()
    const history = store.forIndexer(INDEXER)
    history.recordProofs([testProof(0)])
    history.updateMetadata({ displayName: 'Indexer A' })
    history.recordNotifications([testNotification(0)])
    history.recordProofs([testProof(1)])
    expect(history.metadata()).toEqual({ displayName: 'Indexer A' })
    expect(batches.types).toEqual([['proofs', 'metadata']])
    // Nothing of its kind waits now: a second read writes nothing.
    expect(history.metadata()).toEqual({ displayName: 'Indexer A' })
    expect(batches.types).toHaveLength(1)
    expect(history.unreadNotificationCount()).toBe(1)
    expect(batches.types).toEqual([['proofs', 'metadata'], ['notifications']])
  })

  it('reads whose kinds do not wait write nothing on the spot, however much else is queued', () => {
    const batches = spyBatches()
    store = open()
    const history = store.forIndexer(INDEXER)
    history.recordNotifications([testNotification(0)])
    history.updateMetadata({ displayName: 'Indexer A' })
    expect(history.metadata()).toEqual({ displayName: 'Indexer A' })
    batches.types.length = 0
    for (let index = 0; index < 50; index++) history.recordProofs([testProof(index)])
    history.recordTransactions([testTransaction(0)])
    expect(history.unreadNotificationCount()).toBe(1)
    expect(history.unreadCounts().total).toBe(1)
    expect(history.listNotifications().data.items).toHaveLength(1)
    expect(history.notificationReadStates([testNotification(0).id]).get(testNotification(0).id)).toBe(false)
    expect(history.metadata()).toEqual({ displayName: 'Indexer A' })
    expect(batches.types).toEqual([])
    expect(history.listProofs({ limit: 1 }).data.total).toBe('50')
    expect(batches.types.flat()).toHaveLength(51)
  })
})

describe('waiting for the queued writes (settle, flush)', () => {
  it('settle and flush write in slices a turn apart, and resolve once what was queued is written', async () => {
    const events: string[] = []
    const original = HistoryWriter.prototype.applyBatch
    vi.spyOn(HistoryWriter.prototype, 'applyBatch').mockImplementation(function (this: HistoryWriter, ops) {
      events.push(`write ${ops.length}`)
      return original.call(this, ops)
    })
    // No time for a slice: one record a slice; no timer either, only the waits write.
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 60_000, slice: { records: 1, ms: 0 } } })
    const history = store.forIndexer(INDEXER)
    for (let index = 0; index < 4; index++) history.recordProofs([testProof(index)])
    const stop = logLoopTurns(events)
    await store.settle()
    for (let index = 4; index < 8; index++) history.recordProofs([testProof(index)])
    await store.flush()
    stop()
    expect(events.filter((event) => event.startsWith('write'))).toEqual(Array(8).fill('write 1'))
    expect(events.join(' ')).not.toMatch(/write 1 write 1/)
    expect(history.listProofs({ limit: 1 }).data.total).toBe('8')
  })

  it('a flush that meets a full disk resolves, the records kept for the retry', async () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 })
    let failing = true
    const original = HistoryWriter.prototype.applyBatch
    vi.spyOn(HistoryWriter.prototype, 'applyBatch').mockImplementation(function (this: HistoryWriter, ops) {
      if (failing) throw full
      return original.call(this, ops)
    })
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 60_000, retryDelayMs: 60_000 } })
    const history = store.forIndexer(INDEXER)
    for (let index = 0; index < 3; index++) history.recordProofs([testProof(index)])
    await store.flush()
    await store.settle()
    expect(store.damage?.kind).toBe('disk-full')
    failing = false
    await store.flush()
    expect(history.listProofs({ limit: 1 }).data.total).toBe('3')
  })
})

describe('a read asked for while a batch is written', () => {
  it('writes nothing itself: every record is written once, and all are stored', async () => {
    const written: string[] = []
    let reading = false
    let echoed = false
    let history: ReturnType<HistoryCache['forIndexer']> | null = null
    const inner: number[] = []
    const original = HistoryWriter.prototype.applyBatch
    vi.spyOn(HistoryWriter.prototype, 'applyBatch').mockImplementation(function (this: HistoryWriter, ops) {
      for (const op of ops) if (op.type === 'proofs') written.push(...op.proofs.map((proof) => proof.proofAccount))
      original.call(this, ops)
      if (!reading) {
        // What a commit's listener may do: read (all, and by kind) and record.
        reading = true
        const before = written.length
        history!.listProofs({ limit: 1 })
        history!.unreadNotificationCount()
        if (!echoed) history!.recordProofs([testProof(99)])
        echoed = true
        inner.push(written.length - before)
        reading = false
      }
    })
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 60_000, batchRecords: 2 } })
    history = store.forIndexer(INDEXER)
    for (let index = 0; index < 5; index++) history.recordProofs([testProof(index)])
    history.recordNotifications([testNotification(0)])
    expect(history.listProofs({ limit: 1 }).data.total).toBe('6')
    await store.flush()
    // Nothing was written inside a batch being written; each record once, 99 (recorded meanwhile) after the rest.
    expect(inner.every((count) => count === 0)).toBe(true)
    expect(written).toEqual([...[0, 1, 2, 3, 4], 99].map((index) => testProof(index).proofAccount))
    expect(history.listProofs({ limit: 1 }).data.total).toBe('6')
  })
})

describe('large operations are queued in parts', () => {
  it("a backfill of 1,000 transactions for one address is written in operations of at most 25, each with the address, all stored", () => {
    const address = testKey(40, 1)
    const payer = testKey(40, 2)
    const batches = spyBatches()
    store = HistoryCache.open({ path: MEMORY_PATH, write: { flushDelayMs: 60_000 } })
    const history = store.forIndexer(INDEXER)
    const transactions = Array.from({ length: 1000 }, (_, index) => testTransaction(index, { feePayer: payer }))
    history.recordTransactions(transactions, { address })
    expect(history.listTransactions({ pubkey: address, limit: 1 }).data.total).toBe('1000')
    const ops = batches.ops.flat()
    expect(ops.every((op) => op.type === 'transactions' && op.address === address)).toBe(true)
    expect(Math.max(...ops.map(recordCount))).toBeLessThanOrEqual(25)
    expect(ops).toHaveLength(40)
    // The parts are the backfill in its order.
    expect(ops.flatMap((op) => (op.type === 'transactions' ? op.transactions.map((tx) => tx.signature) : []))).toEqual(
      transactions.map((tx) => tx.signature),
    )
    expect(history.addressActivity({ pubkey: address }).transactions).toBe(1000)
  })
})
