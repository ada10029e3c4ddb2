import { describe, expect, it } from 'vitest'
import { createPrng, hashToUnit } from './prng'

describe('createPrng', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const draw = (seed: number): number[] => {
      const prng = createPrng(seed)
      return Array.from({ length: 20 }, () => prng.uint32())
    }
    expect(draw(1)).toEqual(draw(1))
    expect(draw(1)).not.toEqual(draw(2))
  })

  it('keeps every helper inside its range', () => {
    const prng = createPrng(5)
    for (let round = 0; round < 2000; round++) {
      const unit = prng.next()
      expect(unit).toBeGreaterThanOrEqual(0)
      expect(unit).toBeLessThan(1)
      const int = prng.int(-3, 4)
      expect(Number.isInteger(int) && int >= -3 && int <= 4).toBe(true)
    }
    expect(prng.hex(5)).toMatch(/^[0-9a-f]{10}$/)
    expect(prng.bytes(7)).toHaveLength(7)
  })

  it('picks by weight', () => {
    const prng = createPrng(9)
    const counts = { heavy: 0, light: 0, never: 0 }
    const weights = { heavy: 9, light: 1, never: 0 }
    const names = Object.keys(weights) as (keyof typeof weights)[]
    for (let round = 0; round < 5000; round++) counts[prng.weighted(names, (name) => weights[name])]++
    expect(counts.never).toBe(0)
    expect(counts.heavy / counts.light).toBeGreaterThan(6)
    expect(counts.heavy / counts.light).toBeLessThan(13)
    expect(() => prng.pick([])).toThrow(RangeError)
  })
})

describe('hashToUnit', () => {
  it('is a pure function of its inputs in [0, 1)', () => {
    expect(hashToUnit(1, 42)).toBe(hashToUnit(1, 42))
    expect(hashToUnit(1, 42)).not.toBe(hashToUnit(1, 43))
    expect(hashToUnit(1, 42)).not.toBe(hashToUnit(2, 42))
    for (let n = 0; n < 500; n++) {
      const value = hashToUnit(3, n * 1_000_003)
      expect(value >= 0 && value < 1).toBe(true)
    }
  })
})
