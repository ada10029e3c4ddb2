import { numberFormat } from './intl-cache'

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** "12.4 MB" in the user's locale (powers of 1024, as file managers mostly show). */
export function formatBytes(bytes: number | null | undefined, locale?: string): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '—'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  // Intl spells the smallest unit out ("120 byte"); B reads better beside kB and MB.
  if (unit === 0) return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(value)} B`
  const format = numberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value >= 100 ? 0 : 1,
  })
  return format.format(value)
}
