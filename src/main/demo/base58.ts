/** Base58 (Bitcoin alphabet), as Solana-style chains write keys and signatures. */
import bs58 from 'bs58'
import { BASE58_ALPHABET, hasLength, isBase58, PUBKEY_LENGTH } from '@shared/ids'

const ALPHABET_CODES = Uint8Array.from(BASE58_ALPHABET, (char) => char.charCodeAt(0))

/** Encoding is bs58's (the same library the sign-in uses); the demo only draws random keys itself, below. */
export function encodeBase58(bytes: Uint8Array): string {
  return bs58.encode(bytes)
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
