/**
 * The notification centre's owner in the core: every entry goes through
 * here into the history cache, which holds the read state, and every change
 * of read state or of the entries pushes the one `unread` event that the
 * centre, the navigation badges, the watchlist and the tray all show.
 */
import type { BridgeEventName, BridgeEvents } from '@shared/bridge'
import type { AppNotification } from '@shared/domain'
import { NO_UNREAD, type Topic, type UnreadCounts } from '@shared/unread'
import type { IndexerHistory } from '../history/history-store'
import type { Logger } from '../log'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { systemClock, type NotifyClock } from './timers'

export interface NotificationCentreDeps {
  push<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void
  /** Waits until queued history writes are on disk, so counts read after it include them. */
  flushHistory(): Promise<void>
  log: Logger
  clock?: NotifyClock
  /** Entries arriving close together are counted once, this long after the first. Default 100. */
  unreadDelayMs?: number
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
  private readonly entryListeners = new Set<(entries: readonly AppNotification[]) => void>()

  constructor(private readonly deps: NotificationCentreDeps) {
    this.clock = deps.clock ?? systemClock
  }

  /** The indexer now shown (its history view), and where read state is sent back; null when none. */
  attach(history: IndexerHistory | null, sink: ReadStateSink | null = null): void {
    this.history = history
    this.sink = sink
    this.last = ''
    this.scheduleUnread()
  }

  /** Called with every batch of new or updated entries (the decision path for native notifications listens here). */
  onEntries(listener: (entries: readonly AppNotification[]) => void): () => void {
    this.entryListeners.add(listener)
    return () => this.entryListeners.delete(listener)
  }

  /** New or updated entries: kept in the cache, pushed to the centre, counted. */
  record(entries: readonly AppNotification[]): void {
    if (entries.length === 0 || !this.history) return
    this.history.recordNotifications(entries)
    this.deps.push('notifications', [...entries])
    for (const listener of this.entryListeners) listener(entries)
    this.scheduleUnread()
  }

  /**
   * Read state that came from the indexer's own list: applied here without
   * being sent back.
   */
  applyRemoteRead(ids: readonly string[]): void {
    if (ids.length === 0 || !this.history) return
    this.history.markNotificationsRead(ids)
    this.scheduleUnread()
  }

  /** Marks entries read by id, or all of them; the indexer's own list follows. Answers the new counts. */
  async markRead(ids: readonly string[] | 'all'): Promise<UnreadCounts> {
    const history = this.requireHistory()
    history.markNotificationsRead(ids)
    this.sink?.markRead(ids)
    return this.pushUnreadNow()
  }

  /** Marks every entry of a watched address or followed circuit read. */
  async markTopicRead(topic: Topic): Promise<UnreadCounts> {
    const history = this.requireHistory()
    history.markNotificationsRead({ topic })
    return this.pushUnreadNow()
  }

  async unread(): Promise<UnreadCounts> {
    if (!this.history) return NO_UNREAD
    await this.deps.flushHistory()
    return this.history.unreadCounts()
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.entryListeners.clear()
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
