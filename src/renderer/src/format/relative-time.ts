import { relativeTimeFormat } from './intl-cache'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Below this, "just now": a count of seconds would change on every tick for nothing. */
const JUST_NOW_MS = 10 * SECOND

/**
 * How long ago `then` was, seen from `now`, in the user's locale:
 * "just now", "45 seconds ago", "2 minutes ago", "3 hours ago", "yesterday".
 * A time slightly in the future (clocks disagree) counts as now.
 */
export function formatRelativeTime(then: number | null | undefined, now: number, locale?: string): string {
  if (typeof then !== 'number' || !Number.isFinite(then) || !Number.isFinite(now)) return '—'
  const age = now - then
  if (age < JUST_NOW_MS) return 'just now'
  const format = relativeTimeFormat(locale)
  if (age < MINUTE) return format.format(-Math.floor(age / SECOND), 'second')
  if (age < HOUR) return format.format(-Math.floor(age / MINUTE), 'minute')
  if (age < DAY) return format.format(-Math.floor(age / HOUR), 'hour')
  return format.format(-Math.floor(age / DAY), 'day')
}

