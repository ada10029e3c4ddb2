/**
 * Intl formatters are slow to build and cheap to use, and the same few are
 * asked for with every value a table or a tile shows: each is built once per
 * locale and options. `undefined` stands for the user's locale.
 */

const numberFormats = new Map<string, Intl.NumberFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>()
const separatorsByLocale = new Map<string, NumberSeparators>()

function cacheKey(locale: string | undefined, options?: object): string {
  return JSON.stringify([locale ?? null, options ?? null])
}

function cached<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let value = cache.get(key)
  if (value === undefined) {
    value = build()
    cache.set(key, value)
  }
  return value
}

export function numberFormat(locale?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, cacheKey(locale, options), () => new Intl.NumberFormat(locale, options))
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, cacheKey(locale, options), () => new Intl.DateTimeFormat(locale, options))
}

/** "2 minutes ago", "yesterday": long words, since they stand alone in a badge. */
export function relativeTimeFormat(locale?: string): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, cacheKey(locale), () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'long' }))
}

export interface NumberSeparators {
  /** Between digit groups: "," or "." or a narrow space; empty where the locale does not group. */
  group: string
  /** Before the fraction: "." or ",". */
  decimal: string
}

/** The separators of `locale`, for numbers built digit by digit (u64, exact SOL). */
export function numberSeparators(locale?: string): NumberSeparators {
  return cached(separatorsByLocale, cacheKey(locale), () => {
    const parts = numberFormat(locale).formatToParts(1_234_567.5)
    return {
      group: parts.find((part) => part.type === 'group')?.value ?? '',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    }
  })
}
