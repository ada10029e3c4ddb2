/**
 * The signed-in account, secured: its sessions (where from, since and until
 * when, which one is this app), ending one or all others, an alert for a
 * sign-in this app did not make, and the account's notification preferences
 * on the indexer. Reads only with the session main holds; an indexer without
 * these routes (404) is said once and not asked again until the next switch.
 */
import type { AccountPreferences, AccountPreferencesState, AccountSessions } from '@shared/account'
import type { AppNotification } from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { AuthClient } from '../indexer/auth-client'
import { indexerKey } from '../indexer/url'
import type { SecretStorage } from '../config/secrets'
import type { Logger } from '../log/log'
import { NewSessionDetector } from './new-session-detector'
import { accountNotice } from './account-notices'
import { readSession } from './stored-session'

/** One small read every 10 minutes: far inside any rate limit (the reference allows 1,000 a minute). */
export const SESSION_CHECK_MS = 10 * 60_000

export interface AccountSecurityOptions {
  secrets: SecretStorage
  log: Logger
  /** The indexer connected to now; null while none. */
  target(): { httpUrl: string } | null
  /** A sign-in this app did not make: through the notification centre and the rules. */
  onNewSignIn(notice: AppNotification): void
  fetch?: typeof fetch
  now?: () => number
  checkEveryMs?: number
}

const SIGNED_OUT_SESSIONS: AccountSessions = { available: 'signed-out', sessions: [], checkedAt: null, problem: null }

function toldKey(httpUrl: string): string {
  return `account-sessions-told:${indexerKey(httpUrl)}`
}

export class AccountSecurity {
  private timer: ReturnType<typeof setInterval> | null = null
  private detector: { httpUrl: string; detector: NewSessionDetector } | null = null
  private last: AccountSessions = { ...SIGNED_OUT_SESSIONS }
  /** Indexers that answered 404 to the sessions list. */
  private readonly without = new Set<string>()
  private readonly now: () => number

  constructor(private readonly options: AccountSecurityOptions) {
    this.now = options.now ?? Date.now
  }

  start(): void {
    if (this.timer !== null) return
    this.timer = setInterval(() => void this.sessions().catch(() => undefined), this.options.checkEveryMs ?? SESSION_CHECK_MS)
    this.timer.unref?.()
  }

  dispose(): void {
    if (this.timer !== null) clearInterval(this.timer)
    this.timer = null
  }

  /** Reads the sessions now, telling the user about any sign-in this app did not make. */
  async sessions(): Promise<AccountSessions> {
    const signedIn = this.signedIn()
    if (signedIn === null) return (this.last = { ...SIGNED_OUT_SESSIONS })
    const { httpUrl, cookie } = signedIn
    if (this.without.has(httpUrl)) return (this.last = { available: 'no', sessions: [], checkedAt: null, problem: null })
    try {
      const sessions = await this.client(httpUrl).sessions(cookie)
      this.tell(httpUrl, this.detectorFor(httpUrl).observe(sessions))
      this.remember(httpUrl)
      return (this.last = { available: 'yes', sessions, checkedAt: this.now(), problem: null })
    } catch (error) {
      const info = toErrorInfo(error)
      if (info.status === 404) {
        this.without.add(httpUrl)
        return (this.last = { available: 'no', sessions: [], checkedAt: null, problem: null })
      }
      this.options.log.warn('could not read the account sessions', info)
      return (this.last = { ...this.last, problem: `Could not read the account's sessions: ${info.message}` })
    }
  }

  /** Ends one session (`others`: every one but this app's), then reads the list again. */
  async endSession(id: string): Promise<AccountSessions> {
    const { httpUrl, cookie } = this.requireSignedIn()
    if (id !== 'others' && this.last.sessions.find((session) => session.id === id)?.thisApp) {
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'That is this app’s own session: use Sign out to end it.' })
    }
    await this.client(httpUrl).endSession(cookie, id)
    this.options.log.info(id === 'others' ? 'ended every other session of the account' : 'ended a session of the account', { id })
    return this.sessions()
  }

  async preferences(): Promise<AccountPreferencesState> {
    const signedIn = this.signedIn()
    if (signedIn === null) return { available: 'signed-out', preferences: null, problem: null }
    try {
      return { available: 'yes', preferences: await this.client(signedIn.httpUrl).preferences(signedIn.cookie), problem: null }
    } catch (error) {
      const info = toErrorInfo(error)
      if (info.status === 404) return { available: 'no', preferences: null, problem: null }
      return { available: 'yes', preferences: null, problem: `Could not read the account's notification preferences: ${info.message}` }
    }
  }

  async setPreferences(patch: Partial<AccountPreferences>): Promise<AccountPreferencesState> {
    const { httpUrl, cookie } = this.requireSignedIn()
    return { available: 'yes', preferences: await this.client(httpUrl).setPreferences(cookie, patch), problem: null }
  }

  private tell(httpUrl: string, fresh: ReturnType<NewSessionDetector['observe']>): void {
    for (const session of fresh) {
      const from = [session.ip, session.userAgent].filter((part) => part !== null && part !== '').join(', ') || 'an unknown place'
      const at = session.createdAt !== null ? new Date(session.createdAt).toLocaleString() : 'an unknown time'
      const title = 'A new sign-in to your account'
      const body = `A new sign-in to your account on ${new URL(httpUrl).host} from ${from} at ${at}. If it was not you, end it in Settings → Account.`
      const id = `NEW_SIGN_IN:${session.id}`
      this.options.log.warn('a new sign-in to the account', { id: session.id, ip: session.ip })
      this.options.onNewSignIn(accountNotice(id, title, body, this.now()))
    }
  }

  private detectorFor(httpUrl: string): NewSessionDetector {
    if (this.detector?.httpUrl !== httpUrl) {
      let remembered: string[] = []
      try {
        const parsed: unknown = JSON.parse(this.options.secrets.get(toldKey(httpUrl)) ?? '[]')
        if (Array.isArray(parsed)) remembered = parsed.filter((id): id is string => typeof id === 'string')
      } catch {
        // Damaged: start from what the next read lists.
      }
      this.detector = { httpUrl, detector: new NewSessionDetector(remembered) }
    }
    return this.detector.detector
  }

  private remember(httpUrl: string): void {
    try {
      this.options.secrets.set(toldKey(httpUrl), JSON.stringify(this.detectorFor(httpUrl).remembered()))
    } catch (error) {
      // Not kept: a restart may tell a session again, nothing worse.
      this.options.log.warn('could not keep the sessions already told', toErrorInfo(error))
    }
  }

  private signedIn(): { httpUrl: string; cookie: string } | null {
    const target = this.options.target()
    const session = target ? readSession(this.options.secrets, target.httpUrl) : null
    return target && session ? { httpUrl: target.httpUrl, cookie: session.cookieValue } : null
  }

  private requireSignedIn(): { httpUrl: string; cookie: string } {
    const signedIn = this.signedIn()
    if (signedIn === null) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'Sign in to this indexer first (Settings → Account).' })
    return signedIn
  }

  private client(httpUrl: string): AuthClient {
    return new AuthClient({ baseUrl: httpUrl, now: this.now, ...(this.options.fetch ? { fetch: this.options.fetch } : {}) })
  }
}
