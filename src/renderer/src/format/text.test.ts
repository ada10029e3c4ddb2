import { describe, expect, it } from 'vitest'
import { displayValue, readableEnum, shortId } from './text'

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
