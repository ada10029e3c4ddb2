/**
 * Who a request to the demo's account routes comes from: a sign-in session
 * cookie, or the demo's own token as a cookie or `Authorization: Bearer`.
 */
import type { IncomingMessage } from 'node:http'
import { AuthFailure, cookieValue, type DemoAccounts } from './accounts'

export interface RequestUserContext {
  accounts: DemoAccounts
  cookieName: string
  /** The demo's static token ('' for none). */
  credential: string
}

/** The signed-in user's pubkey, or the reason there is none. */
export function requestUser(context: RequestUserContext, request: IncomingMessage): string | AuthFailure {
  const bearer = context.credential !== '' && request.headers.authorization === `Bearer ${context.credential}`
  try {
    return context.accounts.session(bearer ? context.credential : cookieValue(request.headers.cookie, context.cookieName)).user.pubkey
  } catch (error) {
    if (error instanceof AuthFailure) return error
    throw error
  }
}

/** A path segment decoded, or as it came when it is not valid percent-encoding. */
export function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
