/**
 * The watchlist held by main: add, label, remove and read-marking of
 * addresses and circuits, their last activity and unread counts, saved
 * through a WatchlistStorage. A change the store cannot save is undone and
 * reported; activity is saved a little later, in one write for many events.
 */
import type { Topic } from '@shared/unread'
import type { AddressTransaction, CircuitProof, ErrorInfo, Subject } from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import {
  WATCHLIST_LIMITS,
  type CircuitFollowMode,
  type FollowedCircuit,
  type WatchedAddress,
  type Watchlist,
} from '@shared/watchlist'
import { silentLogger, type Logger } from '../log/log'
import { readStoredWatchlist } from './stored-watchlist'
import type { WatchlistStorage } from './watchlist-storage'
import { validateCircuitId, validateLabelAndNotify, validateWatchedPubkey } from './validate'

export type WatchlistChange =
  | { kind: 'address-added' | 'address-removed' | 'address-updated'; pubkey: string }
  | { kind: 'circuit-added' | 'circuit-removed' | 'circuit-updated'; circuitId: string }
  | { kind: 'activity' }
  | { kind: 'circuit-mode'; circuitId: string; mode: CircuitFollowMode }
  /** The account's labels and what is in step with it were noted (not an edit of the user's). */
  | { kind: 'account-sync' }

export type WatchlistListener = (watchlist: Watchlist, change: WatchlistChange) => void

export interface WatchlistModelOptions {
  store: WatchlistStorage
  now?: () => number
  log?: Logger
  /** Activity (last seen, unread) is saved this long after it changes, once for many events. Default 2000. */
  activitySaveDelayMs?: number
  /** A save of activity that failed: shown to the user, the data stays in memory. */
  onProblem?: (problem: ErrorInfo) => void
}

export interface AddressInput {
  pubkey: unknown
  label?: unknown
  notify?: unknown
}

export interface CircuitInput {
  circuitId: unknown
  label?: unknown
  notify?: unknown
}

function notWatched(what: string): ProofWatchError {
  return new ProofWatchError({ code: 'NOT_FOUND', message: `${what} is not in the watchlist`, retryable: false })
}

/** A full list takes no new entry: the user removes one first. */
function requireRoom(count: number, limit: number, what: string): void {
  if (count >= limit) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `At most ${limit} ${what}; remove one first` })
}

export class WatchlistModel {
  private addresses = new Map<string, WatchedAddress>()
  private circuits = new Map<string, FollowedCircuit>()
  /** Per account, the addresses in step with it at the last reconciliation. */
  private accountBases = new Map<string, string[]>()
  private readonly listeners = new Set<WatchlistListener>()
  private readonly now: () => number
  private readonly log: Logger
  private saveTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly options: WatchlistModelOptions) {
    this.now = options.now ?? Date.now
    this.log = options.log ?? silentLogger
    let stored: unknown
    try {
      stored = options.store.read()
    } catch (error) {
      this.log.warn('The saved watchlist cannot be read; starting with an empty one', toErrorInfo(error))
    }
    const { watchlist, dropped } = readStoredWatchlist(stored, this.now())
    if (dropped.length > 0) this.log.warn('Some saved watchlist entries were not valid and are left out', dropped)
    for (const address of watchlist.addresses) this.addresses.set(address.pubkey, address)
    for (const circuit of watchlist.circuits) this.circuits.set(circuit.circuitId, circuit)
    for (const [key, base] of Object.entries(watchlist.accountBase ?? {})) this.accountBases.set(key, base)
  }

  onChange(listener: WatchlistListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  snapshot(): Watchlist {
    const watchlist: Watchlist = {
      addresses: [...this.addresses.values()].map((a) => ({ ...a })),
      circuits: [...this.circuits.values()].map((c) => ({ ...c })),
    }
    if (this.accountBases.size > 0) watchlist.accountBase = Object.fromEntries([...this.accountBases].map(([key, base]) => [key, [...base]]))
    return watchlist
  }

  /** Keeps an address out of the account's watchlist (true), or lets it be kept in step (false). */
  setLocalOnly(pubkey: unknown, localOnly: boolean): Watchlist {
    const key = validateWatchedPubkey(pubkey)
    const held = this.addresses.get(key)
    if (!held) throw notWatched(`The address ${key}`)
    const { localOnly: _was, ...rest } = held
    const next: WatchedAddress = localOnly ? { ...rest, localOnly: true } : rest
    return this.change({ kind: 'address-updated', pubkey: key }, () => this.addresses.set(key, next))
  }

  /** The addresses in step with `account` at its last reconciliation; null before the first. */
  accountBase(account: string): string[] | null {
    return this.accountBases.get(account) ?? null
  }

  /**
   * Notes a reconciliation with `account`: what is now in step with it, and the
   * account's label of each address it holds (shown beside the local one).
   */
  noteAccountSync(account: string, inStep: readonly string[], accountLabels: ReadonlyMap<string, string | null>): Watchlist {
    return this.change({ kind: 'account-sync' }, () => {
      this.accountBases = new Map(this.accountBases).set(account, [...inStep])
      const next = new Map<string, WatchedAddress>()
      for (const [pubkey, held] of this.addresses) {
        const { accountLabel: _old, ...rest } = held
        next.set(pubkey, accountLabels.has(pubkey) ? { ...rest, accountLabel: accountLabels.get(pubkey) ?? null } : rest)
      }
      this.addresses = next
    })
  }

  watchedPubkeys(): string[] {
    return [...this.addresses.keys()]
  }

  followedCircuitIds(): string[] {
    return [...this.circuits.keys()]
  }

  isWatched(pubkey: string): boolean {
    return this.addresses.has(pubkey)
  }

  /** One watched address as held (a copy), without copying the whole list as snapshot() does. */
  watchedAddress(pubkey: string): WatchedAddress | undefined {
    const held = this.addresses.get(pubkey)
    return held === undefined ? undefined : { ...held }
  }

  /** Adds an address, or changes the label or notify flag of one already watched. */
  watchAddress(input: AddressInput): Watchlist {
    const pubkey = validateWatchedPubkey(input?.pubkey)
    const held = this.addresses.get(pubkey)
    const { label, notify } = validateLabelAndNotify(input, held)
    if (held) {
      return this.change({ kind: 'address-updated', pubkey }, () => this.addresses.set(pubkey, { ...held, label, notify }))
    }
    requireRoom(this.addresses.size, WATCHLIST_LIMITS.addresses, 'addresses can be watched')
    const added: WatchedAddress = {
      pubkey,
      label,
      notify,
      addedAt: this.now(),
      lastActivityAt: null,
      lastSignature: null,
    }
    return this.change({ kind: 'address-added', pubkey }, () => this.addresses.set(pubkey, added))
  }

  unwatchAddress(pubkey: unknown): Watchlist {
    const key = validateWatchedPubkey(pubkey)
    if (!this.addresses.has(key)) throw notWatched(`The address ${key}`)
    return this.change({ kind: 'address-removed', pubkey: key }, () => this.addresses.delete(key))
  }

  followCircuit(input: CircuitInput): Watchlist {
    const circuitId = validateCircuitId(input?.circuitId)
    const held = this.circuits.get(circuitId)
    const { label, notify } = validateLabelAndNotify(input, held)
    if (held) {
      return this.change({ kind: 'circuit-updated', circuitId }, () => this.circuits.set(circuitId, { ...held, label, notify }))
    }
    requireRoom(this.circuits.size, WATCHLIST_LIMITS.circuits, 'circuits can be followed')
    const added: FollowedCircuit = {
      circuitId,
      label,
      notify,
      addedAt: this.now(),
      mode: 'live',
      modeReason: null,
      lastActivityAt: null,
      lastProofAccount: null,
    }
    return this.change({ kind: 'circuit-added', circuitId }, () => this.circuits.set(circuitId, added))
  }

  unfollowCircuit(circuitId: unknown): Watchlist {
    const id = validateCircuitId(circuitId)
    if (!this.circuits.has(id)) throw notWatched(`The circuit ${id}`)
    return this.change({ kind: 'circuit-removed', circuitId: id }, () => this.circuits.delete(id))
  }

  /** The watched address or followed circuit a subject names; refused when it is neither. */
  requireFollowed(subject: Subject): Topic {
    if (subject?.kind === 'address') {
      const pubkey = validateWatchedPubkey(subject.id)
      if (!this.addresses.has(pubkey)) throw notWatched(`The address ${pubkey}`)
      return { kind: 'address', id: pubkey }
    }
    if (subject?.kind === 'circuit') {
      const id = validateCircuitId(subject.id)
      if (!this.circuits.has(id)) throw notWatched(`The circuit ${id}`)
      return { kind: 'circuit', id }
    }
    throw new ProofWatchError({
      code: 'INVALID_ARGUMENT',
      message: `Only a watched address or a followed circuit has entries of its own; got ${JSON.stringify(subject?.kind)}`,
    })
  }

  /** Notes the last activity of watched addresses (their unread entries are counted by the notification centre). */
  noteAddressTransactions(items: readonly AddressTransaction[]): void {
    let changed = false
    for (const { address, transaction } of items) {
      const held = this.addresses.get(address)
      if (!held) continue
      const at = transaction.blockTime ?? this.now()
      if (held.lastActivityAt === null || at >= held.lastActivityAt) {
        held.lastActivityAt = at
        held.lastSignature = transaction.signature
      }
      changed = true
    }
    if (changed) this.activityChanged()
  }

  noteCircuitProofs(items: readonly CircuitProof[]): void {
    let changed = false
    const at = this.now()
    for (const { circuitId, proof } of items) {
      const held = this.circuits.get(circuitId)
      if (!held) continue
      held.lastActivityAt = at
      held.lastProofAccount = proof.proofAccount
      changed = true
    }
    if (changed) this.activityChanged()
  }

  /** Found out at each connection, so it is shown but not worth a save of its own. */
  setCircuitMode(circuitId: string, mode: CircuitFollowMode, reason: string | null): void {
    const held = this.circuits.get(circuitId)
    if (!held || (held.mode === mode && held.modeReason === reason)) return
    held.mode = mode
    held.modeReason = reason
    this.emit({ kind: 'circuit-mode', circuitId, mode })
  }

  /** Writes pending activity now (before quitting). */
  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer)
    this.saveTimer = null
    try {
      this.options.store.write(this.snapshot())
    } catch (error) {
      const info = toErrorInfo(error)
      const problem: ErrorInfo = { ...info, message: `Could not save the watchlist's activity: ${info.message}` }
      this.log.warn(problem.message, problem)
      this.options.onProblem?.(problem)
    }
  }

  dispose(): void {
    if (this.saveTimer) this.flush()
    this.listeners.clear()
  }

  /** Applies a change, saves it, and undoes it when the save fails. */
  private change(change: WatchlistChange, apply: () => void): Watchlist {
    const before = { addresses: new Map(this.addresses), circuits: new Map(this.circuits), accountBases: this.accountBases }
    apply()
    try {
      this.options.store.write(this.snapshot())
    } catch (error) {
      this.addresses = before.addresses
      this.circuits = before.circuits
      this.accountBases = before.accountBases
      const info = toErrorInfo(error)
      throw new ProofWatchError(
        { code: 'INTERNAL', message: `The watchlist could not be saved, so it is unchanged: ${info.message}`, retryable: true },
        { cause: error },
      )
    }
    // A save of the whole list also saves any pending activity.
    if (this.saveTimer) clearTimeout(this.saveTimer)
    this.saveTimer = null
    this.emit(change)
    return this.snapshot()
  }

  private activityChanged(): void {
    this.saveTimer ??= setTimeout(() => this.flush(), this.options.activitySaveDelayMs ?? 2000)
    this.emit({ kind: 'activity' })
  }

  private emit(change: WatchlistChange): void {
    if (this.listeners.size === 0) return
    const watchlist = this.snapshot()
    for (const listener of this.listeners) {
      try {
        listener(watchlist, change)
      } catch (error) {
        this.log.warn('A watchlist listener failed', toErrorInfo(error))
      }
    }
  }
}
