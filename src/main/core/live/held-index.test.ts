import { describe, expect, it } from 'vitest'
import { MemoryHeldIndex } from './held-index'

describe('MemoryHeldIndex bounds', () => {
  it('keeps at most maxTotal identities in all kinds, taking the oldest of the largest kind', () => {
    const held = new MemoryHeldIndex({ maxPerKind: 1_000, maxTotal: 100 })
    for (let n = 0; n < 10; n++) held.add('tx:quiet', `q${n}`)
    for (let n = 0; n < 500; n++) held.add('tx:busy', `b${n}`)

    expect(held.totalSize).toBeLessThanOrEqual(100)
    // The quiet kind lost nothing; the busy one kept its newest.
    expect(held.ids('tx:quiet')).toEqual(Array.from({ length: 10 }, (_, n) => `q${n}`))
    expect(held.has('tx:busy', 'b499')).toBe(true)
    expect(held.has('tx:busy', 'b0')).toBe(false)
    const busy = held.ids('tx:busy')
    expect(busy).toEqual(busy.map((_, index) => `b${500 - busy.length + index}`))
  })

  it('keeps the newest identity of a kind even when that kind alone is over the total', () => {
    const held = new MemoryHeldIndex({ maxPerKind: 1_000, maxTotal: 5 })
    for (let n = 0; n < 50; n++) held.add('proofs', `p${n}`)
    expect(held.totalSize).toBeLessThanOrEqual(5)
    expect(held.has('proofs', 'p49')).toBe(true)
  })

  it('counts what a forgotten kind held out of the total', () => {
    const held = new MemoryHeldIndex({ maxTotal: 10 })
    for (let n = 0; n < 8; n++) held.add('tx:A', `a${n}`)
    held.forget('tx:A')
    expect(held.totalSize).toBe(0)
    for (let n = 0; n < 8; n++) held.add('tx:B', `b${n}`)
    // Nothing of B was dropped for A's sake.
    expect(held.size('tx:B')).toBe(8)
  })

  it('holds a whole default backfill of one kind and a bounded total by default', () => {
    const held = new MemoryHeldIndex()
    for (let n = 0; n < 20_000; n++) held.add('tx:A', `a${n}`)
    expect(held.size('tx:A')).toBe(20_000)
    for (let kind = 0; kind < 10; kind++) for (let n = 0; n < 20_000; n++) held.add(`tx:${kind}`, `${kind}:${n}`)
    expect(held.totalSize).toBeLessThanOrEqual(100_000)
  })
})
