/**
 * A sign-in session kept in main with the other credentials (the secret
 * store: safeStorage on the desktop, credentials.json in serve mode), one
 * per indexer. The cookie never leaves main; the renderer sees only who and
 * until when.
 */
import type { SignedInUser } from '@shared/auth'
import type { ErrorInfo } from '@shared/domain'
import type { Credential } from '../config/credentials'
import { indexerKey } from '../indexer/url'
import type { SecretStorage } from '../config/secrets'

export interface StoredSession {
  cookieName: string
  cookieValue: string
  user: SignedInUser
  expiresAt: number
}

/** Kept apart from the pasted credentials, which are stored under profile ids. */
function keyOf(httpUrl: string): string {
  return `sign-in:${indexerKey(httpUrl)}`
}

export function readSession(secrets: SecretStorage, httpUrl: string): StoredSession | null {
  const text = secrets.get(keyOf(httpUrl))
  if (text === null) return null
  try {
    const parsed = JSON.parse(text) as Partial<StoredSession>
    const user = parsed.user
    if (
      typeof parsed.cookieName !== 'string' ||
      typeof parsed.cookieValue !== 'string' ||
      parsed.cookieValue === '' ||
      typeof parsed.expiresAt !== 'number' ||
      typeof user !== 'object' ||
      user === null ||
      typeof user.pubkey !== 'string'
    ) {
      return null
    }
    return {
      cookieName: parsed.cookieName,
      cookieValue: parsed.cookieValue,
      expiresAt: parsed.expiresAt,
      user: { pubkey: user.pubkey, displayName: user.displayName ?? null, role: user.role ?? null, email: user.email ?? null },
    }
  } catch {
    return null
  }
}

export function writeSession(secrets: SecretStorage, httpUrl: string, session: StoredSession | null): void {
  secrets.set(keyOf(httpUrl), session === null ? null : JSON.stringify(session))
}

/**
 * The secret store as the sign-in keeps sessions in it: a write that fails (a
 * full disk, a read-only folder) is reported instead of thrown. Sign-in
 * changes run on the indexer's answers and on timers, where a throw is an
 * unhandled rejection that ends serve mode, at every start while the disk
 * stays full. The change holds in memory for this run either way.
 */
export function sessionSecrets(secrets: SecretStorage, report: (problem: ErrorInfo) => void): SecretStorage {
  return {
    get: (key) => secrets.get(key),
    set(key, value) {
      try {
        secrets.set(key, value)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        report({
          code: 'INTERNAL',
          message:
            value === null
              ? `The end of the sign-in could not be saved (${reason}): it holds until ProofWatch stops, and the old session is checked with the indexer again at the next start.`
              : `The sign-in could not be saved (${reason}): it holds until ProofWatch stops.`,
        })
      }
    },
    values: () => secrets.values(),
    get encrypted() {
      return secrets.encrypted
    },
    get warning() {
      return secrets.warning
    },
  }
}

/** The session as the credential main sends on HTTP requests and the socket upgrade. */
export function sessionCredential(session: StoredSession): Credential {
  return { kind: 'cookie', name: session.cookieName, value: session.cookieValue }
}
