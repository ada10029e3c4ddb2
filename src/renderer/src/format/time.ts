import type { SeriesPeriod } from '@shared/domain'

function isTime(ms: number | null | undefined): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms)
}

/** Date and time in the user's zone and locale. */
export function formatLocalTime(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return '—'
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms)
}

/** A shorter local date and time, for table cells. */
export function formatLocalTimeCompact(ms: number | null | undefined, locale?: string): string {
  if (!isTime(ms)) return '—'
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(ms)
}

/** "2025-01-31 23:59:59 UTC": unambiguous for comparing with other tools. */
export function formatUtcTime(ms: number | null | undefined): string {
  if (!isTime(ms)) return '—'
  const iso = new Date(ms).toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}

/** A chart tick: the hour within a day, the date over longer periods. */
export function formatTick(ms: number, period: SeriesPeriod, locale?: string): string {
  const options: Intl.DateTimeFormatOptions =
    period === '24h' ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric' }
  return new Intl.DateTimeFormat(locale, options).format(ms)
}
