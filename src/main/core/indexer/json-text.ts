/** JSON text to values, keeping integers beyond 2^53 exact. */
import { decodeFailure } from './decode-values'

type SourceReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown

const INTEGER_SOURCE = /^-?\d+$/
/**
 * 2^53 has 16 digits, and a number token follows the text's start, `[`, `,`
 * or `:` (and white space): text without such a token of 16 digits has no
 * integer that JSON.parse could round. Runs of digits inside strings do not
 * count: base58 keys and mints have them (the wrapped SOL mint,
 * So111…112), and taking them for numbers sent whole pages through the
 * reviver, about six times slower.
 */
const LONG_INTEGER_TOKEN = /(?:^|[[:,])\s*-?\d{16}/

/**
 * JSON.parse would round an integer above 2^53 (a slot or lamport amount);
 * such integers are kept as their exact decimal text instead.
 */
const keepUnsafeIntegers: SourceReviver = (_key, value, context) => {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value)) {
    const source = context?.source
    if (source !== undefined && INTEGER_SOURCE.test(source)) return source
  }
  return value
}

/**
 * Deeper than any record an indexer has reason to send. JSON.parse itself
 * takes any depth, but JSON.stringify, structured clone (IPC), a reviver and
 * every recursive walk overflow the stack a few thousand levels down.
 */
export const MAX_JSON_DEPTH = 64

/**
 * Whether arrays and objects in a parsed value nest deeper than `max`.
 * Iterative, so any depth is safe; walking the value is several times
 * faster than scanning its text.
 */
export function nestsDeeperThan(root: unknown, max: number): boolean {
  const values: unknown[] = [root]
  const depths: number[] = [1]
  while (values.length > 0) {
    const value = values.pop()
    const depth = depths.pop()!
    if (typeof value !== 'object' || value === null) continue
    if (depth > max) return true
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (typeof child === 'object' && child !== null) {
        values.push(child)
        depths.push(depth + 1)
      }
    }
  }
  return false
}

function tooDeep(what: string, text: string) {
  return decodeFailure(`Refused ${what}: its arrays and objects nest more than ${MAX_JSON_DEPTH} levels deep, which no indexer record needs`, text)
}

/** Parses JSON text or throws a DECODE error naming `what` and carrying the text's start. */
export function parseJsonText(text: string, what: string): unknown {
  let value: unknown
  try {
    // A reviver makes parsing several times slower, so it runs only where it can matter.
    value = LONG_INTEGER_TOKEN.test(text) ? JSON.parse(text, keepUnsafeIntegers as (key: string, value: unknown) => unknown) : JSON.parse(text)
  } catch (error) {
    // Only the reviver recurses: deep enough nesting overflows its stack.
    if (error instanceof RangeError) throw tooDeep(what, text)
    throw decodeFailure(`Expected ${what} as JSON, but it could not be parsed`, text)
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw tooDeep(what, text)
  return value
}
