import { numberSeparators } from './intl-cache'

const DIGITS = /^\d+$/

/** The digit-group separator of `locale` (e.g. "," or "." or a narrow space). */
export function groupSeparator(locale?: string): string {
  return numberSeparators(locale).group
}

/**
 * Groups the digits of a decimal string without going through Number, so a
 * 64-bit value stays exact. Anything that is not plain digits is returned as is.
 */
export function formatU64(value: string | null | undefined, locale?: string): string {
  if (value === null || value === undefined) return '—'
  if (!DIGITS.test(value)) return value
  const separator = groupSeparator(locale)
  const firstGroup = value.length % 3 || 3
  const groups = [value.slice(0, firstGroup)]
  for (let i = firstGroup; i < value.length; i += 3) groups.push(value.slice(i, i + 3))
  return groups.join(separator)
}
