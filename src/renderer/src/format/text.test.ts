import { describe, expect, it } from 'vitest'
import { DISPLAY_MAX, displayText, displayValue, fullTextTitle, isLinkable, readableEnum, shortId } from './text'

describe('readableEnum', () => {
  it('turns enum values into sentence case', () => {
    expect(readableEnum('BALANCE')).toBe('Balance')
    expect(readableEnum('PROOF_VERIFIED')).toBe('Proof verified')
    expect(readableEnum('membership')).toBe('Membership')
  })

  it('keeps unknown values visible and shows null as a dash', () => {
    expect(readableEnum('ZK_SOMETHING_NEW')).toBe('Zk something new')
    expect(readableEnum(null)).toBe('—')
  })
})

describe('shortId', () => {
  it('keeps both ends of a long id', () => {
    expect(shortId('ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe('ABCD…WXYZ')
    expect(shortId('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 6)).toBe('ABCDEF…UVWXYZ')
  })

  it('leaves short ids whole', () => {
    expect(shortId('ABCDEFGHI')).toBe('ABCDEFGHI')
    expect(shortId(null)).toBe('—')
  })
})

describe('displayValue', () => {
  it('shows scalars as text and objects as JSON', () => {
    expect(displayValue('x')).toBe('x')
    expect(displayValue(3)).toBe('3')
    expect(displayValue(false)).toBe('false')
    expect(displayValue({ a: [1] })).toBe('{"a":[1]}')
    expect(displayValue(null)).toBe('—')
  })
})

describe('indexer text made safe to show', () => {
  it('neutralises bidi controls: "exe.png" cannot hide "gnp.exe"', () => {
    const spoof = 'invoice\u202Egnp.exe'
    expect(displayText(spoof)).toBe('invoice\uFFFDgnp.exe')
    expect(shortId(`ab\u202Ecdefghijklmnop\u2066qr`, 4)).toBe('ab\uFFFDc…p\uFFFDqr')
    expect(readableEnum('PROOF\u202E_VERIFIED')).toBe('Proof\ufffd verified')
    expect(displayValue({ label: 'a\u2067b' })).toBe('{"label":"a\uFFFDb"}')
  })

  it('shows a lone surrogate as U+FFFD and never links it (encodeURIComponent would throw)', () => {
    const lone = 'abc\uD800def'
    expect(() => encodeURIComponent(lone)).toThrow(URIError)
    expect(displayText(lone)).toBe('abc\uFFFDdef')
    expect(isLinkable(lone)).toBe(false)
    expect(isLinkable('abc\uD83D\uDE00def')).toBe(true)
    expect(isLinkable('abc\uDE00')).toBe(false)
  })

  it('cuts 100,000 characters to DISPLAY_MAX, the whole in a tooltip', () => {
    const long = 'x'.repeat(100_000)
    expect(displayText(long)).toHaveLength(DISPLAY_MAX)
    expect(displayText(long).endsWith('…')).toBe(true)
    expect(displayValue(long)).toHaveLength(DISPLAY_MAX)
    expect(fullTextTitle(long)?.length).toBeLessThan(100_000)
    expect(fullTextTitle('short')).toBeUndefined()
  })
})
