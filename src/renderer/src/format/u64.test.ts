import { describe, expect, it } from 'vitest'
import { formatU64, groupSeparator } from './u64'

describe('formatU64', () => {
  it('keeps the largest u64 exact while grouping it', () => {
    expect(formatU64('18446744073709551615', 'en-US')).toBe('18,446,744,073,709,551,615')
  })

  it('uses the separator of the locale', () => {
    expect(formatU64('1234567', 'de-DE')).toBe('1.234.567')
    expect(formatU64('1234567', 'fr-FR')).toBe(['1', '234', '567'].join(groupSeparator('fr-FR')))
  })

  it('leaves short numbers alone', () => {
    expect(formatU64('999', 'en-US')).toBe('999')
    expect(formatU64('0', 'en-US')).toBe('0')
  })

  it('shows null as a dash and non-digits as they came', () => {
    expect(formatU64(null)).toBe('—')
    expect(formatU64('12abc', 'en-US')).toBe('12abc')
    expect(formatU64('-5', 'en-US')).toBe('-5')
  })
})
