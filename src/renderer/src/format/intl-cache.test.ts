import { describe, expect, it } from 'vitest'
import { dateTimeFormat, numberFormat, numberSeparators } from './intl-cache'

describe('numberFormat', () => {
  it('builds one formatter per locale and options', () => {
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).toBe(numberFormat('en-US', { maximumFractionDigits: 1 }))
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en-US', { maximumFractionDigits: 2 }))
    expect(numberFormat('en-US')).not.toBe(numberFormat('de-DE'))
    expect(numberFormat('de-DE', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1.234,6')
  })
})

describe('dateTimeFormat', () => {
  it('builds one formatter per locale and options', () => {
    const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' }
    expect(dateTimeFormat('en-US', options)).toBe(dateTimeFormat('en-US', { ...options }))
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-US', { ...options, day: '2-digit' }))
    expect(dateTimeFormat('en-US', options).format(Date.UTC(2025, 0, 31))).toBe('Jan 31')
  })
})

describe('numberSeparators', () => {
  it('gives the group and decimal separator of the locale', () => {
    expect(numberSeparators('en-US')).toEqual({ group: ',', decimal: '.' })
    expect(numberSeparators('de-DE')).toEqual({ group: '.', decimal: ',' })
    expect(numberSeparators('de-DE')).toBe(numberSeparators('de-DE'))
  })
})
