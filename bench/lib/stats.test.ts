import { describe, expect, it } from 'vitest'
import { median, percentile, summarize } from './stats'

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
