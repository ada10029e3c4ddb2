import type { ActivityDay } from '@shared/history'

/** Days the address page's chart shows. */
export const ACTIVITY_CHART_DAYS = 30

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** yyyy-mm-dd moved by `days` (calendar arithmetic on the date itself, so no time zone shifts it). */
export function shiftDay(day: string, days: number): string {
  const match = DAY.exec(day)
  if (!match) return day
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days))
  return at.toISOString().slice(0, 10)
}

/** The local calendar day of an instant, as yyyy-mm-dd. */
export function localDay(ms: number): string {
  const at = new Date(ms)
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`
}

/**
 * `count` consecutive days for the chart, quiet days as zero: up to today
 * when the address was active within them, otherwise up to its last active
 * day (an address quiet for months still shows its activity).
 */
export function chartDays(days: readonly ActivityDay[], today: string, count = ACTIVITY_CHART_DAYS): ActivityDay[] {
  const lastActive = days.at(-1)?.day
  const windowStart = shiftDay(today, -(count - 1))
  const end = lastActive === undefined || lastActive >= windowStart ? today : lastActive
  const byDay = new Map(days.map((day) => [day.day, day]))
  const shown: ActivityDay[] = []
  for (let offset = count - 1; offset >= 0; offset--) {
    const day = shiftDay(end, -offset)
    shown.push(byDay.get(day) ?? { day, transactions: 0, failed: 0 })
  }
  return shown
}
