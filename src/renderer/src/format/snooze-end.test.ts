import { describe, expect, it } from 'vitest'
import { snoozeEndText } from './snooze-end'

describe('snoozeEndText', () => {
  const now = new Date(2026, 10, 27, 17, 40).getTime()

  it('says the local time, and the day when it is not today', () => {
    expect(snoozeEndText({ until: new Date(2026, 10, 27, 18, 40).getTime() }, now)).toBe('until 18:40')
    expect(snoozeEndText({ until: new Date(2026, 10, 28, 8, 0).getTime() }, now)).toBe('until tomorrow 08:00')
    expect(snoozeEndText({ until: new Date(2026, 10, 30, 8, 5).getTime() }, now)).toBe('until 30 Nov 08:05')
    expect(snoozeEndText({ until: null }, now)).toBe('until you end it')
    expect(snoozeEndText({ until: 1e20 }, now)).toBe('for a while')
  })
})
