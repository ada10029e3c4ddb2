import { describe, expect, it } from 'vitest'
import { timeTicks } from './time-ticks'

const HOUR = 3_600_000

describe('timeTicks', () => {
  it('puts day ticks on local midnights inside the range', () => {
    const min = new Date(2025, 0, 1, 15, 20).getTime()
    const max = new Date(2025, 0, 8, 9, 0).getTime()
    const ticks = timeTicks(min, max, '7d')
    expect(ticks).toHaveLength(7)
    for (const tick of ticks) {
      const date = new Date(tick)
      expect([date.getHours(), date.getMinutes()]).toEqual([0, 0])
      expect(tick).toBeGreaterThanOrEqual(min)
      expect(tick).toBeLessThanOrEqual(max)
    }
    expect(new Date(ticks[0] ?? 0).getDate()).toBe(2)
  })

  it('puts ticks every 3 local hours for a day', () => {
    const min = new Date(2025, 0, 1, 10, 30).getTime()
    const ticks = timeTicks(min, min + 24 * HOUR, '24h')
    expect(ticks.map((tick) => new Date(tick).getHours()).slice(0, 3)).toEqual([12, 15, 18])
    expect(ticks).toHaveLength(8)
  })

  it('spaces 30-day ticks five days apart', () => {
    const min = new Date(2025, 0, 1).getTime()
    const ticks = timeTicks(min, new Date(2025, 0, 31).getTime(), '30d')
    expect(ticks.map((tick) => new Date(tick).getDate())).toEqual([1, 6, 11, 16, 21, 26, 31])
  })

  it('gives nothing for an empty or broken range', () => {
    expect(timeTicks(10, 5, '24h')).toEqual([])
    expect(timeTicks(Number.NaN, 5, '24h')).toEqual([])
  })
})
