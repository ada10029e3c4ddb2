/**
 * Tolerant conversions of single wire values (64-bit numbers, timestamps,
 * enums, identifiers) and the shared pieces of decode errors.
 */
import { ProofWatchError } from '@shared/errors'
import type { U64 } from '@shared/domain'

/** How much of an undecodable input an error carries. */
export const RECEIVED_SNIPPET_LENGTH = 200

/** Below this a numeric timestamp is taken as epoch seconds (1e11 s is the year 5138). */
const SECONDS_LIMIT = 1e11

const DIGITS = /^\d+$/
const DECIMAL = /^-?\d+(\.\d+)?$/

export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The start of what arrived, as text, for error reports. */
export function receivedSnippet(value: unknown): string {
  let text: string
  if (typeof value === 'string') text = value
  else {
    try {
      text = JSON.stringify(value) ?? String(value)
    } catch {
      text = String(value)
    }
  }
  return text.length > RECEIVED_SNIPPET_LENGTH ? text.slice(0, RECEIVED_SNIPPET_LENGTH) + '…' : text
}

export function decodeFailure(message: string, received: unknown): ProofWatchError {
  return new ProofWatchError({ code: 'DECODE', message, received: receivedSnippet(received), retryable: false })
}

/** A non-negative integer as an exact decimal string; null when the value is not one. */
export function toU64(value: unknown): U64 | null {
  if (typeof value === 'bigint') return value >= 0n ? value.toString() : null
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 ? BigInt(value).toString() : null
  }
  if (typeof value === 'string') {
    const text = value.trim()
    return DIGITS.test(text) ? BigInt(text).toString() : null
  }
  return null
}

/** A finite number, also from a numeric string; null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value.trim())
  return null
}

/** JavaScript's Date range (±8.64e15 ms): a time past it throws "Invalid time value" wherever it is shown. */
const MAX_TIME_MS = 8.64e15

/**
 * ISO text, epoch seconds or epoch milliseconds (number or numeric text) as
 * epoch ms; null (unknown, the record's raw view keeps what came) for a time
 * outside JavaScript's Date range.
 */
export function toEpochMs(value: unknown): number | null {
  if (typeof value === 'string') {
    const text = value.trim()
    if (text === '') return null
    if (DECIMAL.test(text)) return numericTimestamp(Number(text))
    const parsed = Date.parse(text)
    return Number.isNaN(parsed) || Math.abs(parsed) > MAX_TIME_MS ? null : parsed
  }
  if (typeof value === 'number') return numericTimestamp(value)
  return null
}

function numericTimestamp(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null
  const ms = Math.round(value < SECONDS_LIMIT ? value * 1000 : value)
  return ms > MAX_TIME_MS ? null : ms
}

/** Enum values in their canonical upper case; unknown values are kept, not dropped. */
export function toEnum(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  return text === '' ? null : text.toUpperCase()
}

/** Non-empty text; null otherwise. */
export function toText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** An identifier sent as text or as an integer (circuit ids, notification ids). */
export function toId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (typeof value === 'bigint') return value.toString()
  return toText(value)
}

export function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === 0) return value === 1
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase()
    if (text === 'true') return true
    if (text === 'false') return false
  }
  return null
}

export function toTextList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * One field of a record: what `convert` makes of its wire value. A lenient
 * field never fails: a missing or unusable value becomes what `convert` makes
 * of it (usually null), and the record's `raw` still holds it. A required
 * field's null is an error that names `expected`.
 */
export interface Field<T> {
  readonly convert: (value: unknown) => T | null
  /** Null: lenient. */
  readonly expected: string | null
}

export function lenient<T>(convert: (value: unknown) => T): Field<T> {
  return { convert, expected: null }
}

/** A field that must convert; `expected` names what was wanted in the error. */
export function required<T>(convert: (value: unknown) => T | null, expected: string): Field<T> {
  return { convert, expected }
}

/** The fields of `raw` that the decoder does not know. */
export function unknownFields(raw: JsonObject, known: readonly string[] | ReadonlySet<string>): JsonObject {
  const isKnown = Array.isArray(known) ? (key: string) => known.includes(key) : (key: string) => (known as ReadonlySet<string>).has(key)
  const extra: JsonObject = {}
  for (const [key, value] of Object.entries(raw)) {
    if (!isKnown(key)) extra[key] = value
  }
  return extra
}
