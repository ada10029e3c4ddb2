import { numberSeparators } from './intl-cache'
import { formatU64 } from './u64'

const LAMPORTS_PER_SOL_DIGITS = 9

/**
 * Lamports as exact SOL (string arithmetic, no rounding), e.g. "5000" →
 * "0.000005"; with `allDecimals`, every one of the nine ("0.000005000"), so
 * that fees in a column line up on their decimal point.
 */
export function lamportsToSol(lamports: string, locale?: string, allDecimals = false): string {
  if (!/^\d+$/.test(lamports)) return lamports
  const padded = lamports.padStart(LAMPORTS_PER_SOL_DIGITS + 1, '0')
  const whole = padded.slice(0, -LAMPORTS_PER_SOL_DIGITS).replace(/^0+(?=\d)/, '')
  const digits = padded.slice(-LAMPORTS_PER_SOL_DIGITS)
  const fraction = allDecimals ? digits : digits.replace(/0+$/, '')
  const wholeText = formatU64(whole, locale)
  return fraction ? `${wholeText}${numberSeparators(locale).decimal}${fraction}` : wholeText
}

/**
 * The one way a fee is shown, in every view: SOL with all nine decimals
 * ("0.000005000 SOL"), so a column of fees aligns; unknown values as they came.
 */
export function formatFee(lamports: string | null | undefined, locale?: string): string {
  if (lamports === null || lamports === undefined) return '—'
  if (!/^\d+$/.test(lamports)) return lamports
  return `${lamportsToSol(lamports, locale, true)} SOL`
}

/** The same fee in lamports, for the tooltip: "5,000 lamports". */
export function feeInLamports(lamports: string | null | undefined, locale?: string): string | undefined {
  if (lamports === null || lamports === undefined || !/^\d+$/.test(lamports)) return undefined
  return `${formatU64(lamports, locale)} lamports`
}
