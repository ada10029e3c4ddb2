/** The indexer's sign-in errors as sentences a person understands; the server's code is kept alongside. */
import type { ErrorInfo } from '@shared/domain'
import { HEADERS_TOO_LARGE } from './http'

/** `account`: the signed-in account's sessions and preferences. */
export type AuthStep = 'nonce' | 'verify' | 'me' | 'refresh' | 'logout' | 'account'

/** Codes that mean the session cookie no longer works: the user must sign in again. */
export const SIGNED_OUT_CODES: ReadonlySet<string> = new Set(['AUTH_UNAUTHORIZED', 'AUTH_SESSION_EXPIRED'])

export function isSignedOutError(info: ErrorInfo): boolean {
  return info.serverCode !== undefined && SIGNED_OUT_CODES.has(info.serverCode)
}

/** "in 3 minutes", "in 40 seconds", "at 14:05" for long waits. */
export function describeWait(ms: number, now: number = Date.now()): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 90) return `in ${minutes} minutes`
  const at = new Date(now + ms)
  return `at ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
}

function sentence(info: ErrorInfo, step: AuthStep, now: number): string | null {
  switch (info.serverCode) {
    case 'VALIDATION_FAILED':
      return step === 'nonce'
        ? 'The indexer does not accept this as a Solana public key. Check the wallet address.'
        : 'The indexer refused the sign-in request as malformed.'
    case 'AUTH_INVALID_SIGNATURE':
      return 'The signature does not match this wallet: the message was signed with another key or changed on the way. Sign in again.'
    case 'AUTH_NONCE_INVALID':
      return 'This sign-in request was already used or is more than 10 minutes old. Start the sign-in again.'
    case 'AUTH_MESSAGE_EXPIRED':
      return 'The signed message is more than 5 minutes old. Start the sign-in again and approve it in the wallet sooner (check the computer clock too).'
    case 'AUTH_UNSUPPORTED_CHAIN':
      return 'The indexer does not accept the chain named in the message (it takes solana:mainnet, solana:devnet or solana:localnet).'
    case 'AUTH_ADDRESS_LOCKED':
      return `Too many failed sign-ins for this wallet: the indexer has locked it for now. Try again ${
        info.retryAfterMs !== undefined ? describeWait(info.retryAfterMs, now) : 'within the hour'
      }.`
    case 'AUTH_UNAUTHORIZED':
      return 'Not signed in to this indexer.'
    case 'AUTH_SESSION_EXPIRED':
      return 'The sign-in has ended (expired or signed out). Sign in again.'
    case 'RATE_LIMITED':
      break
    default:
      if (info.serverCode !== undefined && info.serverCode !== 'NOT_FOUND' && info.serverCode !== 'INTERNAL') return null
  }
  if (info.code === 'RATE_LIMITED' || info.status === 429) {
    return `The indexer asks to slow down sign-in requests. Try again ${info.retryAfterMs !== undefined ? describeWait(info.retryAfterMs, now) : 'in a minute'}.`
  }
  if (info.status === 404 && step === 'nonce') return 'This indexer has no sign-in (it answered 404 to POST /api/auth/nonce).'
  if (info.status !== undefined && info.status >= 500) return `The indexer failed while signing in (HTTP ${info.status}). Try again later.`
  if (info.code === 'UNREACHABLE' || info.code === 'TIMEOUT') return `Cannot reach the indexer to sign in: ${info.message}`
  // The answer came, with a Set-Cookie (or other header) over Node's 16 KB: a plain sentence, not "Cannot reach".
  if (info.code === 'DECODE' && info.message.startsWith(HEADERS_TOO_LARGE)) {
    return 'The indexer sent a session cookie too large to accept (its headers passed 16 KB), so no session could be kept.'
  }
  return null
}

/** `info` with a message a person understands; unknown codes keep the server's own words. */
export function explainAuthError(info: ErrorInfo, step: AuthStep, now: number = Date.now()): ErrorInfo {
  const text = sentence(info, step, now)
  return text === null ? info : { ...info, message: text }
}
