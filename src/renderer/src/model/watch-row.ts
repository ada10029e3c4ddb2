import type { RouteLocationRaw } from 'vue-router'
import type { FollowedCircuit, WatchedAddress } from '@shared/watchlist'
import { formatNumber } from '@renderer/format/number'
import { addressKey, circuitKey } from './watch-keys'
import { addressChannel, circuitChannel } from './channel-state'

export type WatchKind = 'address' | 'circuit'

/** A watched address or a followed circuit, as one row of the watchlist shows it. */
export interface WatchRow {
  /** The pubkey or the circuit ID. */
  id: string
  /** The store's key for the entry's pending change and its error. */
  key: string
  label: string | null
  notify: boolean
  unread: number
  lastActivityAt: number | null
  /** The live channel that brings its activity. */
  channel: string
  /** Why it is checked over HTTP instead of streamed; null while it streams. */
  polledReason: string | null
  /** Its last transaction or proof, linked. */
  last: { value: string; to: RouteLocationRaw } | null
}

/** `unread`: its count in the one unread model. */
export function addressRow(entry: WatchedAddress, unread = 0): WatchRow {
  return {
    id: entry.pubkey,
    key: addressKey(entry.pubkey),
    label: entry.label,
    notify: entry.notify,
    unread,
    lastActivityAt: entry.lastActivityAt,
    channel: addressChannel(entry.pubkey),
    polledReason: null,
    last: entry.lastSignature
      ? { value: entry.lastSignature, to: { name: 'transaction', params: { signature: entry.lastSignature } } }
      : null,
  }
}

export function circuitRow(entry: FollowedCircuit, unread = 0): WatchRow {
  return {
    id: entry.circuitId,
    key: circuitKey(entry.circuitId),
    label: entry.label,
    notify: entry.notify,
    unread,
    lastActivityAt: entry.lastActivityAt,
    channel: circuitChannel(entry.circuitId),
    polledReason: entry.mode === 'polled' ? (entry.modeReason ?? 'The indexer does not stream this circuit') : null,
    last: entry.lastProofAccount
      ? { value: entry.lastProofAccount, to: { name: 'proof', params: { account: entry.lastProofAccount } } }
      : null,
  }
}

/**
 * "3 unread": the notification centre's unread entries about one entry, or
 * the whole watchlist; the same count, with the same word, as the centre and
 * the navigation show. A burst of transactions is one entry, so this is not
 * a count of transactions ("1 new" for 249 new transactions misled).
 */
export function unreadText(count: number): string {
  return `${formatNumber(count)} unread`
}

/** What the Unread column counts, said once under the table. */
export const UNREAD_MEANING =
  'Unread counts the notification centre’s unread entries about each row, as the centre does; a burst of transactions is one entry. Opening an address marks its entries read.'
