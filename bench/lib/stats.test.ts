import { describe, expect, it } from 'vitest'
import { median, percentile, slope, summarize } from './stats'

describe('median', () => {
  it('is the middle sample of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5)
  })

  it('is the mean of the two middle samples of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('refuses no samples', () => {
    expect(() => median([])).toThrow(RangeError)
  })
})

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index)

  it('takes the nearest rank', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile(hundred, 0)).toBe(1)
  })

  it('is the one sample of one', () => {
    expect(percentile([7], 99)).toBe(7)
  })

  it('refuses a percentile outside 0..100 and no samples', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError)
    expect(() => percentile([], 50)).toThrow(RangeError)
  })
})

describe('summarize', () => {
  it('gives median, min, max and the number of runs', () => {
    expect(summarize([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, runs: 3 })
  })
})

describe('slope', () => {
  it('is the rate of a straight line', () => {
    expect(slope([0, 10, 20, 30].map((x) => ({ x, y: 4 + 0.5 * x })))).toBeCloseTo(0.5, 10)
  })

  it('is not decided by one high point at the start', () => {
    const flat = [{ x: 0, y: 12.6 }, ...[10, 20, 30, 40, 50].map((x) => ({ x, y: 9.4 }))]
    const endToEnd = (9.4 - 12.6) / 50
    expect(Math.abs(slope(flat))).toBeLessThan(Math.abs(endToEnd))
  })

  it('refuses fewer than two points and points that share one x', () => {
    expect(() => slope([{ x: 1, y: 1 }])).toThrow(RangeError)
    expect(() => slope([{ x: 1, y: 1 }, { x: 1, y: 2 }])).toThrow(RangeError)
  })
})
