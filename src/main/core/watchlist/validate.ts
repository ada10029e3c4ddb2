/**
 * Checks of what a person types into the watchlist, with messages that say
 * what is wrong and what is expected.
 */
import { WATCHLIST_LIMITS } from '@shared/watchlist'
import { ProofWatchError } from '@shared/errors'
import { PUBKEY_LENGTH, requireBase58, requireText } from '../indexer/arguments'

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
const WHITESPACE = /\s/

function invalid(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message, retryable: false })
}

/** A public key to watch: base58 (no 0, O, I or l), 32–44 characters. */
export function validateWatchedPubkey(value: unknown): string {
  return requireBase58(value, 'An address to watch', PUBKEY_LENGTH)
}

/** A circuit id as the indexer names it in `proofs:circuit:{id}`. */
export function validateCircuitId(value: unknown): string {
  const id = requireText(value, 'A circuit id', 128)
  if (WHITESPACE.test(id)) throw invalid(`A circuit id has no spaces; got ${JSON.stringify(id)}`)
  return id
}

/** Absent or blank means no label. */
export function validateLabel(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw invalid(`A label must be text, got ${typeof value}`)
  const label = value.trim()
  if (label === '') return null
  if (label.length > WATCHLIST_LIMITS.labelLength) {
    throw invalid(`A label is at most ${WATCHLIST_LIMITS.labelLength} characters; this one has ${label.length}`)
  }
  if (CONTROL_CHARACTERS.test(label)) throw invalid('A label cannot contain control characters (line breaks, tabs)')
  return label
}

export function validateNotify(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'boolean') throw invalid(`The notify flag must be true or false, got ${typeof value}`)
  return value
}

/** The label and notify flag an add or a change asks for; what it leaves out keeps the held entry's (a new one: no label, notify on). */
export function validateLabelAndNotify(
  input: { label?: unknown; notify?: unknown },
  held: { label: string | null; notify: boolean } | undefined,
): { label: string | null; notify: boolean } {
  const label = input.label === undefined && held ? held.label : validateLabel(input.label)
  return { label, notify: validateNotify(input.notify, held?.notify ?? true) }
}
