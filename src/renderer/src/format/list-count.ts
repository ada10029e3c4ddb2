import { formatNumber } from './number'
import { formatU64 } from './u64'

/**
 * "12 proofs", or "12 of 1,024 proofs" when the server told the total. A
 * total below what is listed (an indexer that started its chain over counts
 * anew) is never shown as "882 of 517": the count stands alone and says why.
 */
export function listCount(shown: number, total: string | null, noun: string, locale?: string): string {
  const count = formatNumber(shown, 0, locale)
  if (total === null) return `${count} ${noun}`
  if (/^\d+$/.test(total) && BigInt(total) < BigInt(shown)) {
    return `${count} ${noun} · the indexer counts ${formatU64(total, locale)}: its total is being re-counted`
  }
  return `${count} of ${formatU64(total, locale)} ${noun}`
}
