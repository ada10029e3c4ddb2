/** Base58 (Bitcoin alphabet), as Solana-style chains write keys and signatures. */
import { BASE58_ALPHABET, hasLength, isBase58, PUBKEY_LENGTH } from '@shared/ids'

const ALPHABET_CODES = Uint8Array.from(BASE58_ALPHABET, (char) => char.charCodeAt(0))
const ONE = ALPHABET_CODES[0] as number
const charScratch = new Uint8Array(256)

/** 58^5: conversion works on limbs of five base58 digits, two input bytes at a time. */
const LIMB = 656_356_768
// Reused between calls: encoding runs for every simulated record.
const limbScratch = new Float64Array(64)

export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++

  const limbs = bytes.length <= 2 * limbScratch.length ? limbScratch : new Float64Array(bytes.length)
  let count = 0
  let index = zeros
  // Two input bytes per step (one first when the count is odd); limb * 65536 + carry
  // stays below 2^53, so the float arithmetic is exact.
  const odd = (bytes.length - zeros) % 2 === 1
  while (index < bytes.length) {
    let scale: number
    let carry: number
    if (odd && index === zeros) {
      scale = 256
      carry = bytes[index++] as number
    } else {
      scale = 65536
      carry = (bytes[index] as number) * 256 + (bytes[index + 1] as number)
      index += 2
    }
    for (let j = 0; j < count; j++) {
      const x = (limbs[j] as number) * scale + carry
      carry = Math.floor(x / LIMB)
      limbs[j] = x - carry * LIMB
    }
    while (carry > 0) {
      limbs[count++] = carry % LIMB
      carry = Math.floor(carry / LIMB)
    }
  }

  // Digits are written backwards into a scratch buffer, then read as one string.
  const chars = count * 5 + zeros <= charScratch.length ? charScratch : new Uint8Array(count * 5 + zeros)
  let position = chars.length
  for (let j = 0; j < count; j++) {
    let limb = limbs[j] as number
    const last = j === count - 1
    for (let k = 0; k < 5 && !(last && limb === 0); k++) {
      chars[--position] = ALPHABET_CODES[limb % 58] as number
      limb = Math.floor(limb / 58)
    }
  }
  for (let k = 0; k < zeros; k++) chars[--position] = ONE
  return String.fromCharCode.apply(null, chars.subarray(position) as unknown as number[])
}

/** A public key as the indexer accepts it: base58, 32 to 44 characters. */
export function isBase58Address(value: string): boolean {
  return isBase58(value) && hasLength(value, PUBKEY_LENGTH)
}

/**
 * Digit layouts whose value is always in [2^(8n-8), 2^(8n)) for n-byte keys:
 * the canonical encoding of n bytes with a non-zero first byte. Each entry:
 * length, smallest and largest leading digit, share of keys of that length.
 */
const LAYOUTS = {
  32: { long: { length: 44, first: [1, 16] }, short: { length: 43, first: [4, 57] }, longShare: 0.942 },
  64: { long: { length: 88, first: [1, 4] }, short: { length: 87, first: [2, 57] }, longShare: 0.805 },
} as const
const randomChars = Buffer.alloc(88)

/**
 * A random key or signature of 32 or 64 bytes, drawn directly as base58
 * digits: the same strings encodeBase58 gives for such bytes, several times
 * faster, which matters when a benchmark publishes thousands of records a second.
 */
export function randomBase58(byteLength: 32 | 64, nextUint32: () => number): string {
  const layouts = LAYOUTS[byteLength]
  const layout = nextUint32() / 4294967296 < layouts.longShare ? layouts.long : layouts.short
  const [low, high] = layout.first
  randomChars[0] = ALPHABET_CODES[low + (nextUint32() % (high - low + 1))] as number
  let word = 0
  for (let index = 1; index < layout.length; index++) {
    if ((index - 1) % 5 === 0) word = nextUint32()
    randomChars[index] = ALPHABET_CODES[word % 58] as number
    word = (word / 58) >>> 0
  }
  return randomChars.toString('latin1', 0, layout.length)
}
