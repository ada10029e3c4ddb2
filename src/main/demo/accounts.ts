/**
 * Sign-In With Solana on the demo indexer, as the reference deployment does
 * it: single-use nonces (10 minutes), messages at most 5 minutes old, the
 * three Solana chain ids, real Ed25519 verification, an address locked after
 * 10 failures in an hour, and 7-day sessions that refresh and log out.
 */
import { DEFAULT_PREFERENCES, type NotificationPreferences } from './notification-preferences'
import { randomBytes } from 'node:crypto'
import { decodeBase58, verifySignature } from '../core/sign-in/ed25519'

export const NONCE_TTL_MS = 10 * 60_000
export const MESSAGE_MAX_AGE_MS = 5 * 60_000
/** A message dated this far ahead of the server's clock is refused as well (clock skew allowance). */
const MESSAGE_MAX_AHEAD_MS = 60_000
export const SESSION_MS = 7 * 24 * 60 * 60_000
export const LOCKOUT_FAILURES = 10
export const LOCKOUT_WINDOW_MS = 60 * 60_000
const ACCEPTED_CHAINS: ReadonlySet<string> = new Set(['solana:mainnet', 'solana:devnet', 'solana:localnet'])
/** Bounds on what the demo keeps for clients it cannot tell apart. */
const MAX_NONCES = 10_000
const MAX_ENDED_SESSIONS = 10_000

export const STATEMENT = 'Sign in to the ProofWatch demo indexer. This signature proves you control this wallet. It costs no SOL and authorizes no transaction.'

export interface DemoUser {
  pubkey: string
  role: 'USER'
  displayName: string
  email: null
}

export type AuthFailureCode =
  | 'VALIDATION_FAILED'
  | 'AUTH_INVALID_SIGNATURE'
  | 'AUTH_NONCE_INVALID'
  | 'AUTH_MESSAGE_EXPIRED'
  | 'AUTH_UNSUPPORTED_CHAIN'
  | 'AUTH_ADDRESS_LOCKED'
  | 'AUTH_UNAUTHORIZED'
  | 'AUTH_SESSION_EXPIRED'
  | 'NOT_FOUND'

export class AuthFailure extends Error {
  constructor(
    readonly code: AuthFailureCode,
    message: string,
    readonly status: number = 401,
    /** Seconds, for Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

interface Nonce {
  pubkey: string
  expiresAt: number
}

interface Session {
  /** The id `GET /api/auth/sessions` names it by (never the token). */
  id: string
  pubkey: string
  expiresAt: number
  createdAt: number
  ip: string
  userAgent: string
}

/** A session as `GET /api/auth/sessions` lists it. */
export interface ListedSession {
  id: string
  ip: string
  userAgent: string
  createdAt: string
  expiresAt: string
  current: boolean
}

export interface DemoAccountsOptions {
  /** `host:port` the messages must name. */
  domain: string
  /** The URI the messages must name. */
  uri: string
  clock?: () => number
  /** A token that is always a session of `staticPubkey` (the app's own demo profile). '' for none. */
  staticToken?: string
  staticPubkey?: string
  /** Sessions issued by an earlier run (the built-in demo keeps them in its data folder), so a sign-in survives a restart. */
  sessions?: readonly DemoSessionRecord[]
  /** Told of the sessions whenever one starts, is refreshed or ends, to keep them. */
  onSessions?: (sessions: DemoSessionRecord[]) => void
}

/** A sign-in session as the built-in demo keeps it between runs. */
export interface DemoSessionRecord {
  token: string
  pubkey: string
  expiresAt: number
  /** As the sessions list shows it; absent in what older runs kept. */
  id?: string
  createdAt?: number
  ip?: string
  userAgent?: string
}

export class DemoAccounts {
  /** One set per demo: every user of the demo shares its one notification inbox. */
  notificationPreferences: NotificationPreferences = structuredClone(DEFAULT_PREFERENCES)
  private readonly nonces = new Map<string, Nonce>()
  private readonly sessions = new Map<string, Session>()
  /** Logged out or expired: told apart from tokens never issued. */
  private readonly ended = new Set<string>()
  private readonly failures = new Map<string, number[]>()
  private readonly clock: () => number
  private domain: string
  private uri: string

  constructor(private readonly options: DemoAccountsOptions) {
    this.clock = options.clock ?? Date.now
    this.domain = options.domain
    this.uri = options.uri
    for (const kept of options.sessions ?? []) {
      this.sessions.set(kept.token, {
        // The kept file is read as found on disk: each field is taken only when it has its type.
        id: typeof kept.id === 'string' && kept.id !== '' ? kept.id.slice(0, 100) : `c${randomBytes(12).toString('hex')}`,
        pubkey: kept.pubkey,
        expiresAt: kept.expiresAt,
        createdAt: typeof kept.createdAt === 'number' && Number.isFinite(kept.createdAt) ? kept.createdAt : this.clock(),
        ip: typeof kept.ip === 'string' ? kept.ip.slice(0, 100) : '127.0.0.1',
        userAgent: typeof kept.userAgent === 'string' ? kept.userAgent.slice(0, 200) : 'unknown',
      })
    }
  }

  private sessionsChanged(): void {
    this.options.onSessions?.([...this.sessions].map(([token, session]) => ({ token, ...session })))
  }

  /** The server's own `host:port` and URI, once it listens. */
  setOrigin(domain: string, uri: string): void {
    this.domain = domain
    this.uri = uri
  }

  nonce(pubkey: unknown): { nonce: string; statement: string; uri: string; version: string; domain: string; issuedAt: string } {
    if (typeof pubkey !== 'string' || decodeBase58(pubkey, 32) === null) throw new AuthFailure('VALIDATION_FAILED', 'Invalid Solana public key', 400)
    const now = this.clock()
    this.sweepNonces(now)
    const nonce = randomBytes(16).toString('base64url').replace(/[-_]/g, '').slice(0, 22) || randomBytes(16).toString('hex')
    this.nonces.set(nonce, { pubkey, expiresAt: now + NONCE_TTL_MS })
    return { nonce, statement: STATEMENT, uri: this.uri, version: '1', domain: this.domain, issuedAt: new Date(now).toISOString() }
  }

  /** A new session for a correctly signed, fresh message with an unused nonce; the token goes in the cookie. */
  verify(
    input: { message?: unknown; signature?: unknown; pubkey?: unknown },
    client: { ip: string; userAgent: string } = { ip: '127.0.0.1', userAgent: 'unknown' },
  ): { token: string; user: DemoUser; expiresAt: number } {
    const { message, signature, pubkey } = input
    if (typeof message !== 'string' || typeof signature !== 'string' || typeof pubkey !== 'string' || message.length > 4096) {
      throw new AuthFailure('VALIDATION_FAILED', 'message, signature and pubkey are required', 400)
    }
    const key = decodeBase58(pubkey, 32)
    if (key === null) throw new AuthFailure('VALIDATION_FAILED', 'Invalid Solana public key', 400)
    const now = this.clock()
    const lockedFor = this.lockedForMs(pubkey, now)
    if (lockedFor > 0) throw new AuthFailure('AUTH_ADDRESS_LOCKED', 'Too many failed attempts; address locked', 401, Math.ceil(lockedFor / 1000))
    try {
      const bytes = decodeBase58(signature, 64)
      if (bytes === null || !verifySignature(key, message, bytes)) throw new AuthFailure('AUTH_INVALID_SIGNATURE', 'Signature verification failed')
      const fields = parseMessage(message)
      if (fields === null || fields.pubkey !== pubkey || fields.domain !== this.domain || fields.uri !== this.uri) {
        throw new AuthFailure('AUTH_INVALID_SIGNATURE', 'Message does not match this server or key')
      }
      if (!ACCEPTED_CHAINS.has(fields.chainId)) throw new AuthFailure('AUTH_UNSUPPORTED_CHAIN', `Unsupported chain: ${fields.chainId.slice(0, 40)}`)
      const held = this.nonces.get(fields.nonce)
      // Single use: taken whatever follows.
      this.nonces.delete(fields.nonce)
      if (held === undefined || held.pubkey !== pubkey || held.expiresAt <= now) throw new AuthFailure('AUTH_NONCE_INVALID', 'Nonce mismatch or expired')
      const issuedAt = Date.parse(fields.issuedAt)
      if (Number.isNaN(issuedAt) || now - issuedAt > MESSAGE_MAX_AGE_MS || issuedAt - now > MESSAGE_MAX_AHEAD_MS) {
        throw new AuthFailure('AUTH_MESSAGE_EXPIRED', 'Message expired')
      }
    } catch (error) {
      if (error instanceof AuthFailure) this.noteFailure(pubkey, now)
      throw error
    }
    this.failures.delete(pubkey)
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now + SESSION_MS
    this.sessions.set(token, { id: `c${randomBytes(12).toString('hex')}`, pubkey, expiresAt, createdAt: now, ip: client.ip, userAgent: client.userAgent.slice(0, 200) })
    this.sessionsChanged()
    return { token, user: userOf(pubkey), expiresAt }
  }

  /** The session a token names, or AUTH_UNAUTHORIZED (none given) / AUTH_SESSION_EXPIRED (ended, expired or unknown). */
  session(token: string | null): { user: DemoUser; expiresAt: number | null } {
    if (token === null || token === '') throw new AuthFailure('AUTH_UNAUTHORIZED', 'Not authenticated')
    if (this.options.staticToken && this.options.staticPubkey && token === this.options.staticToken) {
      return { user: userOf(this.options.staticPubkey), expiresAt: null }
    }
    const session = this.sessions.get(token)
    if (session === undefined || session.expiresAt <= this.clock()) {
      if (session !== undefined) this.end(token)
      throw new AuthFailure('AUTH_SESSION_EXPIRED', 'Session expired')
    }
    return { user: userOf(session.pubkey), expiresAt: session.expiresAt }
  }

  /** Whether a token is a live session (the socket upgrade asks this). */
  isSession(token: string | null): boolean {
    try {
      this.session(token)
      return true
    } catch {
      return false
    }
  }

  refresh(token: string | null): { expiresAt: number } {
    this.session(token)
    const session = this.sessions.get(token as string)
    if (session === undefined) return { expiresAt: this.clock() + SESSION_MS } // the static token never ends
    session.expiresAt = this.clock() + SESSION_MS
    this.sessionsChanged()
    return { expiresAt: session.expiresAt }
  }

  logout(token: string | null): void {
    this.session(token)
    this.end(token as string)
  }

  /** The signed-in user's sessions, newest first, the one `token` names marked current. */
  listSessions(token: string | null): ListedSession[] {
    const { user } = this.session(token)
    const now = this.clock()
    return [...this.sessions.entries()]
      .filter(([, session]) => session.pubkey === user.pubkey && session.expiresAt > now)
      .sort(([, a], [, b]) => b.createdAt - a.createdAt)
      .map(([held, session]) => ({
        id: session.id,
        ip: session.ip,
        userAgent: session.userAgent,
        createdAt: new Date(session.createdAt).toISOString(),
        expiresAt: new Date(session.expiresAt).toISOString(),
        current: held === token,
      }))
  }

  /** Ends one of the user's own sessions by its listed id; another user's or an unknown id is NOT_FOUND. */
  endSession(token: string | null, id: string): void {
    const { user } = this.session(token)
    const found = [...this.sessions.entries()].find(([, session]) => session.id === id && session.pubkey === user.pubkey)
    if (found === undefined) throw new AuthFailure('NOT_FOUND', 'Session not found', 404)
    this.end(found[0])
  }

  /** Ends all the user's sessions but the one `token` names; how many ended. */
  endOtherSessions(token: string | null): number {
    const { user } = this.session(token)
    const others = [...this.sessions.entries()].filter(([held, session]) => held !== token && session.pubkey === user.pubkey)
    for (const [held] of others) this.end(held)
    return others.length
  }

  /** Ends every session issued by sign-in (tests: a session that ends during a live stream). */
  endAllSessions(): number {
    const count = this.sessions.size
    for (const token of [...this.sessions.keys()]) this.end(token)
    return count
  }

  private end(token: string): void {
    if (this.sessions.delete(token)) this.sessionsChanged()
    if (this.ended.size >= MAX_ENDED_SESSIONS) this.ended.clear()
    this.ended.add(token)
  }

  private noteFailure(pubkey: string, now: number): void {
    const recent = (this.failures.get(pubkey) ?? []).filter((at) => now - at < LOCKOUT_WINDOW_MS)
    recent.push(now)
    this.failures.set(pubkey, recent)
  }

  private lockedForMs(pubkey: string, now: number): number {
    const recent = (this.failures.get(pubkey) ?? []).filter((at) => now - at < LOCKOUT_WINDOW_MS)
    if (recent.length < LOCKOUT_FAILURES) return 0
    // Unlocked when enough failures have left the window.
    const unlockAt = (recent[recent.length - LOCKOUT_FAILURES] as number) + LOCKOUT_WINDOW_MS
    return Math.max(0, unlockAt - now)
  }

  private sweepNonces(now: number): void {
    if (this.nonces.size < MAX_NONCES) return
    for (const [nonce, held] of this.nonces) if (held.expiresAt <= now) this.nonces.delete(nonce)
    if (this.nonces.size >= MAX_NONCES) this.nonces.delete(this.nonces.keys().next().value as string)
  }
}

function userOf(pubkey: string): DemoUser {
  return { pubkey, role: 'USER', displayName: `demo_${pubkey.slice(0, 4)}`, email: null }
}

interface MessageFields {
  domain: string
  pubkey: string
  uri: string
  chainId: string
  nonce: string
  issuedAt: string
}

/** The fields of a Sign-In With Solana message in the reference layout; null when it is not one. */
export function parseMessage(message: string): MessageFields | null {
  const lines = message.split('\n')
  if (lines.length !== 10 || lines[2] !== '' || lines[4] !== '') return null
  const header = /^(.+) wants you to sign in with your Solana account:$/.exec(lines[0] as string)
  const field = (index: number, name: string): string | null => {
    const text = lines[index] as string
    return text.startsWith(`${name}: `) ? text.slice(name.length + 2) : null
  }
  const uri = field(5, 'URI')
  const version = field(6, 'Version')
  const chainId = field(7, 'Chain ID')
  const nonce = field(8, 'Nonce')
  const issuedAt = field(9, 'Issued At')
  if (header === null || uri === null || version !== '1' || chainId === null || nonce === null || issuedAt === null) return null
  return { domain: header[1] as string, pubkey: lines[1] as string, uri, chainId, nonce, issuedAt }
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (header === undefined) return null
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue
    const raw = pair.slice(separator + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return null
}
