/**
 * Ed25519 with node:crypto, on raw 32-byte keys and 64-byte signatures as
 * Solana writes them (base58). Keys are wrapped in their DER forms only for
 * the length of one call.
 */
import type { KeyObject } from 'node:crypto'
import { nodeCrypto } from '../../runtime/builtins-on-first-use'
import bs58 from 'bs58'

/** PKCS#8 header of an Ed25519 private key, followed by the 32-byte seed (RFC 8410). */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
/** SubjectPublicKeyInfo header of an Ed25519 public key, followed by the 32 bytes. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

export function privateKeyFromSeed(seed: Uint8Array): KeyObject {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes')
  const der = Buffer.concat([PKCS8_PREFIX, seed])
  try {
    return nodeCrypto().createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
  } finally {
    der.fill(0)
  }
}

export function publicKeyBytes(privateKey: KeyObject): Uint8Array {
  const der = nodeCrypto().createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  return new Uint8Array(der.subarray(SPKI_PREFIX.length))
}

export function signMessage(privateKey: KeyObject, message: string | Uint8Array): Uint8Array {
  const data = typeof message === 'string' ? Buffer.from(message, 'utf8') : message
  return new Uint8Array(nodeCrypto().sign(null, data, privateKey))
}

/** false for a wrong signature, a malformed key or signature: never throws. */
export function verifySignature(publicKey: Uint8Array, message: string | Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false
  try {
    const key = nodeCrypto().createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' })
    const data = typeof message === 'string' ? Buffer.from(message, 'utf8') : message
    return nodeCrypto().verify(null, data, key, signature)
  } catch {
    return false
  }
}

export function encodeBase58(bytes: Uint8Array): string {
  return bs58.encode(bytes)
}

/** The bytes of a base58 string, or null when it is not base58 or not `length` bytes long. */
export function decodeBase58(text: unknown, length: number): Uint8Array | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > 2 * length) return null
  const bytes = bs58.decodeUnsafe(text)
  return bytes !== undefined && bytes.length === length ? bytes : null
}
