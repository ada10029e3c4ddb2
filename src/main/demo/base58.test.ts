import { describe, expect, it } from 'vitest'
import { encodeBase58, isBase58Address, randomBase58 } from './base58'
import { createPrng } from './prng'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** A slow, obviously right encoder to check the fast one against. */
function referenceEncode(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let out = ''
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out
    value /= 58n
  }
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  return '1'.repeat(zeros) + out
}

function decode(text: string): Uint8Array {
  let value = 0n
  for (const char of text) value = value * 58n + BigInt(ALPHABET.indexOf(char))
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  let ones = 0
  while (text[ones] === '1') ones++
  return Uint8Array.from([...new Array<number>(ones).fill(0), ...bytes])
}

describe('encodeBase58', () => {
  it('encodes known values', () => {
    expect(encodeBase58(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
    expect(encodeBase58(Uint8Array.from([0, 0, 1]))).toBe('112')
    expect(encodeBase58(new Uint8Array(0))).toBe('')
  })

  it('agrees with a big-integer encoder on random keys and signatures of every length', () => {
    const prng = createPrng(7)
    for (let round = 0; round < 300; round++) {
      const bytes = prng.bytes(prng.pick([1, 2, 3, 31, 32, 33, 64, 65]))
      if (round % 10 === 0) bytes[0] = 0
      expect(encodeBase58(bytes)).toBe(referenceEncode(bytes))
    }
  })
})

describe('randomBase58', () => {
  it.each([32, 64] as const)('draws canonical encodings of %i bytes, in both lengths', (byteLength) => {
    const prng = createPrng(3)
    const lengths = new Set<number>()
    for (let round = 0; round < 400; round++) {
      const text = randomBase58(byteLength, prng.uint32)
      const bytes = decode(text)
      expect(bytes.length).toBe(byteLength)
      expect(bytes[0]).not.toBe(0)
      expect(encodeBase58(bytes)).toBe(text)
      lengths.add(text.length)
    }
    expect([...lengths].sort()).toEqual(byteLength === 32 ? [43, 44] : [87, 88])
  })
})

describe('isBase58Address', () => {
  it('accepts base58 of 32 to 44 characters only', () => {
    expect(isBase58Address('11111111111111111111111111111111')).toBe(true)
    expect(isBase58Address('8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr')).toBe(true)
    expect(isBase58Address('1111111111111111111111111111111')).toBe(false)
    expect(isBase58Address('8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGrX')).toBe(false)
    expect(isBase58Address('0Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr')).toBe(false)
    expect(isBase58Address('lKwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr')).toBe(false)
  })
})
