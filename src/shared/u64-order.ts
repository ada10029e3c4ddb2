/** A 64-bit value's decimal text (a slot, a count) as a number to compare exactly; null when absent or not whole digits. */
export function u64Order(value: string | null | undefined): bigint | null {
  return typeof value === 'string' && /^\d{1,30}$/.test(value) ? BigInt(value) : null
}
