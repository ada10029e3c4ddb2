/**
 * What the account side tells the user through the notification centre (and
 * its rules): a sign-in the indexer ended, a new sign-in this app did not
 * make. One shape for both, in the wire's form so the cache reads it back
 * as it reads the indexer's own notifications.
 */
import { SIGNED_OUT_MESSAGE } from '@shared/auth'
import type { AppNotification } from '@shared/domain'

export function accountNotice(id: string, title: string, body: string, at: number): AppNotification {
  return { id, kind: 'SYSTEM', title, body, receivedAt: at, read: false, subject: null, raw: { id, type: 'SYSTEM', title, body }, extra: {} }
}

/** The one notice of a session the indexer ended (`httpUrl`: that indexer; null: not known). */
export function signedOutNotice(httpUrl: string | null, wallet: string | null, at: number): AppNotification {
  const host = httpUrl !== null ? new URL(httpUrl).host : 'the indexer'
  const body = `${host} ended the sign-in${wallet ? ` of ${wallet.slice(0, 4)}…${wallet.slice(-4)}` : ''}: your notifications and proofs are not live. Open Settings to sign in again.`
  return accountNotice(`SIGNED_OUT:${at}`, SIGNED_OUT_MESSAGE, body, at)
}
