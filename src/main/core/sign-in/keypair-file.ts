/**
 * Signing with a Solana CLI keypair file (`~/.config/solana/id.json`: a JSON
 * array of 64 numbers, the 32-byte secret seed then the public key). The
 * file is read for one signature and the key bytes are wiped at once: the
 * key is never kept, logged or sent anywhere.
 */
import { homedir } from 'node:os'
import { join } from 'node:path'
import { ProofWatchError } from '@shared/errors'
import { FileNotReadable, readRegularFile } from '../files/read-regular-file'
import { encodeBase58, privateKeyFromSeed, publicKeyBytes, signMessage } from './ed25519'

/** A keypair file is about 250 bytes; anything far larger is not one. */
const MAX_FILE_BYTES = 4096

function refused(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
}

/** The 64 key bytes of the file; the caller wipes them. Errors never quote the file's content. */
function readKeyBytes(path: string): Uint8Array {
  if (typeof path !== 'string' || path.trim() === '') throw refused('Choose a keypair file (a Solana CLI keypair, such as ~/.config/solana/id.json).')
  let text: string
  try {
    // As a file, whatever the path is: a FIFO or /dev/zero would freeze or exhaust the process.
    const raw = readRegularFile(path, MAX_FILE_BYTES)
    text = raw.toString('utf8')
    raw.fill(0)
  } catch (error) {
    if (!(error instanceof FileNotReadable)) throw error
    if (error.reason === 'too-large') throw refused(`${path} is too large (${error.why.replace(/^it is /, '')}): a Solana keypair file is a JSON array of 64 numbers (about 250 bytes).`)
    throw refused(`Cannot read the keypair file ${path}: ${error.why}.`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw refused(`${path} is not JSON: a Solana keypair file is a JSON array of 64 numbers.`)
  } finally {
    text = ''
  }
  if (!Array.isArray(parsed)) throw refused(`${path} is not a Solana keypair: it should be a JSON array of 64 numbers.`)
  const numbers = parsed as unknown[]
  if (numbers.length !== 64) {
    numbers.fill(0)
    throw refused(`${path} holds ${numbers.length} numbers; a Solana keypair holds 64 (the secret key, then the public key).`)
  }
  if (!numbers.every((value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 255)) {
    numbers.fill(0)
    throw refused(`${path} is not a Solana keypair: every number must be a byte (0 to 255).`)
  }
  const bytes = Uint8Array.from(numbers as number[])
  numbers.fill(0)
  return bytes
}

/**
 * Signs `message(pubkey)` with the file's key. The message is built once the
 * public key is known (the nonce is asked for that key); the file is read
 * again for the signature, so the secret is in memory for one call only.
 * `expectedPubkey`, when set, must be the file's key.
 */
export async function signWithKeypairFile(
  path: string,
  message: (pubkey: string) => Promise<string>,
  expectedPubkey: string | null = null,
): Promise<{ pubkey: string; message: string; signature: string }> {
  const pubkey = keypairPublicKeyFor(path, expectedPubkey)
  const text = await message(pubkey)
  const bytes = readKeyBytes(path)
  try {
    const key = privateKeyFromSeed(bytes.subarray(0, 32))
    if (encodeBase58(publicKeyBytes(key)) !== pubkey) throw refused(`${path} changed while signing in. Try again.`)
    return { pubkey, message: text, signature: encodeBase58(signMessage(key, text)) }
  } finally {
    bytes.fill(0)
  }
}

/** The file's public key, refused unless it is `expectedPubkey` (when set). */
export function keypairPublicKeyFor(path: string, expectedPubkey: string | null): string {
  const pubkey = keypairPublicKey(path)
  if (expectedPubkey !== null && expectedPubkey !== pubkey) {
    throw refused(`This keypair is for ${pubkey}, but the profile's wallet is ${expectedPubkey}. Choose the keypair of ${expectedPubkey}, or clear the wallet in Settings first.`)
  }
  return pubkey
}

/** The public key of a keypair file, after checking that its two halves belong together. */
export function keypairPublicKey(path: string): string {
  const bytes = readKeyBytes(path)
  try {
    const derived = publicKeyBytes(privateKeyFromSeed(bytes.subarray(0, 32)))
    const stated = bytes.subarray(32)
    if (!derived.every((byte, index) => byte === stated[index])) {
      throw refused(`${path} is damaged or not a Solana keypair: its public key does not belong to its secret key.`)
    }
    return encodeBase58(derived)
  } finally {
    bytes.fill(0)
  }
}

/** `~/…` as a shell would read it: people copy the Solana CLI's default path. */
export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path
}
