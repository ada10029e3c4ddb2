import { describe, expect, it } from 'vitest'
import { formatNumber } from './number'

describe('formatNumber', () => {
  it('groups and rounds in the locale', () => {
    expect(formatNumber(1234.567, 1, 'en-US')).toBe('1,234.6')
    expect(formatNumber(1234.567, 0, 'de-DE')).toBe('1.235')
  })

  it('shows missing or non-finite numbers as a dash', () => {
    expect(formatNumber(null)).toBe('—')
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—')
  })
})
