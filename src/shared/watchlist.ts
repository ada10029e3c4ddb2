/**
 * The watchlist as the renderer sees it: saved addresses and followed
 * circuits, each with its last activity (their unread counts are in
 * the one unread model, src/shared/unread.ts).
 */

export interface WatchedAddress {
  /** Base58, 32–44 characters. */
  pubkey: string
  label: string | null
  /** Raise notifications for its transactions (the notification rules still apply). */
  notify: boolean
  /** Epoch ms. */
  addedAt: number
  /** Epoch ms of the newest transaction seen for it (block time, else when it arrived). */
  lastActivityAt: number | null
  lastSignature: string | null
  /** Never sent to the account's watchlist, even when the two are kept in step. */
  localOnly?: boolean
  /** Its label in the account's watchlist (signed in and in step), shown beside the local one. */
  accountLabel?: string | null
}

/** `live`: the server streams `proofs:circuit:{id}`. `polled`: it refused, and main polls over HTTP. */
export type CircuitFollowMode = 'live' | 'polled'

export interface FollowedCircuit {
  circuitId: string
  label: string | null
  notify: boolean
  /** Epoch ms. */
  addedAt: number
  mode: CircuitFollowMode
  /** Why it is polled: the server's words when it refused the channel. */
  modeReason: string | null
  /** Epoch ms of the newest proof seen for it. */
  lastActivityAt: number | null
  lastProofAccount: string | null
}

export interface Watchlist {
  addresses: WatchedAddress[]
  circuits: FollowedCircuit[]
  /**
   * Per account (`<indexer url> <wallet>`), the addresses that were in step with it at the last
   * reconciliation: what tells an address removed here from one added there.
   */
  accountBase?: Record<string, string[]>
}

export const WATCHLIST_LIMITS = {
  /** Each address is a socket subscription; beyond a few hundred the indexer is better asked in bulk. */
  addresses: 200,
  circuits: 50,
  labelLength: 64,
} as const

export const EMPTY_WATCHLIST: Watchlist = { addresses: [], circuits: [] }

/** An address in the user's watchlist on the indexer (`/api/users/me/watched`), when signed in. */
export interface AccountWatchedAddress {
  /** The indexer's id of the entry (what a delete names). */
  id: string
  pubkey: string
  label: string | null
  /** Epoch ms; null when the indexer gave none. */
  createdAt: number | null
}

/** What keeping the local watchlist and the account's in step did, to be said to the user. */
export interface AccountSyncResult {
  /** Epoch ms. */
  at: number
  /** Local addresses sent to the account. */
  addedToAccount: number
  /** Removed from the account (removed here while offline or signed out). */
  removedFromAccount: number
  /** The account's addresses added here. */
  addedHere: number
  /** Removed here because they were removed from the account elsewhere. */
  removedHere: number
  /** Addresses labelled differently here and in the account; both labels are kept and shown. */
  conflicts: { pubkey: string; label: string | null; accountLabel: string | null }[]
  /** Already in the account when sent (409): now counted as in step. */
  alreadyThere: number
  /** Why it could not finish, when it could not; what was done is kept. */
  error: string | null
}

/** The longest label the account's watchlist keeps; a longer local label is cut when sent. */
export const ACCOUNT_LABEL_LENGTH = 40
