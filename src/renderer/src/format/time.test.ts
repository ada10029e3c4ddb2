import { describe, expect, it } from 'vitest'
import { formatLocalTime, formatLocalTimeCompact, formatTick, formatTimeWithZone, formatUtcTime } from './time'

const MOMENT = Date.UTC(2025, 0, 31, 23, 59, 58)

describe('time formatting', () => {
  it('writes UTC unambiguously', () => {
    expect(formatUtcTime(MOMENT)).toBe('2025-01-31 23:59:58 UTC')
  })

  it('writes local time with the locale', () => {
    const text = formatLocalTime(MOMENT, 'en-US')
    expect(text).toMatch(/2025/)
    expect(text).toMatch(/\d{1,2}:\d{2}:\d{2}/)
  })

  it('has a compact form for tables', () => {
    const text = formatLocalTimeCompact(MOMENT, 'en-US')
    expect(text.length).toBeLessThan(formatLocalTime(MOMENT, 'en-US').length)
    expect(text).toMatch(/\d{1,2}:\d{2}:\d{2}/)
  })

  it('shows missing times as a dash', () => {
    expect(formatLocalTime(null)).toBe('—')
    expect(formatUtcTime(Number.NaN)).toBe('—')
  })

  it('ticks show the hour for a day and the date for longer periods', () => {
    expect(formatTick(MOMENT, '24h', 'en-US')).toMatch(/^\d{2}:\d{2}/)
    expect(formatTick(MOMENT, '7d', 'en-US')).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/)
  })
})

describe('formatTimeWithZone', () => {
  it('names the local zone and gives UTC beside it', () => {
    const text = formatTimeWithZone(Date.UTC(2025, 0, 31, 23, 59, 59), 'en-US')
    expect(text).toMatch(/\d{2}:\d{2}:\d{2}/)
    expect(text).toMatch(/(Time|UTC|GMT)/)
    expect(text).toContain('· 2025-01-31 23:59:59 UTC')
    expect(formatTimeWithZone(null)).toBe('—')
  })
})
