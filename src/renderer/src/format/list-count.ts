import { formatNumber } from './number'
import { formatU64 } from './u64'

/** "12 proofs", or "12 of 1,024 proofs" when the server told the total. */
export function listCount(shown: number, total: string | null, noun: string, locale?: string): string {
  const count = formatNumber(shown, 0, locale)
  return total !== null ? `${count} of ${formatU64(total, locale)} ${noun}` : `${count} ${noun}`
}
