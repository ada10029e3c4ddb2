/**
 * The notification centre's owner in the core: every entry goes through
 * here into the history cache, which holds the read state, and every change
 * of read state or of the entries pushes the one `unread` event that the
 * centre, the navigation badges, the watchlist and the tray all show.
 */
import { circuitLabel } from '@shared/circuit-label'
import type { BridgeEventName, BridgeEvents } from '@shared/bridge'
import type { AddressTransaction, AppNotification, CircuitProof, ProofSummary } from '@shared/domain'
import { NO_UNREAD, topicKey, type Topic, type UnreadCounts } from '@shared/unread'
import type { IndexerHistory } from '../history/indexer-history'
import type { Logger } from '../log/log'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import type { NotifyCandidate } from './candidates'
import { EntryBuilder, type EntryBuilderOptions } from './entry-builder'
import { systemClock, type NotifyClock } from './timers'

export interface NotificationCentreDeps {
  push<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void
  /** Waits until queued history writes are on disk, so counts read after it include them. */
  flushHistory(): Promise<void>
  log: Logger
  clock?: NotifyClock
  /** Entries arriving close together are counted once, this long after the first. Default 100. */
  unreadDelayMs?: number
  /** How a watched address is named in entries (its label). */
  describeAddress?: (pubkey: string) => string
  /** Whether the app itself watches an address (its own entries then stand for the account's notices about it). */
  followsAddress?: (pubkey: string) => boolean
  /** How a circuit is named in entries (its name where known); "Circuit #id" by default. */
  describeCircuit?: (circuitId: string) => string
  /** Tuning of pairing and bursts (tests). */
  entries?: Partial<Pick<EntryBuilderOptions, 'pairWindowMs' | 'burstGapMs' | 'burstSpanMs' | 'groupItemsKept'>>
}

/** Where a mark-read should also go: the indexer's own list (its ids), when it keeps one. */
export interface ReadStateSink {
  markRead(ids: readonly string[] | 'all'): void
}

export class NotificationCentre {
  private history: IndexerHistory | null = null
  private sink: ReadStateSink | null = null
  private readonly clock: NotifyClock
  private timer: unknown = null
  private last = ''
  private readonly candidateListeners = new Set<(candidates: readonly NotifyCandidate[]) => void>()
  private readonly builder: EntryBuilder

  constructor(private readonly deps: NotificationCentreDeps) {
    this.clock = deps.clock ?? systemClock
    this.builder = new EntryBuilder({
      clock: this.clock,
      describeAddress: (pubkey) => deps.describeAddress?.(pubkey) ?? `${pubkey.slice(0, 4)}…${pubkey.slice(-4)}`,
      followsAddress: (pubkey) => deps.followsAddress?.(pubkey) ?? false,
      describeCircuit: (circuitId) => deps.describeCircuit?.(circuitId) ?? this.circuitName(circuitId),
      emit: (entries, candidates) => this.record(entries, candidates),
      remove: (ids) => this.history?.removeNotifications(ids),
      ...deps.entries,
    })
  }

  /** A circuit by the name the cache of the indexer shown knows, else "Circuit #id". */
  private circuitName(circuitId: string): string {
    let name: string | null = null
    try {
      name = this.history?.circuits().data.find((circuit) => circuit.id === circuitId)?.name ?? null
    } catch {
      // The cache reports its own problems; the entry still names the circuit by its id.
    }
    return circuitLabel(circuitId, name)
  }

  /** The indexer now shown (its history view), and where read state is sent back; null when none. */
  attach(history: IndexerHistory | null, sink: ReadStateSink | null = null): void {
    // Proofs still waiting for their notification belong to the indexer they came from.
    this.builder.flush()
    if (history !== this.history) this.builder.dispose()
    this.history = history
    this.sink = sink
    this.last = ''
    this.scheduleUnread()
  }

  /** The decision path: called with what may pop up, one candidate per event (rules judge each). */
  onCandidates(listener: (candidates: readonly NotifyCandidate[]) => void): () => void {
    this.candidateListeners.add(listener)
    return () => this.candidateListeners.delete(listener)
  }

  // --- what happened, as the live side and the indexer's list hand it on -------------
  // `notify` is false for history (read, or found at the first sync): an entry, never a pop-up.

  notifications(items: readonly AppNotification[], notify = true): void {
    this.builder.notifications(items, notify)
  }
  userProofs(proofs: readonly ProofSummary[], notify = true): void {
    this.builder.userProofs(proofs, notify)
  }
  addressTransactions(items: readonly AddressTransaction[], notify = true): void {
    this.builder.addressTransactions(items, notify)
  }
  circuitProofs(items: readonly CircuitProof[], notify = true): void {
    this.builder.circuitProofs(items, notify)
  }
  /** Proofs found revoked by re-reading their authority's (never pushed). */
  revokedProofs(items: readonly { proof: ProofSummary; own: boolean }[], notify = true): void {
    this.builder.revokedProofs(items, notify)
  }

  /** Entries made elsewhere in the core (health alerts), with their candidates. */
  record(entries: readonly AppNotification[], candidates: readonly NotifyCandidate[] = []): void {
    if (entries.length === 0 || !this.history) return
    this.history.recordNotifications(entries)
    this.deps.push('notifications', [...entries])
    if (candidates.length > 0) for (const listener of this.candidateListeners) listener(candidates)
    this.scheduleUnread()
  }

  /** The read state of those of `ids` the cache holds (for the indexer's list: where its walk stops). */
  async heldNotifications(ids: readonly string[]): Promise<Map<string, boolean>> {
    if (!this.history) return new Map()
    await this.deps.flushHistory()
    return this.history.notificationReadStates(ids)
  }

  /**
   * Read state that came from the indexer's own list: applied here without
   * being sent back.
   */
  applyRemoteRead(ids: readonly string[]): void {
    if (ids.length === 0 || !this.history) return
    this.history.markNotificationsRead(ids)
    this.deps.push('notificationsRead', [{ scope: 'ids', ids: [...ids] }])
    this.scheduleUnread()
  }

  /** Marks entries read by id, or all of them; the indexer's own list follows. Answers the new counts. */
  async markRead(ids: readonly string[] | 'all'): Promise<UnreadCounts> {
    const history = this.requireHistory()
    history.markNotificationsRead(ids)
    this.builder.closeGroups(ids === 'all' ? 'all' : { ids })
    this.sink?.markRead(ids)
    // Every open page (and the window) marks the same rows, not only the one that asked.
    this.deps.push('notificationsRead', [ids === 'all' ? { scope: 'all' } : { scope: 'ids', ids: [...ids] }])
    return this.pushUnreadNow()
  }

  /** Marks every entry of a watched address or followed circuit read. */
  async markTopicRead(topic: Topic): Promise<UnreadCounts> {
    const history = this.requireHistory()
    history.markNotificationsRead({ topic })
    this.builder.closeGroups({ topic })
    this.deps.push('notificationsRead', [{ scope: 'topic', topic: topicKey(topic) }])
    return this.pushUnreadNow()
  }

  async unread(): Promise<UnreadCounts> {
    if (!this.history) return NO_UNREAD
    await this.deps.flushHistory()
    // What was queued while the flush ran is not waited for on this thread: each entry recorded schedules a count of its own (scheduleUnread).
    return this.history.unreadCounts(false)
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.builder.dispose()
    this.candidateListeners.clear()
  }

  private requireHistory(): IndexerHistory {
    if (!this.history) throw new ProofWatchError({ code: 'UNREACHABLE', message: 'Not connected to an indexer yet', retryable: true })
    return this.history
  }

  private scheduleUnread(): void {
    if (this.timer !== null) return
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      this.pushUnreadNow().catch((error: unknown) => this.deps.log.warn('Could not count unread notifications', toErrorInfo(error)))
    }, this.deps.unreadDelayMs ?? 100)
  }

  private async pushUnreadNow(): Promise<UnreadCounts> {
    const counts = await this.unread()
    const fingerprint = JSON.stringify(counts)
    if (fingerprint !== this.last) {
      this.last = fingerprint
      this.deps.push('unread', counts)
    }
    return counts
  }
}
