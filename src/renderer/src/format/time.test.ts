import { describe, expect, it } from 'vitest'
import { formatLocalTime, formatLocalTimeCompact, formatTick, formatTimeWithZone, formatUtcTime, machineTime } from './time'

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

  it('writes years past 9999, before 1000 and before 0 whole, never as two digits', () => {
    const max = Date.parse('+275760-09-13T00:00:00.000Z')
    const min = Date.parse('-271821-04-20T00:00:00.000Z')
    const zero = Date.parse('0000-01-01T00:00:00.000Z')
    for (const format of [formatLocalTime, formatLocalTimeCompact, formatTimeWithZone]) {
      expect(format(max, 'en-US')).toBe('+275760-09-13 00:00:00 UTC')
      expect(format(min, 'en-US')).toBe('-271821-04-20 00:00:00 UTC')
      expect(format(zero, 'en-US')).toBe('0000-01-01 00:00:00 UTC')
    }
    expect(formatLocalTimeCompact(Date.UTC(2060, 8, 13, 12), 'en-US')).toMatch(/2060/)
    expect(formatLocalTimeCompact(MOMENT, 'en-US')).toMatch(/2025/)
  })

  it('says a time past the calendar is out of range instead of throwing "Invalid time value"', () => {
    for (const ms of [8.64e15 + 1, -8.64e15 - 1, 1e300]) {
      expect(formatLocalTime(ms)).toBe('out of range')
      expect(formatLocalTimeCompact(ms)).toBe('out of range')
      expect(formatTimeWithZone(ms)).toBe('out of range')
      expect(formatUtcTime(ms)).toBe('out of range')
      expect(formatTick(ms, '7d')).toBe('out of range')
      expect(machineTime(ms)).toBeUndefined()
    }
    expect(machineTime(MOMENT)).toBe('2025-01-31T23:59:58.000Z')
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
