/**
 * Sign-In With Solana as the reference deployment speaks it: the nonce
 * answer, the exact message a wallet signs, and the answers of verify, me
 * and refresh. The only place that knows these wire names.
 */
import type { SignedInUser } from '@shared/auth'
import { withoutHiddenCharacters } from '@shared/hidden-characters'
import { decodeFailure, isJsonObject, toEpochMs, toText } from './decode-values'
import type { AnswerHeaders } from './http-transport'

/** What `POST /api/auth/nonce` answers: the parts of the message the server fixes. */
export interface SignInChallenge {
  nonce: string
  statement: string
  uri: string
  version: string
  domain: string
  issuedAt: string
}

/** Chain ids the reference deployment accepts in the message. */
export const SIGN_IN_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:localnet'] as const
export type SignInChain = (typeof SIGN_IN_CHAINS)[number]
/** The chain the reference deployment's own web app names. */
export const DEFAULT_SIGN_IN_CHAIN: SignInChain = 'solana:devnet'
/** The cookie the reference deployment sets on verify and reads on HTTP and the socket upgrade. */
export const SESSION_COOKIE_NAME = 'zkhelios_session'

/** A field of the message is one line: a line break inside one would change what is signed. */
function line(value: unknown, field: string, body: unknown): string {
  const text = toText(value)
  if (text === null || text === '' || /[\r\n]/.test(text)) throw decodeFailure(`The sign-in nonce answer has no usable ${field}`, body)
  return text
}

export function decodeSignInChallenge(body: unknown): SignInChallenge {
  if (!isJsonObject(body)) throw decodeFailure('The sign-in nonce answer is not an object', body)
  return {
    nonce: line(body.nonce, 'nonce', body),
    statement: line(body.statement, 'statement', body),
    uri: line(body.uri, 'uri', body),
    version: line(body.version, 'version', body),
    domain: line(body.domain, 'domain', body),
    issuedAt: line(body.issuedAt, 'issuedAt', body),
  }
}

/** The message to sign, byte for byte as the reference deployment's web app builds it. */
export function buildSignInMessage(challenge: SignInChallenge, pubkey: string, chain: SignInChain = DEFAULT_SIGN_IN_CHAIN): string {
  return [
    `${challenge.domain} wants you to sign in with your Solana account:`,
    pubkey,
    '',
    challenge.statement,
    '',
    `URI: ${challenge.uri}`,
    `Version: ${challenge.version}`,
    `Chain ID: ${chain}`,
    `Nonce: ${challenge.nonce}`,
    `Issued At: ${challenge.issuedAt}`,
  ].join('\n')
}

/** Control, bidi and zero-width characters cannot be seen as they are: dropped from what the account shows. */
const MAX_SHOWN_LENGTH = 200

function shownText(value: unknown): string | null {
  const text = toText(value)
  if (text === null) return null
  const clean = withoutHiddenCharacters(text).trim().slice(0, MAX_SHOWN_LENGTH)
  return clean === '' ? null : clean
}

export function decodeSignedInUser(value: unknown): SignedInUser {
  if (!isJsonObject(value)) throw decodeFailure('The signed-in user is not an object', value)
  const pubkey = toText(value.pubkey)
  if (pubkey === null || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(pubkey)) throw decodeFailure('The signed-in user has no Solana public key', value)
  return { pubkey, displayName: shownText(value.displayName), role: shownText(value.role), email: shownText(value.email) }
}

/** `{ ok, user, expiresAt }` of verify; `expiresAt` may be missing (then the cookie's Max-Age says it). */
export function decodeVerifyAnswer(body: unknown): { user: SignedInUser; expiresAt: number | null } {
  if (!isJsonObject(body)) throw decodeFailure('The sign-in answer is not an object', body)
  return { user: decodeSignedInUser(body.user), expiresAt: toEpochMs(body.expiresAt) }
}

/** `{ ok, user }` of me. */
export function decodeMeAnswer(body: unknown): SignedInUser {
  if (!isJsonObject(body)) throw decodeFailure('The session answer is not an object', body)
  return decodeSignedInUser(body.user)
}

/** `{ ok, expiresAt }` of refresh. */
export function decodeRefreshAnswer(body: unknown): { expiresAt: number | null } {
  if (!isJsonObject(body)) throw decodeFailure('The session refresh answer is not an object', body)
  return { expiresAt: toEpochMs(body.expiresAt) }
}

export interface SessionCookie {
  name: string
  value: string
  /** From Max-Age or Expires, when the server gave one. */
  expiresAt: number | null
}

/** The session cookie among a response's Set-Cookie headers; null when absent or being cleared. */
export function sessionCookieFrom(headers: AnswerHeaders, now: number, name: string = SESSION_COOKIE_NAME): SessionCookie | null {
  for (const text of headers.getSetCookie()) {
    const [pair = '', ...attributes] = text.split(';')
    const equals = pair.indexOf('=')
    if (equals <= 0 || pair.slice(0, equals).trim() !== name) continue
    const value = pair.slice(equals + 1).trim()
    if (value === '') return null
    let expiresAt: number | null = null
    for (const attribute of attributes) {
      const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim())
      if (key.toLowerCase() === 'max-age' && /^-?\d+$/.test(raw)) expiresAt = now + Number(raw) * 1000
      else if (key.toLowerCase() === 'expires' && expiresAt === null && !Number.isNaN(Date.parse(raw))) expiresAt = Date.parse(raw)
    }
    if (expiresAt !== null && expiresAt <= now) return null
    return { name, value, expiresAt }
  }
  return null
}

/** Whether the response clears the session cookie (an empty value, Max-Age=0 or an Expires in the past). */
export function sessionCookieCleared(headers: AnswerHeaders, now: number, name: string = SESSION_COOKIE_NAME): boolean {
  const named = headers.getSetCookie().some((text) => text.split(';')[0]?.split('=')[0]?.trim() === name)
  return named && sessionCookieFrom(headers, now, name) === null
}
