import type { SeriesPeriod } from '@shared/domain'
import { dateTimeFormat } from './intl-cache'

const LOCAL_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' }
// Spelled out rather than dateStyle 'short', which writes two-digit years (year 275760 as "9/13/60").
const LOCAL_TIME_COMPACT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }
const LOCAL_TIME_ZONED: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'long' }
const TICK_HOUR: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }
const TICK_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }

/** JavaScript's Date range: ±100,000,000 days from 1970. Past it, Intl and toISOString throw "Invalid time value". */
export const MAX_TIME_MS = 8.64e15
/** Years the locale formats write as they are; others (0, 275760, -271821) are written in ISO form with their sign. */
const FOUR_DIGIT_YEARS = { min: 1000, max: 9999 }

function isTime(ms: number | null | undefined): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS
}

/** What a value that is no time shows: a dash for none, words for one past the calendar. */
function noTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? 'out of range' : '—'
}

function hasFourDigitYear(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear()
  return year >= FOUR_DIGIT_YEARS.min && year <= FOUR_DIGIT_YEARS.max
}

/** The `datetime` attribute of a <time>: ISO text, or undefined for a value that is no time. */
export function machineTime(ms: number | null | undefined): string | undefined {
  return isTime(ms) ? new Date(ms).toISOString() : undefined
}

/** Date and time in the user's zone and locale. */
export function formatLocalTime(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return noTime(ms)
  if (!hasFourDigitYear(ms)) return formatUtcTime(ms)
  return dateTimeFormat(locale, LOCAL_TIME).format(ms)
}

/**
 * A time's hover text: local with its zone named, and UTC, so nobody has to
 * guess which zone a shown time is in.
 */
export function formatTimeWithZone(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return noTime(ms)
  if (!hasFourDigitYear(ms)) return formatUtcTime(ms)
  return `${dateTimeFormat(locale, LOCAL_TIME_ZONED).format(ms)} · ${formatUtcTime(ms)}`
}

/** A shorter local date and time, for table cells. */
export function formatLocalTimeCompact(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return noTime(ms)
  if (!hasFourDigitYear(ms)) return formatUtcTime(ms)
  return dateTimeFormat(locale, LOCAL_TIME_COMPACT).format(ms)
}

/** "2025-01-31 23:59:59 UTC": unambiguous for comparing with other tools. */
export function formatUtcTime(ms: number | null | undefined): string {
  if (!isTime(ms)) return noTime(ms)
  // Years past 9999 and before 0 come as "+275760-…" and "-271821-…": split at the T, not at a fixed place.
  const [date = '', time = ''] = new Date(ms).toISOString().split('T')
  return `${date} ${time.slice(0, 8)} UTC`
}

/** A chart tick: the hour within a day, the date over longer periods. */
export function formatTick(ms: number, period: SeriesPeriod, locale?: string): string {
  if (!isTime(ms)) return noTime(ms)
  return dateTimeFormat(locale, period === '24h' ? TICK_HOUR : TICK_DATE).format(ms)
}
