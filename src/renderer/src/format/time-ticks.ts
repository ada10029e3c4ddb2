import type { SeriesPeriod } from '@shared/domain'

/** Hours between ticks within a day, days between ticks over longer periods. */
const HOUR_STEP: Partial<Record<SeriesPeriod, number>> = { '24h': 3 }
const DAY_STEP: Partial<Record<SeriesPeriod, number>> = { '7d': 1, '30d': 5 }
const MAX_TICKS = 64

/**
 * Tick positions (epoch ms) on local-time boundaries between `min` and
 * `max`: every 3 hours for a day, every day or 5 days for longer periods.
 * Built from calendar fields, so days stay days across DST changes.
 */
export function timeTicks(min: number, max: number, period: SeriesPeriod): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) return []
  const cursor = new Date(min)
  const hours = HOUR_STEP[period]
  const days = DAY_STEP[period] ?? 1
  if (hours) {
    cursor.setMinutes(0, 0, 0)
    cursor.setHours(Math.ceil(cursor.getHours() / hours) * hours)
  } else {
    cursor.setHours(0, 0, 0, 0)
  }
  const ticks: number[] = []
  while (ticks.length < MAX_TICKS) {
    const value = cursor.getTime()
    if (value > max) break
    if (value >= min) ticks.push(value)
    if (hours) cursor.setHours(cursor.getHours() + hours)
    else cursor.setDate(cursor.getDate() + days)
  }
  return ticks
}
