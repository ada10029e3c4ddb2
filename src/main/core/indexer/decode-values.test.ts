import { describe, expect, it } from 'vitest'
import { parseJsonText } from './json-text'
import {
  RECEIVED_SNIPPET_LENGTH,
  receivedSnippet,
  toBoolean,
  toEnum,
  toEpochMs,
  toId,
  toNumber,
  toU64,
  unknownFields,
} from './decode-values'
import { ProofWatchError } from '@shared/errors'

describe('toU64', () => {
  it('keeps numbers and strings as exact decimal text', () => {
    expect(toU64(356509821)).toBe('356509821')
    expect(toU64('356509821')).toBe('356509821')
    expect(toU64(' 0042 ')).toBe('42')
    expect(toU64(0)).toBe('0')
    expect(toU64(18446744073709551615n)).toBe('18446744073709551615')
  })

  it('keeps a value above 2^53 given as a string exact', () => {
    expect(toU64('18446744073709551615')).toBe('18446744073709551615')
    expect(toU64('9007199254740993')).toBe('9007199254740993')
  })

  it('refuses what is not a non-negative integer', () => {
    for (const value of [1.5, -1, '1.5', '-3', 'abc', '', null, undefined, true, {}, Number.NaN, Infinity]) {
      expect(toU64(value), String(value)).toBeNull()
    }
  })
})

describe('toEpochMs', () => {
  const ms = Date.UTC(2026, 10, 21, 20, 48, 50, 485)

  it('reads ISO text', () => {
    expect(toEpochMs('2026-11-21T20:48:50.485Z')).toBe(ms)
    expect(toEpochMs('2026-11-21T21:48:50.485+01:00')).toBe(ms)
  })

  it('tells epoch seconds from epoch milliseconds', () => {
    expect(toEpochMs(1795294130)).toBe(1795294130_000)
    expect(toEpochMs(1795294130.485)).toBe(1795294130_485)
    expect(toEpochMs(ms)).toBe(ms)
    expect(toEpochMs(String(ms))).toBe(ms)
    expect(toEpochMs('1795294130')).toBe(1795294130_000)
  })

  it('gives null for what is no time', () => {
    for (const value of ['yesterday-ish', '', null, undefined, -5, Number.NaN, {}, true]) {
      expect(toEpochMs(value), String(value)).toBeNull()
    }
  })
})

describe('small conversions', () => {
  it('upper-cases enums and keeps unknown values', () => {
    expect(toEnum('balance')).toBe('BALANCE')
    expect(toEnum(' Success ')).toBe('SUCCESS')
    expect(toEnum('quantum_proof')).toBe('QUANTUM_PROOF')
    expect(toEnum('')).toBeNull()
    expect(toEnum(3)).toBeNull()
  })

  it('reads ids, numbers and booleans from their usual spellings', () => {
    expect(toId(4)).toBe('4')
    expect(toId('circuit-a')).toBe('circuit-a')
    expect(toId(null)).toBeNull()
    expect(toNumber('3982.2')).toBe(3982.2)
    expect(toNumber('12abc')).toBeNull()
    expect(toBoolean('true')).toBe(true)
    expect(toBoolean(0)).toBe(false)
    expect(toBoolean('yes')).toBeNull()
  })

  it('lists the fields the decoder does not know', () => {
    expect(unknownFields({ a: 1, b: 2, c: 3 }, ['a'])).toEqual({ b: 2, c: 3 })
  })

  it('cuts what arrived to a snippet', () => {
    const snippet = receivedSnippet('x'.repeat(1000))
    expect(snippet.length).toBe(RECEIVED_SNIPPET_LENGTH + 1)
    expect(receivedSnippet({ a: 1 })).toBe('{"a":1}')
  })
})

describe('parseJsonText', () => {
  it('keeps integers above 2^53 exact and leaves the others numbers', () => {
    const parsed = parseJsonText('{"slot": 18446744073709551615, "tps": 12.5, "n": 42, "big": 1e300}', 'x') as Record<
      string,
      unknown
    >
    expect(parsed).toEqual({ slot: '18446744073709551615', tps: 12.5, n: 42, big: 1e300 })
    expect(toU64(parsed.slot)).toBe('18446744073709551615')
  })

  it('reports text that is not JSON as DECODE with what arrived', () => {
    const error = (() => {
      try {
        parseJsonText('<html>oops</html>', 'the response body')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ProofWatchError)
    expect(error).toMatchObject({ code: 'DECODE', received: '<html>oops</html>' })
    expect((error as Error).message).toContain('the response body')
  })
})
