import { numberSeparators } from './intl-cache'
import { formatU64 } from './u64'

const LAMPORTS_PER_SOL_DIGITS = 9

/** Lamports as exact SOL (string arithmetic, no rounding), e.g. "5000" → "0.000005". */
export function lamportsToSol(lamports: string, locale?: string): string {
  if (!/^\d+$/.test(lamports)) return lamports
  const padded = lamports.padStart(LAMPORTS_PER_SOL_DIGITS + 1, '0')
  const whole = padded.slice(0, -LAMPORTS_PER_SOL_DIGITS).replace(/^0+(?=\d)/, '')
  const fraction = padded.slice(-LAMPORTS_PER_SOL_DIGITS).replace(/0+$/, '')
  const wholeText = formatU64(whole, locale)
  return fraction ? `${wholeText}${numberSeparators(locale).decimal}${fraction}` : wholeText
}

/** "5,000 lamports (0.000005 SOL)"; unknown values are shown as they came. */
export function formatFee(lamports: string | null | undefined, locale?: string): string {
  if (lamports === null || lamports === undefined) return '—'
  if (!/^\d+$/.test(lamports)) return lamports
  return `${formatU64(lamports, locale)} lamports (${lamportsToSol(lamports, locale)} SOL)`
}
