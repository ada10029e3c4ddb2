import { describe, expect, it } from 'vitest'
import { candidatesFromBatch } from './candidates'
import { Coalescer } from './coalescer'
import { ManualClock } from '@test/support/manual-clock'
import { batch, proof } from '@test/support/notify-fixtures'
import type { NativeNotice } from './summary'

function setup(maxPerMinute = 6, burstWindowMs = 1000) {
  const clock = new ManualClock(1_000_000)
  const shown: Array<NativeNotice & { at: number }> = []
  const coalescer = new Coalescer({ clock, maxPerMinute: () => maxPerMinute, burstWindowMs, show: (n) => shown.push({ ...n, at: clock.now() }) })
  let next = 0
  const addProofs = (n: number) => {
    for (const candidate of candidatesFromBatch([batch.userProofs(...Array.from({ length: n }, () => proof(`P${next++}`)))], clock.now())) {
      coalescer.add(candidate)
    }
  }
  return { clock, shown, coalescer, addProofs }
}

describe('Coalescer', () => {
  it('gives one summary for 200 events in a second, not 200 notifications', () => {
    const { clock, shown, coalescer, addProofs } = setup()
    for (let i = 0; i < 200; i++) {
      addProofs(1)
      clock.advance(4)
    }
    expect(shown).toEqual([])
    clock.advance(1000)
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ title: '200 new proofs', count: 200, route: '/proofs', key: null })
    expect(coalescer.stats()).toEqual({ received: 200, notices: 1, summaries: 1, summarisedEvents: 200, capDelays: 0 })
  })

  it('shows a lone event as itself once the burst window ends', () => {
    const { clock, shown, addProofs } = setup()
    addProofs(1)
    clock.advance(999)
    expect(shown).toEqual([])
    clock.advance(1)
    expect(shown.map((n) => [n.title, n.count, n.key])).toEqual([['New proof', 1, 'proof:P0']])
  })

  it('caps notifications a minute and sums what came past the cap into the next one, losing no count', () => {
    const { clock, shown, coalescer, addProofs } = setup(3)
    // A burst every 5 s for a minute and a half: 18 bursts of 10.
    for (let burst = 0; burst < 18; burst++) {
      addProofs(10)
      clock.advance(5000)
    }
    clock.advance(120_000)
    const firstMinute = shown.filter((n) => n.at < shown[0]!.at + 60_000)
    expect(firstMinute).toHaveLength(3)
    // Never more than three in any minute.
    for (const notice of shown) expect(shown.filter((n) => n.at >= notice.at && n.at < notice.at + 60_000).length).toBeLessThanOrEqual(3)
    expect(shown.reduce((sum, n) => sum + n.count, 0)).toBe(180)
    expect(shown[3]!.title).toMatch(/^\d+ new proofs$/)
    expect(shown[3]!.count).toBeGreaterThan(10)
    expect(coalescer.stats().received).toBe(180)
    expect(coalescer.stats().capDelays).toBeGreaterThan(0)
    expect(coalescer.pending).toBe(0)
  })

  it('shows at once on flush and counts nothing twice', () => {
    const { shown, coalescer, addProofs, clock } = setup()
    addProofs(3)
    coalescer.flush()
    expect(shown.map((n) => n.count)).toEqual([3])
    clock.advance(5000)
    expect(shown).toHaveLength(1)
    expect(clock.pending).toBe(0)
  })

  it('drops what it holds on dispose and shows nothing later', () => {
    const { shown, coalescer, addProofs, clock } = setup()
    addProofs(2)
    coalescer.dispose()
    clock.advance(10_000)
    expect(shown).toEqual([])
  })
})
