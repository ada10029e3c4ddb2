/**
 * Everything a demo network holds and changes over time, in one object: a
 * network that continues another (a demo indexer restarted on the same data
 * folder) shares it, and with it every record, counter and listener.
 */
import { NotificationInbox } from './notification-inbox'
import type { NetworkRecords } from './network-records'
import type { NetworkListener } from './network-types'
import type { SeriesSnapshot } from './records'
import type { CircuitStatus } from './wire-format'

/** Everything a network holds and changes over time; shared by the networks that continue it. */
export interface NetworkState {
  readonly listeners: Set<NetworkListener>
  readonly records: NetworkRecords
  readonly snapshots: SeriesSnapshot[]
  readonly inbox: NotificationInbox
  /** Circuits whose key was changed or that were disabled; the others are enabled with their first key. */
  readonly circuitStatus: Map<number, CircuitStatus>
  rate: number
  nextProofSeq: number
  nextTransactionSeq: number
  newestTimeMs: number
  newestSlot: number
  lastTickAt: number
  pendingProofs: number
  nextSnapshotAt: number
}

export function newNetworkState(rate: number, records: NetworkRecords): NetworkState {
  return {
    listeners: new Set(),
    inbox: new NotificationInbox(),
    circuitStatus: new Map(),
    records,
    snapshots: [],
    rate,
    nextProofSeq: 0,
    nextTransactionSeq: 0,
    newestTimeMs: Number.NEGATIVE_INFINITY,
    newestSlot: 0,
    // Set once the start time is known.
    lastTickAt: 0,
    pendingProofs: 0,
    nextSnapshotAt: 0,
  }
}
