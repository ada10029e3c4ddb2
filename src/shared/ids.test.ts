import { describe, expect, it } from 'vitest'
import { hasLength, isBase58, PUBKEY_LENGTH, shortId, SIGNATURE_TEXT_LENGTH } from './ids'

describe('ids', () => {
  it('knows base58 text: no 0, O, I or l, nothing else', () => {
    expect(isBase58('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe(true)
    for (const bad of ['', '0abc', 'Oabc', 'Iabc', 'labc', 'ab c', 'ab-c']) expect(isBase58(bad)).toBe(false)
  })

  it('measures ids by their written length', () => {
    expect(hasLength('1'.repeat(32), PUBKEY_LENGTH)).toBe(true)
    expect(hasLength('1'.repeat(45), PUBKEY_LENGTH)).toBe(false)
    expect(hasLength('1'.repeat(88), SIGNATURE_TEXT_LENGTH)).toBe(true)
    expect(hasLength('1'.repeat(86), SIGNATURE_TEXT_LENGTH)).toBe(false)
  })

  it('shortens an id to its ends, keeps a short one whole, and shows none as a dash', () => {
    expect(shortId('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe('9xQe…VFin')
    expect(shortId('abcdefghi')).toBe('abcdefghi')
    expect(shortId('abcdefghij')).toBe('abcd…ghij')
    expect(shortId('abcdefghij', 2)).toBe('ab…ij')
    expect(shortId('')).toBe('—')
    expect(shortId(null)).toBe('—')
  })
})
