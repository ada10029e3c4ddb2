/** JSON text to values, keeping integers beyond 2^53 exact. */
import { decodeFailure } from './decode-values'

type SourceReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown

const INTEGER_SOURCE = /^-?\d+$/
/** 2^53 has 16 digits: text without such a run has no integer that JSON.parse could round. */
const LONG_DIGIT_RUN = /\d{16}/

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

/** Parses JSON text or throws a DECODE error naming `what` and carrying the text's start. */
export function parseJsonText(text: string, what: string): unknown {
  try {
    // A reviver makes parsing several times slower, so it runs only where it can matter.
    if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text)
    return JSON.parse(text, keepUnsafeIntegers as (key: string, value: unknown) => unknown)
  } catch {
    throw decodeFailure(`Expected ${what} as JSON, but it could not be parsed`, text)
  }
}
