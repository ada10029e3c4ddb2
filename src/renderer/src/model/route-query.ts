import type { LocationQuery, LocationQueryRaw } from 'vue-router'

/** A query parameter as one string ('' when absent or repeated oddly). */
export function queryText(query: LocationQuery, name: string): string {
  const value = query[name]
  if (typeof value === 'string') return value
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0]
  return ''
}

/** The non-empty entries of `values`, for a tidy URL. */
export function compactQuery(values: Record<string, string>): LocationQueryRaw {
  const query: LocationQueryRaw = {}
  for (const [key, value] of Object.entries(values)) {
    const trimmed = value.trim()
    if (trimmed) query[key] = trimmed
  }
  return query
}

export function sameQuery(a: LocationQueryRaw, b: LocationQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    if (String(a[key] ?? '') !== queryText(b, key)) return false
  }
  return true
}
