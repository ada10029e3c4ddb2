/**
 * Ids as the indexer's chain writes them: base58 text (the Bitcoin alphabet,
 * no 0, O, I or l) of a known length, and how an id is shortened for people.
 */

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BASE58_TEXT = /^[1-9A-HJ-NP-Za-km-z]+$/

/** Only base58 characters, at least one. */
export function isBase58(text: string): boolean {
  return BASE58_TEXT.test(text)
}

/** A public key (an address, a wallet): 32 bytes, written in 32 to 44 characters. */
export const PUBKEY_LENGTH = { min: 32, max: 44 } as const
/** A proof account is a public key. */
export const PROOF_ACCOUNT_LENGTH = PUBKEY_LENGTH
/** A transaction signature: 64 bytes, written in 87 or 88 characters. */
export const SIGNATURE_TEXT_LENGTH = { min: 87, max: 88 } as const
/** What a request may carry as a signature: lenient, so an indexer's shorter test signatures still work. */
export const SIGNATURE_LENGTH = { min: 32, max: 120 } as const

export function hasLength(text: string, length: { min: number; max: number }): boolean {
  return text.length >= length.min && text.length <= length.max
}

/** "AbCd…WxYz": enough of an address or signature to recognise it; '—' for none. */
export function shortId(value: string | null | undefined, keep = 4): string {
  if (value === null || value === undefined || value === '') return '—'
  if (value.length <= keep * 2 + 1) return value
  return `${value.slice(0, keep)}…${value.slice(-keep)}`
}
