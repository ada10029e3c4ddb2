/**
 * Date filters of the list views: a picked day as the instants it starts and
 * ends in the user's time zone, and the preset periods that end now.
 */

/**
 * A picked day as the instant it starts or ends in the user's time zone: a
 * bare yyyy-mm-dd would be read as UTC midnight, so "To" the same day as
 * "From" would return nothing. The end is inclusive, its last millisecond.
 * Anything else (already an instant) is passed on as it is.
 */
export function localDayBound(day: string, edge: 'start' | 'end'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return day
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const instant = edge === 'start' ? new Date(year, month, date) : new Date(new Date(year, month, date + 1).getTime() - 1)
  return Number.isNaN(instant.getTime()) ? day : instant.toISOString()
}

/** The preset periods, each ending now. */
export const TIME_PRESETS = {
  '1h': { label: 'Last hour', ms: 60 * 60 * 1000 },
  '24h': { label: 'Last 24 hours', ms: 24 * 60 * 60 * 1000 },
  '7d': { label: 'Last 7 days', ms: 7 * 24 * 60 * 60 * 1000 },
} as const

export type TimePreset = keyof typeof TIME_PRESETS

export function isTimePreset(value: string): value is TimePreset {
  return Object.hasOwn(TIME_PRESETS, value)
}

/**
 * Where a preset period starts: `now` less the period, down to the whole
 * minute, so asking twice within a minute is the same question (the list
 * held is kept) and a minute later the window has moved with the clock.
 */
export function presetStart(preset: TimePreset, now: number): string {
  const start = now - TIME_PRESETS[preset].ms
  return new Date(Math.floor(start / 60_000) * 60_000).toISOString()
}

/** The query's date bounds for a preset or a pair of picked days: a preset stands instead of the days. */
export function dateBounds(filters: { within?: string; fromDate: string; toDate: string }, now: number): { fromDate?: string; toDate?: string } {
  const within = filters.within ?? ''
  if (isTimePreset(within)) return { fromDate: presetStart(within, now) }
  const bounds: { fromDate?: string; toDate?: string } = {}
  if (filters.fromDate) bounds.fromDate = localDayBound(filters.fromDate, 'start')
  if (filters.toDate) bounds.toDate = localDayBound(filters.toDate, 'end')
  return bounds
}

/** Whether the list ends at a fixed time in the past (a To date, no preset): nothing arriving now belongs to it. */
export function endsInThePast(filters: { within?: string; toDate: string }): boolean {
  return Boolean(filters.toDate) && !isTimePreset(filters.within ?? '')
}
