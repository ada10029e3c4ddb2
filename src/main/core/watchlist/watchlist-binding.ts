/**
 * Keeps the live side following the watchlist (an address added is
 * subscribed, one removed is unsubscribed) and the watchlist's last activity,
 * unread counts and circuit modes following what the live side hands on.
 */
import type { AddressTransaction, CircuitProof } from '@shared/domain'
import type { CircuitFollowMode } from '@shared/watchlist'
import type { WatchlistModel } from './watchlist-model'

/** What the binding drives; LiveService is one. */
export interface WatchTarget {
  setWatchlist(watchlist: { addresses: readonly string[]; circuits: readonly string[] }): void
  watch(pubkey: string): void
  unwatch(pubkey: string): void
  followCircuit(circuitId: string): void
  unfollowCircuit(circuitId: string): void
}

/** Follows the model from now on; returns the function that stops it. */
export function followWatchlist(model: WatchlistModel, target: WatchTarget): () => void {
  target.setWatchlist({ addresses: model.watchedPubkeys(), circuits: model.followedCircuitIds() })
  return model.onChange((_watchlist, change) => {
    switch (change.kind) {
      case 'address-added':
        target.watch(change.pubkey)
        return
      case 'address-removed':
        target.unwatch(change.pubkey)
        return
      case 'circuit-added':
        target.followCircuit(change.circuitId)
        return
      case 'circuit-removed':
        target.unfollowCircuit(change.circuitId)
        return
      default:
        return
    }
  })
}

/** Where the live side's events land in the model; unread entries are the notification centre's. */
export function watchlistActivity(model: WatchlistModel): {
  onAddressTransactions(items: AddressTransaction[], meta: { origin: string }): void
  onCircuitProofs(items: CircuitProof[], meta: { origin: string }): void
  onCircuitMode(circuitId: string, mode: CircuitFollowMode, reason: string | null): void
} {
  return {
    onAddressTransactions: (items) => model.noteAddressTransactions(items),
    onCircuitProofs: (items) => model.noteCircuitProofs(items),
    onCircuitMode: (circuitId, mode, reason) => model.setCircuitMode(circuitId, mode, reason),
  }
}
