/**
 * Seeded pseudo-random numbers (sfc32), so a demo network built from the same
 * seed is the same network every time.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An unsigned 32-bit integer. */
  uint32(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks by relative weight. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T
  bytes(length: number): Uint8Array
  /** `length` random bytes as lower-case hex, without prefix. */
  hex(length: number): string
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

export function createPrng(seed: number): Prng {
  // sfc32 state seeded through splitmix32 so nearby seeds give unrelated streams.
  let seedState = seed >>> 0
  const splitmix = (): number => {
    seedState = (seedState + 0x9e3779b9) >>> 0
    let z = seedState
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = splitmix()
  let b = splitmix()
  let c = splitmix()
  let counter = 1

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + counter) | 0
    counter = (counter + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  // Warm up: the first outputs of sfc32 are weakly mixed.
  for (let i = 0; i < 12; i++) nextUint32()

  const next = (): number => nextUint32() / 4294967296

  return {
    next,
    uint32: nextUint32,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty list')
      return items[Math.floor(next() * items.length)] as T
    },
    weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
      let total = 0
      for (const item of items) total += weightOf(item)
      let point = next() * total
      for (const item of items) {
        point -= weightOf(item)
        if (point < 0) return item
      }
      if (items.length === 0) throw new RangeError('pick from an empty list')
      return items[items.length - 1] as T
    },
    bytes(length) {
      const out = new Uint8Array(length)
      for (let i = 0; i < length; i += 4) {
        let word = nextUint32()
        for (let j = i; j < i + 4 && j < length; j++) {
          out[j] = word & 0xff
          word >>>= 8
        }
      }
      return out
    },
    hex(length) {
      let out = ''
      for (let i = 0; i < length; i += 4) {
        let word = nextUint32()
        for (let j = i; j < i + 4 && j < length; j++) {
          out += HEX_BYTES[word & 0xff]
          word >>>= 8
        }
      }
      return out
    },
  }
}

/**
 * A stateless value in [0, 1) for (seed, n): the same inputs always give the
 * same output, so figures derived from time buckets need no stored state.
 */
export function hashToUnit(seed: number, n: number): number {
  let h = (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ Math.imul(n | 0, 0x165667b1)) >>> 0
  h ^= Math.floor(n / 4294967296) >>> 0
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}
