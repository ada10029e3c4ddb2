import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { FollowCircuitInput, WatchAddressInput } from '@shared/bridge'
import type { ErrorInfo, Subject } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { Watchlist } from '@shared/watchlist'
import { getBridge } from '@renderer/bridge'
import { useLoader } from '@renderer/composables/use-loader'
import { addressKey, circuitKey } from '@renderer/model/watch-keys'
import { shortId } from '@renderer/format/text'
import { useUnreadStore } from './unread'

/** A failed change, kept next to what it was about: `address:<pubkey>`, `circuit:<id>` or `add-address`/`add-circuit`. */
export interface WatchActionError {
  key: string
  error: ErrorInfo
}

/**
 * Watched addresses and followed circuits. Main owns the list and pushes it
 * whenever it changes (new activity, another window's edits);
 * every change made here answers with the new list too.
 */
export const useWatchlistStore = defineStore('watchlist', () => {
  const bridge = getBridge()
  const loader = useLoader(() => bridge.getWatchlist())
  /** Keys of the entries with a change on its way, so their buttons wait. */
  const pending = ref<Set<string>>(new Set())
  const actionError = shallowRef<WatchActionError | null>(null)

  bridge.on('watchlist', (next) => {
    loader.data.value = next
    loader.error.value = null
  })

  const addresses = computed(() => loader.data.value?.addresses ?? [])
  const circuits = computed(() => loader.data.value?.circuits ?? [])
  const unread = useUnreadStore()
  /** Unread entries of what is watched now, from the one unread model. */
  const totalUnread = computed(
    () =>
      addresses.value.reduce((sum, entry) => sum + unread.ofAddress(entry.pubkey), 0) +
      circuits.value.reduce((sum, entry) => sum + unread.ofCircuit(entry.circuitId), 0),
  )

  /** Lists ask once a row: a lookup, not a scan of the watchlist. */
  const byPubkey = computed(() => new Map(addresses.value.map((entry) => [entry.pubkey, entry])))

  function isWatched(pubkey: string): boolean {
    return byPubkey.value.has(pubkey)
  }

  function addressOf(pubkey: string) {
    return byPubkey.value.get(pubkey) ?? null
  }

  function isFollowed(circuitId: string): boolean {
    return circuits.value.some((entry) => entry.circuitId === circuitId)
  }

  function isPending(key: string): boolean {
    return pending.value.has(key)
  }

  /** Runs one change; true when main accepted it. Its error stays under `key` until the next change. */
  async function change(key: string, request: () => Promise<Watchlist>): Promise<boolean> {
    pending.value = new Set(pending.value).add(key)
    actionError.value = null
    try {
      loader.data.value = await request()
      return true
    } catch (caught) {
      actionError.value = { key, error: toErrorInfo(caught) }
      return false
    } finally {
      const rest = new Set(pending.value)
      rest.delete(key)
      pending.value = rest
    }
  }

  function errorFor(key: string): ErrorInfo | null {
    return actionError.value?.key === key ? actionError.value.error : null
  }

  function clearError(): void {
    actionError.value = null
  }

  return {
    watchlist: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    ensureLoaded: loader.ensureLoaded,
    retry: loader.retry,
    addresses,
    circuits,
    totalUnread,
    isWatched,
    addressOf,
    /** How a snooze names a watched address: its label, else its short key. */
    addressName: (pubkey: string): string => addresses.value.find((entry) => entry.pubkey === pubkey)?.label ?? shortId(pubkey, 6),
    isFollowed,
    isPending,
    errorFor,
    clearError,
    /** Adds an address, or changes its label or notify flag. */
    watch: (input: WatchAddressInput, key = addressKey(input.pubkey)) => change(key, () => bridge.watchAddress(input)),
    unwatch: (pubkey: string) => change(addressKey(pubkey), () => bridge.unwatchAddress(pubkey)),
    /** Keeps an address out of the account's watchlist, or lets it be kept in step. */
    setLocalOnly: (pubkey: string, localOnly: boolean) => change(addressKey(pubkey), () => bridge.setAddressLocalOnly(pubkey, localOnly)),
    follow: (input: FollowCircuitInput, key = circuitKey(input.circuitId)) => change(key, () => bridge.followCircuit(input)),
    unfollow: (circuitId: string) => change(circuitKey(circuitId), () => bridge.unfollowCircuit(circuitId)),
    markRead: (subject: Subject) =>
      change(subject.kind === 'circuit' ? circuitKey(subject.id) : addressKey(subject.id), () => bridge.markWatchRead(subject)),
  }
})
