/**
 * The indexer's sign-in endpoints: nonce, verify, me, refresh, logout. Every
 * failure is a ProofWatchError with a sentence a person understands; a 429
 * waits as long as the server asks (within reason) and tries again.
 */
import type { AccountPreferences, AccountSession } from '@shared/account'
import type { SignedInUser } from '@shared/auth'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { explainAuthError, type AuthStep } from './auth-errors'
import { decodePreferences, decodeSessionList } from './decode-account'
import { requestJson, type JsonResponse, type RequestOptions } from './http'
import {
  decodeMeAnswer,
  decodeRefreshAnswer,
  decodeSignInChallenge,
  decodeVerifyAnswer,
  SESSION_COOKIE_NAME,
  sessionCookieCleared,
  sessionCookieFrom,
  type SignInChallenge,
} from './sign-in'
import { normalizeBaseUrl } from './url'

/** Sessions last 7 days on the reference deployment; used when the server names no end. */
export const DEFAULT_SESSION_MS = 7 * 24 * 60 * 60 * 1000
/** A 429 asking for longer than this is reported instead of waited out. */
const MAX_RATE_LIMIT_WAIT_MS = 65_000
const RATE_LIMIT_ATTEMPTS = 3

export interface AuthClientOptions {
  baseUrl: string
  fetch?: typeof fetch
  timeoutMs?: number
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  cookieName?: string
  maxRateLimitWaitMs?: number
}

export interface SignedInSession {
  user: SignedInUser
  /** The cookie value; main only. */
  cookie: { name: string; value: string }
  expiresAt: number
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export class AuthClient {
  readonly baseUrl: string
  private readonly cookieName: string
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>

  constructor(private readonly options: AuthClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl)
    this.cookieName = options.cookieName ?? SESSION_COOKIE_NAME
    this.now = options.now ?? Date.now
    this.sleep = options.sleep ?? defaultSleep
  }

  /** A 404 means the indexer has no sign-in: the error says so (status 404, code NOT_FOUND). */
  async nonce(pubkey: string): Promise<SignInChallenge> {
    const response = await this.send('nonce', 'POST', '/api/auth/nonce', { body: { pubkey } })
    return decodeSignInChallenge(response.body)
  }

  async verify(input: { message: string; signature: string; pubkey: string }): Promise<SignedInSession> {
    const response = await this.send('verify', 'POST', '/api/auth/verify', { body: input })
    const answer = decodeVerifyAnswer(response.body)
    const cookie = sessionCookieFrom(response.headers, this.now(), this.cookieName)
    if (cookie === null) {
      const what = sessionCookieCleared(response.headers, this.now(), this.cookieName) ? `cleared the ${this.cookieName} session cookie (Max-Age=0 or an empty value)` : `set no ${this.cookieName} cookie`
      throw new ProofWatchError({ code: 'DECODE', message: `The indexer accepted the signature but ${what}, so there is no session to keep.` })
    }
    return {
      user: answer.user,
      cookie: { name: cookie.name, value: cookie.value },
      expiresAt: answer.expiresAt ?? cookie.expiresAt ?? this.now() + DEFAULT_SESSION_MS,
    }
  }

  async me(cookieValue: string): Promise<SignedInUser> {
    const response = await this.send('me', 'GET', '/api/auth/me', { cookie: cookieValue })
    return decodeMeAnswer(response.body)
  }

  /** The new end of the session, and the new cookie value when the server issued one. */
  async refresh(cookieValue: string): Promise<{ expiresAt: number; cookieValue: string }> {
    const response = await this.send('refresh', 'POST', '/api/auth/refresh', { cookie: cookieValue })
    const answer = decodeRefreshAnswer(response.body)
    const cookie = sessionCookieFrom(response.headers, this.now(), this.cookieName)
    return { expiresAt: answer.expiresAt ?? cookie?.expiresAt ?? this.now() + DEFAULT_SESSION_MS, cookieValue: cookie?.value ?? cookieValue }
  }

  async logout(cookieValue: string): Promise<void> {
    await this.send('logout', 'POST', '/api/auth/logout', { cookie: cookieValue })
  }

  /** The account's sessions, the one this cookie belongs to marked `thisApp`. */
  async sessions(cookieValue: string): Promise<AccountSession[]> {
    return decodeSessionList((await this.send('account', 'GET', '/api/auth/sessions', { cookie: cookieValue })).body)
  }

  /** Ends one session of the account (`others`: all but this one). */
  async endSession(cookieValue: string, id: string | 'others'): Promise<void> {
    const path = id === 'others' ? '/api/auth/sessions' : `/api/auth/sessions/${encodeURIComponent(id)}`
    await this.send('account', 'DELETE', path, { cookie: cookieValue })
  }

  async preferences(cookieValue: string): Promise<AccountPreferences> {
    return decodePreferences((await this.send('account', 'GET', '/api/notifications/preferences', { cookie: cookieValue })).body)
  }

  async setPreferences(cookieValue: string, patch: Partial<AccountPreferences>): Promise<AccountPreferences> {
    return decodePreferences((await this.send('account', 'PATCH', '/api/notifications/preferences', { cookie: cookieValue, body: patch })).body)
  }

  private async send(step: AuthStep, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, extra: { body?: unknown; cookie?: string }): Promise<JsonResponse> {
    const cookieHeader: Record<string, string> = extra.cookie === undefined ? {} : { cookie: `${this.cookieName}=${extra.cookie}` }
    const request: RequestOptions = {
      method,
      // Sign-in requests are not repeated blindly: a nonce is single use. Only a 429 is tried again, below.
      retries: 0,
      headers: () => cookieHeader,
      now: this.now,
      ...(method === 'POST' || method === 'PATCH' ? { body: extra.body ?? {} } : {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
    }
    const maxWait = this.options.maxRateLimitWaitMs ?? MAX_RATE_LIMIT_WAIT_MS
    for (let attempt = 1; ; attempt++) {
      try {
        return await requestJson(this.baseUrl + path, request)
      } catch (error) {
        const info = toErrorInfo(error)
        const wait = info.retryAfterMs
        const rateLimited = info.status === 429 || info.code === 'RATE_LIMITED'
        if (rateLimited && wait !== undefined && wait <= maxWait && attempt < RATE_LIMIT_ATTEMPTS) {
          await this.sleep(wait)
          continue
        }
        throw new ProofWatchError(explainAuthError(info, step, this.now()), { cause: error })
      }
    }
  }
}
