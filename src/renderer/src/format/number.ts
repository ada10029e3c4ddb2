import { numberFormat } from './intl-cache'

/** A finite number in the user's locale, with at most `maxFractionDigits` decimals. */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 0, locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  return numberFormat(locale, { maximumFractionDigits: maxFractionDigits }).format(value)
}
