/** "PROOF_VERIFIED" → "Proof verified"; any enum value the server sends stays visible. */
export function readableEnum(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** "AbCd…WxYz": enough of an address or signature to recognise it. */
export function shortId(value: string | null | undefined, keep = 4): string {
  if (value === null || value === undefined || value === '') return '—'
  if (value.length <= keep * 2 + 1) return value
  return `${value.slice(0, keep)}…${value.slice(-keep)}`
}

/** A value of unknown type as short readable text. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value) ?? String(value)
}
