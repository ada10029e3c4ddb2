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
}

export const WATCHLIST_LIMITS = {
  /** Each address is a socket subscription; beyond a few hundred the indexer is better asked in bulk. */
  addresses: 200,
  circuits: 50,
  labelLength: 64,
} as const

export const EMPTY_WATCHLIST: Watchlist = { addresses: [], circuits: [] }
