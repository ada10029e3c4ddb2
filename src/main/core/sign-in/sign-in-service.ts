/**
 * The user's sign-in to the active indexer, whole: whether it offers one,
 * signing in with a keypair file or a browser wallet, checking the session
 * at start, refreshing it before it ends, telling the user once when it is
 * over, and signing out. The cookie stays in main (the secret store).
 * The steps here all read and change that one state; the pages, the refresh
 * timer, the availability probe's reading and the notices are beside it.
 */
import { nodeCrypto } from '../../runtime/builtins-on-first-use'
import { SIGNED_OUT_MESSAGE, SIGNED_OUT_STATE, type AuthState, type SignedInUser } from '@shared/auth'
import type { AppNotification, ErrorInfo } from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { AuthClient, type SignedInSession } from '../indexer/auth-client'
import { isSignedOutError } from '../indexer/auth-errors'
import { buildSignInMessage, DEFAULT_SIGN_IN_CHAIN } from '../indexer/sign-in'
import type { Logger } from '../log/log'
import type { SecretStorage } from '../config/secrets'
import { keypairPublicKeyFor, signWithKeypairFile } from './keypair-file'
import { openLoopbackSignIn, type LoopbackSignIn, type PageChallenge } from './loopback-page'
import { SignInPages } from './sign-in-pages'
import { RefreshTimer } from './refresh-timer'
import { signedOutNotice } from './account-notices'
import { availabilityFromRefusal, PROBE_PUBKEY } from './sign-in-availability'
import { checkSignInChallenge, ISSUED_AT_TOLERANCE_MS } from './sign-in-message-check'
import { readSession, writeSession, type StoredSession } from './stored-session'
import { readTrustedDomain, writeTrustedDomain } from './trusted-domain'


export interface SignInTarget {
  httpUrl: string
  /** The built-in demo: its sign-in domain is ProofWatch's own, so `--keypair` at launch signs without asking. */
  demo: boolean
  /** The wallet the app follows on this indexer (the keypair must match it). */
  wallet: string | null
  /** A pasted credential is kept for it (the fallback when not signed in). */
  pastedCredential: boolean
}

export interface SignInServiceOptions {
  secrets: SecretStorage
  log: Logger
  /** The indexer the app is connected to now; null while none. */
  target(): SignInTarget | null
  /** The state changed: push it to the renderer. */
  onChange(state: AuthState): void
  /** A session started or ended: make the profile follow `wallet` and reconnect so user channels follow. */
  onSession(change: { user: SignedInUser | null }): Promise<void>
  /** The one notice of a session the indexer ended: the notification centre and the native notification. */
  onSignedOut(notice: AppNotification): void
  /** Where the built sign-in page is; null when this build has none. */
  pageRoot: string | null
  /** Opens the sign-in page in the system browser (desktop); absent: the renderer opens it. */
  openBrowser?: (url: string) => Promise<boolean>
  fetch?: typeof fetch
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  pageLifetimeMs?: number
}

/** A keypair sign-in whose message the user has been shown and not yet answered. */
interface HeldKeypairSignIn {
  id: string
  httpUrl: string
  path: string
  pubkey: string
  message: string
  domain: string
  expiresAt: number
}

export class SignInService {
  private state: AuthState = { ...SIGNED_OUT_STATE }
  /** Browser sign-in pages: only the newest may sign the user in. */
  private readonly pages = new SignInPages()
  private held: HeldKeypairSignIn | null = null
  private readonly refreshTimer: RefreshTimer
  /** The indexer whose state this is; a switch starts over. */
  private httpUrl: string | null = null
  /** Set once the user was told the session ended; cleared by the next sign-in. */
  private toldSignedOut = false
  private readonly now: () => number

  constructor(private readonly options: SignInServiceOptions) {
    this.now = options.now ?? Date.now
    this.refreshTimer = new RefreshTimer(() => this.refresh(), this.now)
  }

  snapshot(): AuthState {
    return {
      ...this.state,
      user: this.state.user ? { ...this.state.user } : null,
      pending: this.state.pending ? { ...this.state.pending } : null,
      confirmation: this.state.confirmation ? { ...this.state.confirmation } : null,
    }
  }

  /** The session kept for an indexer, for the credential main sends. */
  sessionFor(httpUrl: string): StoredSession | null {
    return readSession(this.options.secrets, httpUrl)
  }

  /** Called on every connect: takes up the stored session of this indexer and checks it with the indexer. */
  async connected(): Promise<void> {
    const target = this.options.target()
    if (target === null) return
    if (target.httpUrl !== this.httpUrl) {
      this.httpUrl = target.httpUrl
      void this.pages.closeAll()
      this.held = null
      this.refreshTimer.clear()
      this.toldSignedOut = false
      this.state = { ...SIGNED_OUT_STATE }
    }
    this.state.pastedCredential = target.pastedCredential
    const stored = this.sessionFor(target.httpUrl)
    if (stored === null) {
      if (this.state.status === 'signed-in') this.set({ status: 'signed-out', user: null, expiresAt: null })
      else this.emit()
      return
    }
    this.set({ status: 'signed-in', user: stored.user, expiresAt: stored.expiresAt, available: 'yes', availabilityNote: null })
    try {
      const user = await this.client(target.httpUrl).me(stored.cookieValue)
      if (user.pubkey !== stored.user.pubkey) return this.refuseOtherIdentity(target.httpUrl, stored.user.pubkey, user.pubkey)
      this.keep(target.httpUrl, { ...stored, user })
      this.set({ user, problem: null })
      this.refreshTimer.schedule(stored.expiresAt)
    } catch (error) {
      const info = toErrorInfo(error)
      if (isSignedOutError(info)) this.signedOutByIndexer()
      else {
        // Out of reach is not signed out: the session is kept and checked again at the next connect.
        this.options.log.warn('could not check the sign-in session', info)
        this.refreshTimer.schedule(stored.expiresAt)
      }
    }
  }

  /** Whether the indexer offers sign-in: asked once per indexer (a 404 on the nonce route means no). */
  async refreshAvailability(): Promise<AuthState> {
    const target = this.options.target()
    if (target === null || this.state.available !== 'unknown') return this.snapshot()
    try {
      await this.client(target.httpUrl).nonce(target.wallet ?? PROBE_PUBKEY)
      this.set({ available: 'yes', availabilityNote: null })
    } catch (error) {
      this.set(availabilityFromRefusal(toErrorInfo(error), target.pastedCredential))
    }
    return this.snapshot()
  }

  /**
   * Signs in with a Solana CLI keypair file. The indexer's message is checked
   * and shown first (`confirmation`); nothing is signed until the user
   * confirms it with `confirmSignIn`. At launch (`--keypair`) it signs at
   * once only for a domain the user confirmed before for this indexer, or
   * for the built-in demo; otherwise the message waits in Settings → Account.
   */
  async signInWithKeypair(path: string, when: 'asked' | 'launch' = 'asked'): Promise<AuthState> {
    const target = this.requireTarget()
    try {
      const pubkey = keypairPublicKeyFor(path, target.wallet)
      const challenge = await this.challenge(target.httpUrl, pubkey)
      const trusted = readTrustedDomain(this.options.secrets, target.httpUrl)
      const held: HeldKeypairSignIn = { id: nodeCrypto().randomUUID(), httpUrl: target.httpUrl, path, pubkey, message: challenge.message, domain: challenge.domain, expiresAt: challenge.expiresAt }
      if (when === 'launch' && (target.demo || trusted === challenge.domain)) return await this.signHeld(held)
      this.held = held
      this.set({
        problem: null,
        confirmation: { id: held.id, pubkey, message: held.message, domain: held.domain, previousDomain: challenge.previousDomain, expiresAt: held.expiresAt },
      })
      return this.snapshot()
    } catch (error) {
      return this.failed(error)
    }
  }

  /** The user's answer to the message shown: signs it with the keypair file, or drops it. */
  async confirmSignIn(id: string, accept: boolean): Promise<AuthState> {
    const held = this.held
    if (held === null || held.id !== id) {
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'This sign-in message is no longer waiting. Start the sign-in again.' })
    }
    this.held = null
    this.set({ confirmation: null, problem: null })
    if (!accept) return this.snapshot()
    try {
      if (this.options.target()?.httpUrl !== held.httpUrl) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'ProofWatch switched to another indexer meanwhile. Start the sign-in again.' })
      }
      if (this.now() > held.expiresAt) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'The message was shown more than 5 minutes ago and the indexer would refuse it now. Start the sign-in again.' })
      }
      return await this.signHeld(held)
    } catch (error) {
      return this.failed(error)
    }
  }

  private async signHeld(held: HeldKeypairSignIn): Promise<AuthState> {
    const signed = await signWithKeypairFile(held.path, () => Promise.resolve(held.message), held.pubkey)
    const session = await this.client(held.httpUrl).verify(signed)
    await this.complete(held.httpUrl, session, held.pubkey, held.domain)
    return this.snapshot()
  }

  private failed(error: unknown): never {
    const info = toErrorInfo(error)
    this.set({ problem: info.message })
    throw new ProofWatchError(info)
  }

  /** The indexer's challenge for `pubkey`, checked, as the message to sign and the domain it names. */
  private async challenge(httpUrl: string, pubkey: string): Promise<PageChallenge & { expiresAt: number }> {
    const checked = checkSignInChallenge(await this.client(httpUrl).nonce(pubkey), this.now(), DEFAULT_SIGN_IN_CHAIN)
    const trusted = readTrustedDomain(this.options.secrets, httpUrl)
    return {
      message: buildSignInMessage(checked, pubkey),
      domain: checked.domain,
      previousDomain: trusted !== null && trusted !== checked.domain ? trusted : null,
      expiresAt: Date.parse(checked.issuedAt) + ISSUED_AT_TOLERANCE_MS,
    }
  }

  /** Starts the browser flow: the one-time page's URL, opened by main (desktop) or by the renderer (`opened: false`). */
  async beginBrowserSignIn(): Promise<{ url: string; opened: boolean }> {
    const target = this.requireTarget()
    if (this.options.pageRoot === null) {
      throw new ProofWatchError({ code: 'INTERNAL', message: 'This build has no sign-in page. Sign in with a keypair file instead.' })
    }
    const generation = await this.pages.begin()
    const client = this.client(target.httpUrl)
    const domains = new Map<string, string>()
    let page: LoopbackSignIn
    try {
      page = await openLoopbackSignIn({
        pageRoot: this.options.pageRoot,
        challenge: async (pubkey) => {
          const challenge = await this.challenge(target.httpUrl, pubkey)
          domains.set(challenge.message, challenge.domain)
          return { message: challenge.message, domain: challenge.domain, previousDomain: challenge.previousDomain }
        },
        complete: async (signed) => {
          // A page replaced by a newer one, or left over from before a sign-out, signs no one in.
          if (!this.pages.isCurrent(page)) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'This sign-in page was replaced or cancelled. Start again from ProofWatch.' })
          if (this.options.target()?.httpUrl !== target.httpUrl) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'ProofWatch switched to another indexer meanwhile. Start again from ProofWatch.' })
          const session = await client.verify(signed)
          await this.complete(target.httpUrl, session, signed.pubkey, domains.get(signed.message) ?? null)
          return session.user
        },
        ...(this.options.pageLifetimeMs !== undefined ? { lifetimeMs: this.options.pageLifetimeMs } : {}),
        now: this.now,
      })
    } catch (error) {
      throw new ProofWatchError({ code: 'INTERNAL', message: `Could not start the sign-in page: ${toErrorInfo(error).message}` })
    }
    if (!(await this.pages.opened(page, generation))) {
      // Another sign-in began while this page was starting: only the newest one stays open.
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'A newer sign-in was started meanwhile; use the page it opened.' })
    }
    this.set({ pending: { url: page.url, expiresAt: page.expiresAt }, problem: null })
    void page.outcome.then((outcome) => {
      if (!this.pages.ended(page)) return
      this.set({ pending: null, ...(outcome.status === 'expired' ? { problem: 'The sign-in page expired before a wallet signed. Start again.' } : {}) })
    })
    const opened = this.options.openBrowser ? await this.options.openBrowser(page.url).catch(() => false) : false
    return { url: page.url, opened }
  }

  async signOut(): Promise<AuthState> {
    const target = this.options.target()
    await this.pages.cancelAll()
    this.held = null
    if (target === null) return this.snapshot()
    const stored = this.sessionFor(target.httpUrl)
    this.refreshTimer.clear()
    writeSession(this.options.secrets, target.httpUrl, null)
    this.set({ status: 'signed-out', user: null, expiresAt: null, problem: null, pending: null, confirmation: null })
    if (stored !== null) {
      try {
        await this.client(target.httpUrl).logout(stored.cookieValue)
      } catch (error) {
        // Forgotten here either way; an indexer out of reach ends the session itself.
        this.options.log.warn('sign-out: the indexer did not confirm', toErrorInfo(error))
      }
      await this.options.onSession({ user: null })
    }
    return this.snapshot()
  }

  /** The indexer refused a user channel or answered AUTH_UNAUTHORIZED / AUTH_SESSION_EXPIRED while a session was kept. */
  noteRefused(info?: ErrorInfo): void {
    const target = this.options.target()
    if (target === null || this.sessionFor(target.httpUrl) === null) return
    if (info !== undefined && !isSignedOutError(info)) return
    this.signedOutByIndexer()
  }

  async dispose(): Promise<void> {
    this.refreshTimer.clear()
    await this.pages.cancelAll()
  }

  /**
   * The indexer named another account than the key that signed (or than the
   * one the session was for): the session is not ours to keep. Nothing is
   * saved, the profile's wallet stays, and the user is told.
   */
  private refuseOtherIdentity(httpUrl: string, signer: string, named: string): void {
    const message = `The indexer answered for another account (${named}) than the key that signed in (${signer}). ProofWatch refused that session and kept nothing of it; sign in again, or check the indexer.`
    this.options.log.warn('sign-in refused: the indexer named another account', { signer, named })
    try {
      if (readSession(this.options.secrets, httpUrl)?.user.pubkey === signer) writeSession(this.options.secrets, httpUrl, null)
    } catch (error) {
      this.options.log.warn('could not forget the refused session', toErrorInfo(error))
    }
    this.refreshTimer.clear()
    this.set({ status: 'signed-out', user: null, expiresAt: null, problem: message })
  }

  private signedOutByIndexer(): void {
    const target = this.options.target()
    const wallet = this.state.user?.pubkey ?? null
    if (target !== null) writeSession(this.options.secrets, target.httpUrl, null)
    this.refreshTimer.clear()
    this.set({ status: 'expired', user: null, expiresAt: null, problem: SIGNED_OUT_MESSAGE })
    if (this.toldSignedOut) return
    this.toldSignedOut = true
    this.options.onSignedOut(signedOutNotice(target?.httpUrl ?? null, wallet, this.now()))
  }

  private async complete(httpUrl: string, session: SignedInSession, signer: string, domain: string | null): Promise<void> {
    if (session.user.pubkey !== signer) {
      // The indexer's session is for someone else: end it there, keep nothing here.
      void this.client(httpUrl).logout(session.cookie.value).catch(() => undefined)
      this.refuseOtherIdentity(httpUrl, signer, session.user.pubkey)
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: this.state.problem ?? 'The indexer answered for another account.' })
    }
    if (domain !== null) writeTrustedDomain(this.options.secrets, httpUrl, domain)
    this.keep(httpUrl, { cookieName: session.cookie.name, cookieValue: session.cookie.value, user: session.user, expiresAt: session.expiresAt })
    this.toldSignedOut = false
    this.set({ status: 'signed-in', user: session.user, expiresAt: session.expiresAt, available: 'yes', availabilityNote: null, problem: null, pending: null, confirmation: null })
    this.refreshTimer.schedule(session.expiresAt)
    this.options.log.info('signed in', { wallet: session.user.pubkey, until: new Date(session.expiresAt).toISOString() })
    await this.options.onSession({ user: session.user })
  }

  private keep(httpUrl: string, session: StoredSession): void {
    writeSession(this.options.secrets, httpUrl, session)
  }

  /** Extends the session; the end of a session the indexer already closed is told once. */
  async refresh(): Promise<void> {
    const target = this.options.target()
    const stored = target ? this.sessionFor(target.httpUrl) : null
    if (target === null || stored === null) return
    try {
      const refreshed = await this.client(target.httpUrl).refresh(stored.cookieValue)
      this.keep(target.httpUrl, { ...stored, cookieValue: refreshed.cookieValue, expiresAt: refreshed.expiresAt })
      this.set({ expiresAt: refreshed.expiresAt })
      this.refreshTimer.schedule(refreshed.expiresAt)
    } catch (error) {
      const info = toErrorInfo(error)
      if (isSignedOutError(info)) return this.signedOutByIndexer()
      this.options.log.warn('could not refresh the sign-in session', info)
      this.refreshTimer.retrySoon()
    }
  }

  private requireTarget(): SignInTarget {
    const target = this.options.target()
    if (target === null) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'ProofWatch is not connected to an indexer yet.' })
    return target
  }

  private client(httpUrl: string): AuthClient {
    return new AuthClient({
      baseUrl: httpUrl,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
      now: this.now,
    })
  }

  private set(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...patch }
    this.emit()
  }

  private emit(): void {
    this.options.onChange(this.snapshot())
  }
}
