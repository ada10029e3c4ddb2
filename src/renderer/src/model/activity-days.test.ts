import { describe, expect, it } from 'vitest'
import { chartDays, localDay, shiftDay } from './activity-days'

describe('activity days for the chart', () => {
  it('moves across month and year ends, and a leap day', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29')
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01')
    expect(shiftDay('not a day', 1)).toBe('not a day')
  })

  it('fills quiet days with zero, up to today', () => {
    const days = chartDays(
      [
        { day: '2026-11-20', transactions: 3, failed: 1 },
        { day: '2026-11-23', transactions: 2, failed: 0 },
      ],
      '2026-11-24',
      7,
    )
    expect(days).toEqual([
      { day: '2026-11-18', transactions: 0, failed: 0 },
      { day: '2026-11-19', transactions: 0, failed: 0 },
      { day: '2026-11-20', transactions: 3, failed: 1 },
      { day: '2026-11-21', transactions: 0, failed: 0 },
      { day: '2026-11-22', transactions: 0, failed: 0 },
      { day: '2026-11-23', transactions: 2, failed: 0 },
      { day: '2026-11-24', transactions: 0, failed: 0 },
    ])
  })

  it('ends at the last active day when the address was quiet for longer than the window', () => {
    const days = chartDays([{ day: '2026-01-05', transactions: 4, failed: 0 }], '2026-11-24', 3)
    expect(days.map((day) => day.day)).toEqual(['2026-01-03', '2026-01-04', '2026-01-05'])
  })

  it('shows an empty window ending today when nothing is known', () => {
    expect(chartDays([], '2026-11-24', 2)).toEqual([
      { day: '2026-11-23', transactions: 0, failed: 0 },
      { day: '2026-11-24', transactions: 0, failed: 0 },
    ])
  })

  it('names the local calendar day of an instant', () => {
    expect(localDay(new Date(2026, 10, 24, 23, 59).getTime())).toBe('2026-11-24')
  })
})
