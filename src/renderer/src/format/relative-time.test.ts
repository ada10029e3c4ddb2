import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const NOW = Date.UTC(2025, 0, 31, 12, 0, 0)
const ago = (ms: number): number => NOW - ms

describe('formatRelativeTime', () => {
  it('says "just now" for the last few seconds and for clocks slightly ahead', () => {
    expect(formatRelativeTime(NOW, NOW, 'en-US')).toBe('just now')
    expect(formatRelativeTime(ago(9_000), NOW, 'en-US')).toBe('just now')
    expect(formatRelativeTime(NOW + 3_000, NOW, 'en-US')).toBe('just now')
  })

  it('counts seconds, minutes, hours and days in the locale', () => {
    expect(formatRelativeTime(ago(45_000), NOW, 'en-US')).toBe('45 seconds ago')
    expect(formatRelativeTime(ago(2 * 60_000 + 5_000), NOW, 'en-US')).toBe('2 minutes ago')
    expect(formatRelativeTime(ago(3 * 3_600_000), NOW, 'en-US')).toBe('3 hours ago')
    expect(formatRelativeTime(ago(26 * 3_600_000), NOW, 'en-US')).toBe('yesterday')
    expect(formatRelativeTime(ago(5 * 86_400_000), NOW, 'en-US')).toBe('5 days ago')
    expect(formatRelativeTime(ago(2 * 60_000), NOW, 'de-DE')).toBe('vor 2 Minuten')
  })

  it('shows a missing or broken time as a dash', () => {
    expect(formatRelativeTime(null, NOW)).toBe('—')
    expect(formatRelativeTime(Number.NaN, NOW)).toBe('—')
  })
})

