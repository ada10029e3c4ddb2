import { describe, expect, it } from 'vitest'
import {
  ValidationError,
  boundedInteger,
  enumWithDefault,
  optionalDate,
  optionalEnum,
  optionalText,
  positiveInteger,
  stringLength,
} from './query-validation'

const bounds = { min: 1, max: 200, fallback: 50 }

describe('query validation', () => {
  it('accepts enum values in their exact case and names the allowed ones otherwise', () => {
    expect(optionalEnum('status', null, ['SUCCESS', 'FAILED'])).toBeUndefined()
    expect(optionalEnum('status', 'FAILED', ['SUCCESS', 'FAILED'])).toBe('FAILED')
    expect(() => optionalEnum('status', 'failed', ['SUCCESS', 'FAILED'])).toThrow(
      new ValidationError('status', "Invalid enum value. Expected 'SUCCESS' | 'FAILED', received 'failed'"),
    )
    expect(enumWithDefault('period', null, ['24h', '7d'], '7d')).toBe('7d')
    expect(() => enumWithDefault('period', '', ['24h', '7d'], '7d')).toThrow("period: Invalid enum value. Expected '24h' | '7d', received ''")
  })

  it('coerces limits like the reference deployment', () => {
    expect(boundedInteger('limit', null, bounds)).toBe(50)
    expect(boundedInteger('limit', '200', bounds)).toBe(200)
    expect(() => boundedInteger('limit', '0', bounds)).toThrow('limit: Number must be greater than or equal to 1')
    expect(() => boundedInteger('limit', '', bounds)).toThrow('limit: Number must be greater than or equal to 1')
    expect(() => boundedInteger('limit', '201', bounds)).toThrow('limit: Number must be less than or equal to 200')
    expect(() => boundedInteger('limit', 'ten', bounds)).toThrow('limit: Expected number, received nan')
    expect(() => boundedInteger('limit', '2.5', bounds)).toThrow('limit: Expected integer, received float')
    expect(positiveInteger('circuitId', '4')).toBe(4)
    expect(() => positiveInteger('circuitId', 'x')).toThrow('circuitId: Expected number, received nan')
  })

  it('checks string lengths, dates and free text', () => {
    expect(() => stringLength('proofAccount', 'abc', 32, 44)).toThrow('proofAccount: String must contain at least 32 character(s)')
    expect(() => stringLength('proofAccount', 'a'.repeat(45), 32, 44)).toThrow('proofAccount: String must contain at most 44 character(s)')
    expect(stringLength('proofAccount', 'a'.repeat(44), 32, 44)).toHaveLength(44)
    expect(optionalDate('fromDate', '2026-11-20T21:14:48.211Z')).toBe(Date.UTC(2026, 10, 20, 21, 14, 48, 211))
    expect(optionalDate('fromDate', '2026-11-20')).toBe(Date.UTC(2026, 10, 20))
    expect(optionalDate('fromDate', null)).toBeUndefined()
    expect(() => optionalDate('toDate', 'yesterday')).toThrow('toDate: Invalid date')
    expect(() => optionalDate('toDate', '12345')).toThrow('toDate: Invalid date')
    expect(optionalText('')).toBeUndefined()
    expect(optionalText('abc')).toBe('abc')
  })
})
