import { shortId as shortIdOf } from '@shared/ids'

/**
 * Characters that reorder text as it is drawn (right-to-left override and
 * its kin): an indexer's "exe.png" can hide "gnp.exe". Shown as U+FFFD.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g
/** Half a surrogate pair: draws as nothing and breaks encodeURIComponent (URIError) in links. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/** Longer text from the indexer is cut, the whole of it (up to TOOLTIP_MAX) in a tooltip. */
export const DISPLAY_MAX = 200
const TOOLTIP_MAX = 2000

/** Indexer text made safe to show: bidi controls and lone surrogates visible as U+FFFD, at most `max` characters. */
export function displayText(value: string, max = DISPLAY_MAX): string {
  const safe = value.replace(BIDI_CONTROLS, '\uFFFD').replace(LONE_SURROGATES, '\uFFFD')
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe
}

/** The tooltip for text shown with displayText: the whole (safe) text when it was cut, else undefined. */
export function fullTextTitle(value: string | null | undefined, max = DISPLAY_MAX): string | undefined {
  if (value === null || value === undefined || value.length <= max) return undefined
  return displayText(value, TOOLTIP_MAX)
}

/** Whether a value can go into a link (a router path or query): no lone surrogates. */
export function isLinkable(value: string): boolean {
  LONE_SURROGATES.lastIndex = 0
  return !LONE_SURROGATES.test(value)
}

/** "PROOF_VERIFIED" → "Proof verified"; any enum value the server sends stays visible. */
export function readableEnum(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const words = displayText(value)
    .replace(/[_-]+/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The one shortId (shared/ids.ts), on text made safe to show. */
export function shortId(value: string | null | undefined, keep = 4): string {
  return shortIdOf(value === null || value === undefined ? value : displayText(value, Number.MAX_SAFE_INTEGER), keep)
}

/** A value of unknown type as short readable text. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return displayText(value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return displayText(JSON.stringify(value) ?? String(value))
}
