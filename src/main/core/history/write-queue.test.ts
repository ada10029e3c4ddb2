import { describe, expect, it } from 'vitest'
import { waitFor } from '@test/support/wait-for'
import { testProof } from '@test/support/history-test-data'
import type { CacheDamage } from '@shared/history'
import type { HistoryDatabase } from './database'
import type { HistoryWriter } from './history-writer'
import type { WriteOp } from './write-op'
import { WriteQueue } from './write-queue'

const INDEXER = 'http://127.0.0.1:8787'
const SQLITE_FULL = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 })

/** A file-backed database stand-in: the queue asks it only about damage. */
function fakeDatabase(): HistoryDatabase {
  let damage: CacheDamage | null = null
  return {
    path: '/tmp/cache.sqlite',
    readOnly: false,
    get damage() {
      return damage
    },
    recover: () => false,
    noteDamage: (kind: CacheDamage['kind'], message: string) => (damage = { kind, message, movedTo: null } as CacheDamage),
    clearDamage: () => (damage = null),
  } as unknown as HistoryDatabase
}

/**
 * Keeps the proof ids it commits, in order, and each batch's operations and proofs; fails every batch while `full`;
 * given a time to end by, applies at most `cutAfter` operations.
 */
function fakeWriter(): {
  writer: HistoryWriter
  written: string[]
  batches: number[]
  proofsPerBatch: number[]
  untils: number[]
  cutAfter: number
  full: boolean
} {
  const state = {
    written: [] as string[],
    batches: [] as number[],
    proofsPerBatch: [] as number[],
    untils: [] as number[],
    cutAfter: Infinity,
    full: false,
    writer: null as unknown as HistoryWriter,
  }
  state.writer = {
    // As the real one: the queue asks for applyUntil, which applies all here (no clock), through applyBatch so that a test can wrap that.
    applyUntil(ops: readonly WriteOp[], until: number) {
      state.untils.push(until)
      const applied = until === Infinity ? ops : ops.slice(0, state.cutAfter)
      state.writer.applyBatch(applied)
      return applied.length
    },
    applyBatch(ops: readonly WriteOp[]) {
      if (state.full) throw SQLITE_FULL
      state.batches.push(ops.length)
      const before = state.written.length
      for (const op of ops) if (op.type === 'proofs') state.written.push(...op.proofs.map((proof) => proof.proofAccount))
      state.proofsPerBatch.push(state.written.length - before)
    },
  } as unknown as HistoryWriter
  return state
}

const proofOp = (index: number): WriteOp => ({ type: 'proofs', indexer: INDEXER, at: 0, proofs: [testProof(index)] })
const accounts = (indexes: readonly number[]): string[] => indexes.map((index) => testProof(index).proofAccount)

describe('the write queue', () => {
  it('a backlog kept through a full disk is written in order, in slices, once the disk has room', async () => {
    const sink = fakeWriter()
    let now = 0
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 0, retryDelayMs: 0, clock: () => now, slice: { records: 3, ms: 0 } })
    sink.full = true
    for (let index = 0; index < 40; index++) queue.push(proofOp(index))
    await waitFor(() => queue.size === 40 && !queue.flushNow())
    expect(sink.written).toEqual([])
    sink.full = false
    now = 5_000
    for (let index = 40; index < 50; index++) queue.push(proofOp(index))
    await waitFor(() => queue.size === 0)
    expect(sink.written).toEqual(accounts(Array.from({ length: 50 }, (_, index) => index)))
    // The timer wrote transactions of at most three records, one per turn of the loop.
    expect(Math.max(...sink.batches)).toBeLessThanOrEqual(3)
    expect(sink.batches.length).toBeGreaterThanOrEqual(17)
    queue.dispose()
  })

  it('past its bound it lets the oldest waiting records go and keeps the newest, in order', async () => {
    const sink = fakeWriter()
    let now = 0
    const problems: string[] = []
    const damages: (CacheDamage | null)[] = []
    const queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 0,
      retryDelayMs: 1_000,
      maxPendingRecords: 10,
      clock: () => now,
      onProblem: (problem) => problems.push(problem.message),
      onDamage: (damage) => damages.push(damage),
    })
    sink.full = true
    for (let index = 0; index < 5; index++) queue.push(proofOp(index))
    await queue.flush()
    expect(damages.map((damage) => damage?.kind)).toEqual(['disk-full'])
    for (let index = 5; index < 25; index++) queue.push(proofOp(index))
    expect(queue.size).toBe(10)
    expect(queue.dropped).toBe(15)
    expect(problems).toHaveLength(1)
    sink.full = false
    now = 5_000
    expect(queue.flushNow(true)).toBe(true)
    expect(sink.written).toEqual(accounts(Array.from({ length: 10 }, (_, index) => index + 15)))
    expect(queue.size).toBe(0)
    // What the failure held back was let go: writing the rest ends the episode.
    expect(damages.at(-1)).toBeNull()
    queue.dispose()
  })

  it('what is recorded while a batch is written goes after it', () => {
    const sink = fakeWriter()
    let queue: WriteQueue | null = null
    let echoed = false
    const original = sink.writer.applyBatch.bind(sink.writer)
    sink.writer.applyBatch = (ops) => {
      original(ops)
      if (!echoed) {
        echoed = true
        queue?.push(proofOp(99))
      }
    }
    queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, batchRecords: 2 })
    for (let index = 0; index < 4; index++) queue.push(proofOp(index))
    expect(queue.flushNow(true)).toBe(true)
    expect(sink.written).toEqual(accounts([0, 1, 2, 3, 99]))
    expect(queue.size).toBe(0)
    queue.dispose()
  })

  it("holds the timer's writes while told to, and writes them once let go; a read writes them at once", async () => {
    const sink = fakeWriter()
    let hold = true
    let asked = 0
    const queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 0,
      holdWrites: () => {
        asked++
        return hold
      },
    })
    for (let index = 0; index < 3; index++) queue.push(proofOp(index))
    // The timer has looked a few times, and each time held.
    await waitFor(() => asked >= 3)
    expect(sink.written).toEqual([])
    hold = false
    await waitFor(() => queue.size === 0)
    expect(sink.written).toEqual(accounts([0, 1, 2]))

    hold = true
    asked = 0
    queue.push(proofOp(3))
    await waitFor(() => asked >= 1)
    expect(queue.flushNow()).toBe(true)
    expect(sink.written).toEqual(accounts([0, 1, 2, 3]))
    queue.dispose()
  })

  it('an awaited flush writes here in slices, the event loop running between them, and resolves once what came before it is written', async () => {
    const sink = fakeWriter()
    // Writes held from the timer, so that every batch below is the flush's own.
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 4, ms: 0 }, holdWrites: () => true })
    for (let index = 0; index < 40; index++) queue.push(proofOp(index))
    const turns: number[] = []
    let ticking = true
    const tick = () => {
      turns.push(sink.written.length)
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    const flushed = queue.flush()
    queue.push(proofOp(40))
    await flushed
    ticking = false
    expect(sink.written.slice(0, 40)).toEqual(accounts(Array.from({ length: 40 }, (_, index) => index)))
    expect(Math.max(...sink.batches)).toBeLessThanOrEqual(4)
    // The loop ran while the flush was half done, more than once.
    expect(turns.filter((written) => written > 0 && written < 40).length).toBeGreaterThanOrEqual(3)
    queue.dispose()
  })

  it('an awaited flush that meets a full disk resolves with the rest kept for a retry', async () => {
    const sink = fakeWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, retryDelayMs: 60_000, slice: { records: 4, ms: 0 }, holdWrites: () => true })
    for (let index = 0; index < 12; index++) queue.push(proofOp(index))
    sink.full = true
    await queue.flush()
    expect(sink.written).toEqual([])
    expect(queue.size).toBe(12)
    queue.dispose()
  })

  it('a full disk is said once while what it held back is written only in part: a small head that fits does not end the episode', async () => {
    const sink = fakeWriter()
    let now = 0
    const damages: (CacheDamage | null)[] = []
    const queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 60_000,
      retryDelayMs: 0,
      clock: () => now,
      slice: { records: 8, ms: 8 },
      holdWrites: () => true,
      onDamage: (damage) => damages.push(damage),
    })
    for (let index = 0; index < 8; index++) queue.push(proofOp(index))
    sink.full = true
    await queue.flush()
    // Room for two records only: the time-cut head of the retry fits, the rest does not.
    sink.full = false
    sink.cutAfter = 2
    const original = sink.writer.applyBatch.bind(sink.writer)
    sink.writer.applyBatch = (ops) => {
      original(ops)
      sink.full = true
    }
    now = 1
    await queue.flush()
    now = 2
    await queue.flush()
    expect(sink.written).toEqual(accounts([0, 1]))
    expect(damages.filter((damage) => damage?.kind === 'disk-full')).toHaveLength(1)
    expect(damages).not.toContain(null)
    // Room again: the rest is written and the episode ends, said once.
    sink.writer.applyBatch = original
    sink.full = false
    sink.cutAfter = Infinity
    now = 3
    await queue.flush()
    expect(sink.written).toEqual(accounts(Array.from({ length: 8 }, (_, index) => index)))
    expect(damages.at(-1)).toBeNull()
    expect(damages.filter((damage) => damage === null)).toHaveLength(1)
    queue.dispose()
  })

  it('an operation of many records is written in parts of at most a slice, in order, so no batch outlasts its slice', async () => {
    const sink = fakeWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 8, ms: 0 }, holdWrites: () => true })
    const indexes = Array.from({ length: 50 }, (_, index) => index)
    queue.push({ type: 'proofs', indexer: INDEXER, at: 0, proofs: indexes.map((index) => testProof(index)) })
    expect(queue.size).toBe(50)
    await queue.flush()
    expect(sink.written).toEqual(accounts(indexes))
    expect(Math.max(...sink.proofsPerBatch)).toBe(8)
    expect(sink.proofsPerBatch.length).toBe(7)
    queue.dispose()
  })

  it('past the backlog allowed, a run of synchronous code that began past it has one batch written at once: a flood waits for the cache, a batch at a time', async () => {
    const sink = fakeWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 4, ms: 8 }, floodBatchRecords: 4, workerBatchRecords: 5 })
    // A burst queued in one run that began with nothing waiting (a backfill's pages): more than the backlog allowed
    // (twice five), and nothing written at once; it is in memory already, and the slices write it.
    for (let index = 0; index < 11; index++) queue.push(proofOp(index))
    expect(sink.written).toEqual([])
    // The next run began past the allowance, as a flood's socket chunks do: it waits for one batch, once.
    await Promise.resolve()
    queue.push(proofOp(11))
    expect(sink.written).toEqual(accounts([0, 1, 2, 3]))
    expect(queue.size).toBe(8)
    for (let index = 12; index < 30; index++) queue.push(proofOp(index))
    expect(sink.written).toEqual(accounts([0, 1, 2, 3]))
    await Promise.resolve()
    queue.push(proofOp(30))
    expect(sink.written).toEqual(accounts([0, 1, 2, 3, 4, 5, 6, 7]))
    // The rest follows in the timer's slices.
    await waitFor(() => queue.size === 0)
    expect(sink.written).toEqual(accounts(Array.from({ length: 31 }, (_, index) => index)))
    queue.dispose()
  })

  it('says it is behind past the backlog allowed, and not while writes wait for a retry', () => {
    const sink = fakeWriter()
    let now = 0
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 4, ms: 8 }, floodBatchRecords: 4, workerBatchRecords: 5, retryDelayMs: 1000, clock: () => now })
    for (let index = 0; index < 10; index++) queue.push(proofOp(index))
    expect(queue.behind).toBe(false)
    queue.push(proofOp(10))
    expect(queue.behind).toBe(true)
    // A full disk: the writes wait for their retry, and whoever can wait is not held for them.
    sink.full = true
    expect(queue.flushNow()).toBe(false)
    expect(queue.size).toBe(11)
    expect(queue.behind).toBe(false)
    now += 1000
    expect(queue.behind).toBe(true)
    queue.dispose()
  })

  it('does not write for the backlog while writes are held, nor from inside a batch being written', async () => {
    const sink = fakeWriter()
    let hold = true
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 4, ms: 8 }, floodBatchRecords: 4, workerBatchRecords: 5, holdWrites: () => hold })
    for (let index = 0; index < 11; index++) queue.push(proofOp(index))
    await Promise.resolve()
    queue.push(proofOp(11))
    expect(sink.written).toEqual([])
    hold = false
    await Promise.resolve()
    // A batch's listener that queues more: the push inside it writes nothing of its own.
    const applyBatch = sink.writer.applyBatch.bind(sink.writer)
    let pushedInside = false
    sink.writer.applyBatch = (ops) => {
      applyBatch(ops)
      if (!pushedInside) {
        pushedInside = true
        queue.push(proofOp(12))
      }
    }
    queue.push(proofOp(13))
    expect(sink.batches).toEqual([4])
    expect(sink.written).toEqual(accounts([0, 1, 2, 3]))
    queue.dispose()
  })

  it('a transaction cut short when its time is up leaves the rest first, in order, for the next turn', async () => {
    const sink = fakeWriter()
    sink.cutAfter = 3
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 8, ms: 8 }, holdWrites: () => true })
    for (let index = 0; index < 10; index++) queue.push(proofOp(index))
    await queue.flush()
    expect(sink.written).toEqual(accounts(Array.from({ length: 10 }, (_, index) => index)))
    // Each transaction was given the slice's time, and each stopped after three: eight asked, three written, then the rest.
    expect(sink.batches).toEqual([3, 3, 3, 1])
    expect(sink.untils.every((until) => Number.isFinite(until))).toBe(true)
    expect(queue.size).toBe(0)
    queue.dispose()
  })

  it('an operation of many records is queued in parts of a few, so that a transaction cut by time can stop inside it', async () => {
    const sink = fakeWriter()
    sink.cutAfter = 1
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, holdWrites: () => true })
    const indexes = Array.from({ length: 50 }, (_, index) => index)
    queue.push({ type: 'proofs', indexer: INDEXER, at: 0, proofs: indexes.map((index) => testProof(index)) })
    await queue.flush()
    expect(sink.written).toEqual(accounts(indexes))
    expect(sink.proofsPerBatch).toEqual([8, 8, 8, 8, 8, 8, 2])
    queue.dispose()
  })

  it('a batch for the backlog is written whole, of its own size, with no time to stop at: it is what holds a flood to the cache', async () => {
    const sink = fakeWriter()
    sink.cutAfter = 1
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 4, ms: 8 }, floodBatchRecords: 6, workerBatchRecords: 5 })
    for (let index = 0; index < 11; index++) queue.push(proofOp(index))
    await Promise.resolve()
    queue.push(proofOp(11))
    expect(sink.batches).toEqual([6])
    expect(sink.untils).toEqual([Infinity])
    queue.dispose()
  })

  it('past ten times the backlog allowed, every record queued waits for a batch, in the same synchronous run too', async () => {
    const sink = fakeWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 4, ms: 8 }, floodBatchRecords: 4, workerBatchRecords: 1 })
    // Allowed: 2; hard bound: 20. A run that began with nothing waiting queues up to the bound without waiting…
    for (let index = 0; index < 20; index++) queue.push(proofOp(index))
    expect(sink.batches).toEqual([])
    // …and past it every record waits for a batch.
    queue.push(proofOp(20))
    expect(sink.batches).toEqual([4])
    expect(queue.size).toBe(17)
    for (let index = 21; index < 24; index++) queue.push(proofOp(index))
    expect(sink.batches).toEqual([4])
    queue.push(proofOp(24))
    expect(sink.batches).toEqual([4, 4])
    // A run that began past the allowance waits for one batch, once.
    await Promise.resolve()
    queue.push(proofOp(25))
    queue.push(proofOp(26))
    expect(sink.batches).toEqual([4, 4, 4])
    expect(queue.size).toBe(15)
    queue.dispose()
  })
})
