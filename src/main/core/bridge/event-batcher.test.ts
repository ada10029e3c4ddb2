import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import type { Overview, ProofSummary } from '@shared/domain'
import { EventBatcher } from './event-batcher'

function manualClock() {
  const tasks: Array<() => void> = []
  const waits: number[] = []
  let time = 1_000
  return {
    schedule: (fn: () => void, ms: number) => {
      tasks.push(fn)
      waits.push(ms)
      return tasks.length
    },
    cancel: () => {},
    now: () => time,
    advance: (ms: number) => (time += ms),
    run: () => tasks.splice(0).forEach((fn) => fn()),
    /** How long each scheduled flush was asked to wait. */
    waits,
  }
}

const proof = (id: string): ProofSummary => ({
  proofAccount: id,
  authority: null,
  circuitId: null,
  proofType: null,
  slot: null,
  raw: { proofAccount: id },
  extra: {},
})
const overview = (tps: number) => ({ tps }) as Overview

describe('EventBatcher', () => {
  it('sends a burst of proofs as one batch with every proof in order', () => {
    const clock = manualClock()
    const batches: BridgeEvent[][] = []
    const batcher = new EventBatcher((b) => batches.push(b), clock)
    for (let i = 0; i < 200; i++) batcher.push('proofs', [proof(`p${i}`)])
    expect(batches).toHaveLength(0)
    clock.run()
    expect(batches).toHaveLength(1)
    const [only] = batches[0]!
    expect(only!.event).toBe('proofs')
    const ids = (only!.payload as ProofSummary[]).map((p) => p.proofAccount)
    expect(ids).toHaveLength(200)
    expect(ids[0]).toBe('p0')
    expect(ids[199]).toBe('p199')
  })

  it('keeps only the latest overview but every problem', () => {
    const clock = manualClock()
    const batches: BridgeEvent[][] = []
    const batcher = new EventBatcher((b) => batches.push(b), clock)
    batcher.push('overview', overview(1))
    batcher.push('overview', overview(2))
    batcher.push('problem', { code: 'DECODE', message: 'a' })
    batcher.push('problem', { code: 'DECODE', message: 'b' })
    clock.run()
    const events = batches[0]!
    expect(events.filter((e) => e.event === 'overview').map((e) => (e.payload as Overview).tps)).toEqual([2])
    expect(events.filter((e) => e.event === 'problem')).toHaveLength(2)
  })

  it('flushes at once when the batch is full', () => {
    const clock = manualClock()
    const batches: BridgeEvent[][] = []
    const batcher = new EventBatcher((b) => batches.push(b), { ...clock, maxItems: 10 })
    for (let i = 0; i < 25; i++) batcher.push('proofs', [proof(`p${i}`)])
    expect(batches).toHaveLength(2)
    clock.run()
    expect(batches).toHaveLength(3)
    const total = batches.flat().reduce((n, e) => n + (e.payload as ProofSummary[]).length, 0)
    expect(total).toBe(25)
  })

  it('sends a batch of more than a message holds a message a turn, in order, and what is flushed meanwhile after it', () => {
    const clock = manualClock()
    const batches: BridgeEvent[][] = []
    const batcher = new EventBatcher((b) => batches.push(b), { ...clock, maxItems: 4 })
    batcher.push('overview', overview(1))
    batcher.push('proofs', Array.from({ length: 9 }, (_, i) => proof(`p${i}`)))
    // Full: the first message at once, the rest on later turns.
    expect(batches).toHaveLength(1)
    batcher.push('problem', { code: 'DECODE', message: 'later' })
    batcher.flush()
    expect(batches).toHaveLength(1)
    for (let turn = 0; turn < 5 && clock.waits.length > 0; turn++) clock.run()
    expect(batches.map((message) => message.reduce((n, e) => n + (Array.isArray(e.payload) ? e.payload.length : 1), 0))).toEqual([4, 4, 2, 1])
    const sent = batches.flat()
    expect(sent[0]!.event).toBe('overview')
    expect(sent.filter((e) => e.event === 'proofs').flatMap((e) => (e.payload as ProofSummary[]).map((p) => p.proofAccount))).toEqual(
      Array.from({ length: 9 }, (_, i) => `p${i}`),
    )
    expect(sent[sent.length - 1]!.event).toBe('problem')
  })

  it('sends an empty list as it came', () => {
    const clock = manualClock()
    const batches: BridgeEvent[][] = []
    const batcher = new EventBatcher((b) => batches.push(b), clock)
    batcher.push('proofs', [])
    batcher.flush()
    expect(batches).toEqual([[{ event: 'proofs', payload: [] }]])
  })

  it('sends nothing after dispose, not even the rest of a batch under way', () => {
    const clock = manualClock()
    const batches: BridgeEvent[][] = []
    const batcher = new EventBatcher((b) => batches.push(b), { ...clock, maxItems: 4 })
    batcher.push('proofs', [proof('x')])
    batcher.dispose()
    batcher.flush()
    expect(batches).toHaveLength(0)
    // A batch of three messages, the first sent: the other two are not.
    const parts = new EventBatcher((b) => batches.push(b), { ...clock, maxItems: 4 })
    parts.push('proofs', Array.from({ length: 9 }, (_, i) => proof(`p${i}`)))
    expect(batches).toHaveLength(1)
    parts.dispose()
    clock.run()
    expect(batches).toHaveLength(1)
  })

  it('sends an event after a quiet interval on the next turn, and later ones at most once per interval', () => {
    const clock = manualClock()
    const batches: BridgeEvent[][] = []
    const batcher = new EventBatcher((b) => batches.push(b), { ...clock, intervalMs: 16 })
    batcher.push('proofs', [proof('a')])
    batcher.push('proofs', [proof('b')])
    expect(clock.waits).toEqual([0])
    clock.run()
    expect(batches).toHaveLength(1)

    // 10 ms later: the rest of the interval.
    clock.advance(10)
    batcher.push('proofs', [proof('c')])
    clock.advance(3)
    batcher.push('proofs', [proof('d')])
    expect(clock.waits).toEqual([0, 6])
    clock.run()
    expect(batches).toHaveLength(2)
    expect((batches[1]![0]!.payload as ProofSummary[]).map((p) => p.proofAccount)).toEqual(['c', 'd'])

    // A whole interval after the last message: at once again.
    clock.advance(40)
    batcher.push('proofs', [proof('e')])
    expect(clock.waits).toEqual([0, 6, 0])
  })

  it('reads no clock for its first event, and reads it once it has flushed', () => {
    const clock = manualClock()
    let reads = 0
    const batcher = new EventBatcher(() => {}, { ...clock, now: () => (reads++, clock.now()) })
    batcher.push('proofs', [proof('a')])
    expect(reads).toBe(0)
    expect(clock.waits).toEqual([0])
    clock.run()
    expect(reads).toBe(1)
    batcher.push('proofs', [proof('b')])
    expect(reads).toBe(2)
    expect(clock.waits).toEqual([0, 16])
  })
})
