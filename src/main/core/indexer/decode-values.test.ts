import { describe, expect, it, vi } from 'vitest'
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJsonText } from './json-text'
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

  it('gives null for a time outside JavaScript\'s Date range, and keeps the edges of it', () => {
    for (const value of [8.64e15 + 1, '8640000000000001', 1e300, '1e300', '+275760-09-13T00:00:00.001Z', '-271821-04-19T23:59:59.999Z', 99999999999999999999]) {
      expect(toEpochMs(value), String(value)).toBeNull()
    }
    expect(toEpochMs('+275760-09-13T00:00:00.000Z')).toBe(8.64e15)
    expect(toEpochMs('-271821-04-20T00:00:00.000Z')).toBe(-8.64e15)
    expect(toEpochMs('0000-01-01T00:00:00.000Z')).toBe(-62_167_219_200_000)
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

  it('keeps an integer above 2^53 exact wherever a number can stand, and parses digit runs inside strings without a reviver', () => {
    expect(parseJsonText('[9007199254740993, -9007199254740995]', 'x')).toEqual(['9007199254740993', '-9007199254740995'])
    expect(parseJsonText(' 9007199254740993', 'x')).toBe('9007199254740993')
    expect(parseJsonText('{"a":\n\t 9007199254740993}', 'x')).toEqual({ a: '9007199254740993' })
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const mint = 'So11111111111111111111111111111111111111112'
      expect(parseJsonText(`{"publicInputs":{"mint":"${mint}"},"slot":356500021}`, 'x')).toEqual({ publicInputs: { mint }, slot: 356500021 })
      expect(parse).toHaveBeenCalledTimes(1)
      expect(parse.mock.calls[0]).toHaveLength(1)
    } finally {
      parse.mockRestore()
    }
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

  it(`takes nesting up to ${MAX_JSON_DEPTH} levels and refuses deeper with what arrived, before parsing`, () => {
    const deep = (depth: number) => `${'{"a":'.repeat(depth - 1)}[1]${'}'.repeat(depth - 1)}`
    expect(parseJsonText(deep(MAX_JSON_DEPTH), 'x')).toBeTypeOf('object')
    const error = (() => {
      try {
        parseJsonText(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'the response body')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toMatchObject({ code: 'DECODE', received: expect.stringMatching(/^\[{200}…$/) })
    expect((error as Error).message).toBe(`Refused the response body: its arrays and objects nest more than ${MAX_JSON_DEPTH} levels deep, which no indexer record needs`)
    expect(() => parseJsonText(deep(MAX_JSON_DEPTH + 1), 'x')).toThrow(/nest more than/)
  })

  it('counts the nesting of arrays and objects, not of text that looks like it', () => {
    expect(nestsDeeperThan(JSON.parse(`{"a":"${'['.repeat(100)}"}`), 2)).toBe(false)
    expect(nestsDeeperThan([[], {}, [1]], 2)).toBe(false)
    expect(nestsDeeperThan([[[]]], 2)).toBe(true)
    expect(nestsDeeperThan({ a: { b: { c: 1 } } }, 2)).toBe(true)
    expect(nestsDeeperThan('text', 0)).toBe(false)
  })

  it('refuses deep nesting with the same words when the text also has integers above 2^53', () => {
    const text = `{"slot":18446744073709551615,"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    expect(() => parseJsonText(text, 'a socket message')).toThrow(/^Refused a socket message: its arrays and objects nest more than 64 levels deep/)
  })
})
