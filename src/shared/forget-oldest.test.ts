import { describe, expect, it } from 'vitest'
import { forgetOldest, keepNewest } from './forget-oldest'

describe('forgetOldest', () => {
  it('keeps a small collection exact: past its cap, the oldest goes', () => {
    const seen = new Set(['a', 'b', 'c'])
    forgetOldest(seen, 3)
    expect([...seen]).toEqual(['a', 'b', 'c'])
    seen.add('d')
    forgetOldest(seen, 3)
    expect([...seen]).toEqual(['b', 'c', 'd'])
  })

  it('forgets a hundredth of a large cap at once, the oldest first, and never holds more than the cap', () => {
    const seen = new Map<number, number>()
    for (let id = 0; id < 1_000; id++) {
      seen.set(id, id)
      forgetOldest(seen, 500)
      expect(seen.size).toBeLessThanOrEqual(500)
    }
    // 500 held, the 501st forgot the oldest 5: the size cycles between 495 and 500.
    expect(seen.size).toBeGreaterThanOrEqual(495)
    const kept = [...seen.keys()]
    expect(kept.at(-1)).toBe(999)
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, index) => 1_000 - kept.length + index))
  })
})

describe('keepNewest', () => {
  it('cuts to exactly the newest `max`', () => {
    const queue = new Set([1, 2, 3, 4, 5, 6])
    keepNewest(queue, 2)
    expect([...queue]).toEqual([5, 6])
    keepNewest(queue, 0)
    expect(queue.size).toBe(0)
  })
})
