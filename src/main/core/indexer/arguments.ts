/**
 * Checks of request arguments before anything is sent, so a typo gets a clear
 * message without a round trip (arguments may come from the renderer untyped).
 */
import { ProofWatchError } from '@shared/errors'
import { isBase58, PROOF_ACCOUNT_LENGTH, PUBKEY_LENGTH, SIGNATURE_LENGTH } from '@shared/ids'

// Control characters make no sense in any identifier or filter value.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
const MAX_SHOWN = 60
const MAX_TEXT_LENGTH = 512

export { PROOF_ACCOUNT_LENGTH, PUBKEY_LENGTH, SIGNATURE_LENGTH }

function invalid(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message, retryable: false })
}

function shown(value: string): string {
  return JSON.stringify(value.length > MAX_SHOWN ? value.slice(0, MAX_SHOWN) + '…' : value)
}

/** A base58 string (public key, proof account, signature) within a length range. */
export function requireBase58(value: unknown, what: string, length: { min: number; max: number }): string {
  if (typeof value !== 'string') throw invalid(`${what} must be text, got ${typeof value}`)
  const text = value.trim()
  const range = `${length.min}–${length.max} base58 characters`
  if (text.length < length.min || text.length > length.max) {
    throw invalid(`${what} is ${range}; got ${shown(text)} (${text.length} characters)`)
  }
  if (!isBase58(text)) {
    throw invalid(`${what} is ${range} (no 0, O, I or l); got ${shown(text)}`)
  }
  return text
}

export function requireProofAccount(value: unknown): string {
  return requireBase58(value, 'A proof account', PROOF_ACCOUNT_LENGTH)
}

export function requireSignature(value: unknown): string {
  return requireBase58(value, 'A transaction signature', SIGNATURE_LENGTH)
}

export function requirePubkey(value: unknown, what = 'A public key'): string {
  return requireBase58(value, what, PUBKEY_LENGTH)
}

/** Non-empty text without control characters; numbers are accepted as their decimal text. */
export function requireText(value: unknown, what: string, maxLength = MAX_TEXT_LENGTH): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (typeof text !== 'string' || text.trim() === '') throw invalid(`${what} must be non-empty text`)
  const trimmed = text.trim()
  if (trimmed.length > maxLength) throw invalid(`${what} is longer than ${maxLength} characters`)
  if (CONTROL_CHARACTERS.test(trimmed)) throw invalid(`${what} contains control characters: ${shown(trimmed)}`)
  return trimmed
}

/** Like requireText, but absent or blank means "not given". */
export function optionalText(value: unknown, what: string, maxLength = MAX_TEXT_LENGTH): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined
  return requireText(value, what, maxLength)
}

export function optionalPubkey(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined
  return requirePubkey(value, what)
}

export function optionalLimit(value: unknown, range: { min: number; max: number }): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    const allowed = `a whole number from ${range.min} to ${range.max}`
    throw invalid(`The page size (limit) must be ${allowed}; got ${String(value)}`)
  }
  return value
}

/** An ISO date or date-time; sent as given. */
export function optionalDate(value: unknown, what: string): string | undefined {
  const text = optionalText(value, what, 64)
  if (text === undefined) return undefined
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(Date.parse(text))) {
    throw invalid(`${what} must be an ISO date such as 2026-11-21 or 2026-11-21T20:48:50Z; got ${shown(text)}`)
  }
  return text
}

export function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  throw invalid(`${what} must be one of ${allowed.join(', ')}; got ${shown(String(value))}`)
}
