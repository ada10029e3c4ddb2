import { describe, expect, it } from 'vitest'
import { waitFor } from '@test/support/wait-for'
import { logLoopTurns } from '@test/support/loop-turns'
import { testProof } from '@test/support/history-test-data'
import type { CacheDamage } from '@shared/history'
import type { HistoryDatabase } from './database'
import type { HistoryWriter } from './history-writer'
import type { WriteOp } from './write-op'
import { AFTER_SETTLING, WriteQueue } from './write-queue'

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

/** Keeps the proof ids it commits, in order; fails every batch while `full`. */
function fakeWriter(): { writer: HistoryWriter; written: string[]; batches: number[]; full: boolean } {
  const state = {
    written: [] as string[],
    batches: [] as number[],
    full: false,
    writer: null as unknown as HistoryWriter,
  }
  state.writer = {
    applyBatch(ops: readonly WriteOp[]) {
      if (state.full) throw SQLITE_FULL
      state.batches.push(ops.length)
      for (const op of ops) if (op.type === 'proofs') state.written.push(...op.proofs.map((proof) => proof.proofAccount))
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
    const queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 0,
      retryDelayMs: 1_000,
      maxPendingRecords: 10,
      clock: () => now,
      onProblem: (problem) => problems.push(problem.message),
    })
    sink.full = true
    for (let index = 0; index < 25; index++) queue.push(proofOp(index))
    expect(queue.size).toBe(10)
    expect(queue.dropped).toBe(15)
    expect(problems).toHaveLength(1)
    sink.full = false
    now = 5_000
    expect(queue.flushNow(true)).toBe(true)
    expect(sink.written).toEqual(accounts(Array.from({ length: 10 }, (_, index) => index + 15)))
    expect(queue.size).toBe(0)
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
})

/** Logs each op it commits by a short name (`p3`, `n1`, `m`, `r`, `x`), a batch at a time; fails every batch while `full`. */
function namingWriter(): { writer: HistoryWriter; batches: string[][]; written: () => string[]; full: boolean } {
  const state = {
    batches: [] as string[][],
    written: () => state.batches.flat(),
    full: false,
    writer: null as unknown as HistoryWriter,
  }
  state.writer = {
    applyBatch(ops: readonly WriteOp[]) {
      if (state.full) throw SQLITE_FULL
      state.batches.push(ops.map(nameOf))
    },
  } as unknown as HistoryWriter
  return state
}

function nameOf(op: WriteOp): string {
  switch (op.type) {
    case 'proofs':
      return `p${op.proofs.map((proof) => proof.proofAccount).join()}`
    case 'notifications':
      return `n${op.notifications.map((n) => n.id).join()}`
    case 'metadata':
      return 'm'
    case 'mark-read':
      return 'r'
    case 'remove-notifications':
      return 'x'
    default:
      return op.type
  }
}

const p = (index: number): WriteOp => proofOp(index)
const pName = (index: number): string => `p${testProof(index).proofAccount}`
const notificationOp = (id: string): WriteOp => ({ type: 'notifications', indexer: INDEXER, at: 0, notifications: [{ id } as never] })
const NOTIFICATION_KINDS: WriteOp['type'][] = ['notifications', 'mark-read', 'remove-notifications']

describe('what a read depends on (flushFor)', () => {
  it('writes through the last queued write of the kinds named, the earlier ones too, and leaves the rest queued', () => {
    const sink = namingWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000 })
    queue.push(p(0))
    queue.push(notificationOp('a'))
    queue.push(p(1))
    queue.push({ type: 'mark-read', indexer: INDEXER, ids: 'all', read: true })
    queue.push(p(2))
    queue.push(p(3))
    expect(queue.flushFor(NOTIFICATION_KINDS)).toBe(true)
    // Order is kept: the proofs before the mark-read are written with it, the two after it wait.
    expect(sink.written()).toEqual([pName(0), 'na', pName(1), 'r'])
    expect(queue.size).toBe(2)
    expect(queue.flushFor('all')).toBe(true)
    expect(sink.written()).toEqual([pName(0), 'na', pName(1), 'r', pName(2), pName(3)])
    expect(queue.size).toBe(0)
    queue.dispose()
  })

  it('a removal counts as a notification write', () => {
    const sink = namingWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000 })
    queue.push(p(0))
    queue.push({ type: 'remove-notifications', indexer: INDEXER, ids: ['a'] })
    queue.push(p(1))
    queue.flushFor(NOTIFICATION_KINDS)
    expect(sink.written()).toEqual([pName(0), 'x'])
    queue.dispose()
  })

  it('writes nothing when none of the kinds named waits, nor for a read that names none', () => {
    const sink = namingWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000 })
    for (let index = 0; index < 3; index++) queue.push(p(index))
    queue.push(notificationOp('a'))
    expect(queue.flushFor(['metadata'])).toBe(true)
    expect(queue.flushFor(AFTER_SETTLING)).toBe(true)
    expect(sink.batches).toEqual([])
    expect(queue.size).toBe(4)
    // Reads without a dependency still write everything first.
    expect(queue.flushFor('all')).toBe(true)
    expect(sink.written()).toEqual([pName(0), pName(1), pName(2), 'na'])
    queue.dispose()
  })
})

describe('draining the queue in slices', () => {
  function loggedWriter(events: string[]): { writer: HistoryWriter; written: string[] } {
    const written: string[] = []
    const writer = {
      applyBatch(ops: readonly WriteOp[]) {
        events.push('write')
        written.push(...ops.map(nameOf))
      },
    } as unknown as HistoryWriter
    return { writer, written }
  }

  it('writes what was queued at the call, a turn between slices, and resolves once it is written', async () => {
    const events: string[] = []
    const sink = loggedWriter(events)
    // No time for a slice: one record a slice, so each write is its own slice.
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 1, ms: 0 } })
    for (let index = 0; index < 6; index++) queue.push(p(index))
    const stop = logLoopTurns(events)
    await queue.drain()
    stop()
    expect(sink.written).toEqual(range(6).map(pName))
    expect(queue.size).toBe(0)
    // Six slices of one, not one write of six, and the loop ran between each two.
    expect(events.filter((event) => event === 'write')).toHaveLength(6)
    expect(events.join(' ')).not.toMatch(/write write/)
    queue.dispose()
  })

  it('does not wait for what is queued after the call', async () => {
    const sink = namingWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 1, ms: 0 } })
    for (let index = 0; index < 6; index++) queue.push(p(index))
    // A producer faster than the slices: a drain that chased the queue's end would never resolve.
    let producing = true
    let next = 100
    const produce = (): void => {
      if (!producing) return
      for (let count = 0; count < 3; count++) queue.push(p(next++))
      setImmediate(produce)
    }
    setImmediate(produce)
    await queue.drain()
    producing = false
    expect(sink.written().slice(0, 6)).toEqual(range(6).map(pName))
    expect(queue.size).toBeGreaterThan(0)
    queue.dispose()
  })

  it('several drains at once share the slices: never two writes without a turn between', async () => {
    const events: string[] = []
    const sink = loggedWriter(events)
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, slice: { records: 1, ms: 0 } })
    const drains: Array<Promise<void>> = []
    for (let round = 0; round < 3; round++) {
      for (let index = 0; index < 4; index++) queue.push(p(round * 4 + index))
      drains.push(queue.drain())
    }
    const stop = logLoopTurns(events)
    await Promise.all(drains)
    stop()
    expect(sink.written).toEqual(range(12).map(pName))
    expect(events.join(' ')).not.toMatch(/write write/)
    queue.dispose()
  })

  it('a drain that meets a full disk resolves, the records kept; only a forced one tries again before the retry', async () => {
    const sink = namingWriter()
    const damage: Array<string | null> = []
    const queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 60_000,
      retryDelayMs: 60_000,
      onDamage: (change) => damage.push(change?.kind ?? null),
    })
    sink.full = true
    for (let index = 0; index < 3; index++) queue.push(p(index))
    await queue.drain()
    expect(sink.batches).toEqual([])
    expect(queue.size).toBe(3)
    expect(damage).toEqual(['disk-full'])
    sink.full = false
    // Waiting for the retry: a drain does not pay for a write bound to fail, and does not hang either.
    await queue.drain()
    expect(queue.size).toBe(3)
    await queue.flush()
    expect(sink.written()).toEqual(range(3).map(pName))
    expect(queue.size).toBe(0)
    queue.dispose()
  })
})

describe('a flush asked for from inside a commit', () => {
  it("writes nothing itself: the outer flush writes every record once, what the listener recorded after the rest", () => {
    const sink = fakeWriter()
    let queue: WriteQueue | null = null
    const inner: boolean[] = []
    const writtenInside: number[] = []
    let echoed = false
    queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 60_000,
      batchRecords: 2,
      onCommitted: () => {
        const before = sink.written.length
        // A commit's listener reading (flushNow, flushFor) and recording.
        inner.push(queue!.flushNow(true), queue!.flushFor('all'))
        // Asserted after: a throw in here would count as the batch failing.
        writtenInside.push(sink.written.length - before)
        if (!echoed) {
          echoed = true
          queue!.push(proofOp(99))
          queue!.flushNow(true)
        }
      },
    })
    for (let index = 0; index < 5; index++) queue.push(proofOp(index))
    expect(queue.flushNow(true)).toBe(true)
    expect(sink.written).toEqual(accounts([0, 1, 2, 3, 4, 99]))
    expect(sink.batches).toEqual([2, 2, 2])
    expect(inner.every((result) => result)).toBe(true)
    expect(writtenInside).toEqual([0, 0, 0])
    expect(queue.size).toBe(0)
    queue.dispose()
  })

  it('a drain begun inside a commit resolves once its writes are done, none written twice', async () => {
    const sink = fakeWriter()
    let queue: WriteQueue | null = null
    const drains: Array<Promise<void>> = []
    queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 60_000,
      batchRecords: 1,
      onCommitted: () => {
        if (drains.length < 3) drains.push(queue!.drain())
      },
    })
    for (let index = 0; index < 5; index++) queue.push(proofOp(index))
    queue.flushNow(true)
    await Promise.all(drains)
    expect(sink.written).toEqual(accounts([0, 1, 2, 3, 4]))
    expect(queue.size).toBe(0)
    queue.dispose()
  })
})

const range = (count: number): number[] => Array.from({ length: count }, (_, index) => index)

describe('what happens after a commit is not the write', () => {
  it('a listener that throws is reported as a problem; the batch counts as written, once', () => {
    const sink = fakeWriter()
    const problems: string[] = []
    const queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 60_000,
      onCommitted: () => {
        throw new Error('listener broke')
      },
      onProblem: (problem) => problems.push(problem.message),
    })
    for (let index = 0; index < 3; index++) queue.push(proofOp(index))
    expect(queue.flushNow(true)).toBe(true)
    expect(sink.written).toEqual(accounts([0, 1, 2]))
    expect(sink.batches).toEqual([3])
    expect(queue.size).toBe(0)
    expect(problems).toEqual(['After a write to the history cache: listener broke'])
    queue.dispose()
  })
})

describe('slices that could hold nothing', () => {
  it('are refused when the queue is made, with what was asked', () => {
    expect(() => new WriteQueue(fakeDatabase(), fakeWriter().writer, { slice: { records: 0, ms: 8 } })).toThrow(/at least one record; asked for 0/)
  })
})

describe('a flush through a read’s dependency', () => {
  it('leaves the rest its turn: at once when the rest fills a batch', async () => {
    const sink = fakeWriter()
    const queue = new WriteQueue(fakeDatabase(), sink.writer, { flushDelayMs: 60_000, batchRecords: 3 })
    queue.push({ type: 'metadata', indexer: INDEXER, at: 0, patch: { a: 1 } })
    for (let index = 0; index < 3; index++) queue.push(proofOp(index))
    queue.flushFor(['metadata'])
    expect(sink.written).toEqual([])
    // Not 60 s later: three records are a full batch.
    await waitFor(() => sink.written.length === 3)
    expect(sink.written).toEqual(accounts([0, 1, 2]))
    queue.dispose()
  })
})

describe('writes held (a checkpoint aside finishing)', () => {
  it('a drain waits for the hold to end; a read that needs the writes writes them', async () => {
    const sink = fakeWriter()
    let hold = true
    let looked = 0
    const queue = new WriteQueue(fakeDatabase(), sink.writer, {
      flushDelayMs: 0,
      holdWrites: () => {
        looked++
        return hold
      },
    })
    queue.push(proofOp(0))
    let drained = false
    void queue.drain().then(() => (drained = true))
    await waitFor(() => looked >= 3)
    expect(drained).toBe(false)
    expect(sink.written).toEqual([])
    queue.push({ type: 'metadata', indexer: INDEXER, at: 0, patch: { a: 1 } })
    queue.push(proofOp(1))
    queue.flushFor(['metadata'])
    expect(sink.written).toEqual(accounts([0]))
    hold = false
    await waitFor(() => drained)
    await waitFor(() => sink.written.length === 2)
    expect(sink.written).toEqual(accounts([0, 1]))
    queue.dispose()
  })
})
