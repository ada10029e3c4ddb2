import { describe, expect, it } from 'vitest'
import { toWireArgs, toWireValue } from './wire-value'

describe('the data model every bridge transport carries', () => {
  it('is what JSON makes of a value, whatever structured clone would have kept', () => {
    const value = { kept: '18446744073709551615', gone: undefined, list: [1, undefined], at: new Date(0), empty: [], nested: { none: null } }
    expect(toWireValue(value)).toStrictEqual({
      kept: '18446744073709551615',
      list: [1, null],
      at: '1970-01-01T00:00:00.000Z',
      empty: [],
      nested: { none: null },
    })
    expect(toWireValue(undefined)).toBeUndefined()
    expect(toWireValue(null)).toBeNull()
    expect(toWireValue([])).toStrictEqual([])
  })

  it('treats a left-out argument the same whether it came as undefined or as JSON null', () => {
    expect(toWireArgs([{ pubkey: 'a', cursor: undefined }, undefined])).toStrictEqual([{ pubkey: 'a' }])
    expect(toWireArgs([{ pubkey: 'a' }, null])).toStrictEqual([{ pubkey: 'a' }])
    expect(toWireArgs([undefined, { source: 'cache' }])).toStrictEqual([undefined, { source: 'cache' }])
    expect(toWireArgs([])).toStrictEqual([])
  })

  it('refuses what JSON cannot carry instead of carrying half of it', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(() => toWireArgs([cycle])).toThrow()
    expect(() => toWireArgs([10n])).toThrow()
  })
})
