import type { SeriesPeriod } from '@shared/domain'
import { dateTimeFormat } from './intl-cache'

const LOCAL_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' }
const LOCAL_TIME_COMPACT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' }
const LOCAL_TIME_ZONED: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'long' }
const TICK_HOUR: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }
const TICK_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }

function isTime(ms: number | null | undefined): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms)
}

/** Date and time in the user's zone and locale. */
export function formatLocalTime(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return '—'
  return dateTimeFormat(locale, LOCAL_TIME).format(ms)
}

/**
 * A time's hover text: local with its zone named, and UTC, so nobody has to
 * guess which zone a shown time is in.
 */
export function formatTimeWithZone(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return '—'
  return `${dateTimeFormat(locale, LOCAL_TIME_ZONED).format(ms)} · ${formatUtcTime(ms)}`
}

/** A shorter local date and time, for table cells. */
export function formatLocalTimeCompact(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return '—'
  return dateTimeFormat(locale, LOCAL_TIME_COMPACT).format(ms)
}

/** "2025-01-31 23:59:59 UTC": unambiguous for comparing with other tools. */
export function formatUtcTime(ms: number | null | undefined): string {
  if (!isTime(ms)) return '—'
  const iso = new Date(ms).toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}

/** A chart tick: the hour within a day, the date over longer periods. */
export function formatTick(ms: number, period: SeriesPeriod, locale?: string): string {
  return dateTimeFormat(locale, period === '24h' ? TICK_HOUR : TICK_DATE).format(ms)
}
