/**
 * The indexer's own notification list for the signed-in user (docs/wire.md,
 * Accounts), where it offers one: after every (re)connect it is read
 * newest first down to an entry already held, so what arrived while
 * ProofWatch was offline is not lost, and read state goes both ways: what
 * the user read here is posted there (again at the next sync when that
 * failed), what was read there is read here. An indexer that answers 404
 * has no such list; one that answers 401 wants a sign-in first.
 */
import type { AppNotification, ErrorInfo, Page } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { Logger } from '../log/log'
import type { ReadStateSink } from './notification-centre'

export interface InboxSource {
  /** Newest first; items carry the indexer's read flag and `receivedAt` from `createdAt`. */
  notifications(query: { cursor?: string; limit?: number }): Promise<Page<AppNotification>>
  markNotificationRead(id: string): Promise<void>
  markAllNotificationsRead(): Promise<void>
}

export type InboxState = 'unknown' | 'available' | 'absent' | 'sign-in-needed'

export interface IndexerInboxOptions {
  source: InboxSource
  /** Read state of the ids the cache holds (absent: not held). */
  held(ids: readonly string[]): Promise<Map<string, boolean>>
  /**
   * Entries not held yet and those held again (each oldest first), and the
   * ids the indexer says are read. `initial`: nothing was held yet (a first
   * start): the list is history, not news.
   */
  deliver(fresh: AppNotification[], known: AppNotification[], readThere: string[], initial: boolean): void
  log: Logger
  onProblem?(problem: ErrorInfo): void
  /** The indexer answered 401: a sign-in that ended is told (once) by whoever keeps it. */
  onUnauthorized?(problem: ErrorInfo): void
  pageSize?: number
  /** Pages read at most per sync; the rest of a very long absence stays on the indexer. Default 20. */
  maxPages?: number
}

const NAMED_MEMORY = 10_000

/** Ids the core makes for its own entries; everything else came from the indexer's list. */
const LOCAL_ID = /^(USER_PROOF|ADDRESS_TRANSACTION|CIRCUIT_PROOF|HEALTH):/

export function isIndexerNotificationId(id: string): boolean {
  return !LOCAL_ID.test(id)
}

export class IndexerInbox implements ReadStateSink {
  private state: InboxState = 'unknown'
  private running: Promise<void> | null = null
  private again = false
  /** Read here, not yet accepted there. */
  private readonly unsent = new Set<string>()
  private allUnsent = false
  private disposed = false
  /** Held entries whose list copy was handed on already: the minutely refresh does not write them again. */
  private readonly named = new Set<string>()
  /** Some of the list was held already, or has been delivered: what comes next is news. */
  private everHeld = false

  constructor(private readonly options: IndexerInboxOptions) {}

  get status(): InboxState {
    return this.state
  }

  /** Reads what is new (and what was read there); one sync at a time, another one after if asked meanwhile. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        await this.syncOnce()
      } while (this.again && !this.disposed)
    })().finally(() => {
      this.running = null
    })
    return this.running
  }

  markRead(ids: readonly string[] | 'all'): void {
    if (this.state === 'absent') return
    if (ids === 'all') {
      this.allUnsent = true
      this.unsent.clear()
    } else {
      for (const id of ids) if (isIndexerNotificationId(id)) this.unsent.add(id)
    }
    void this.sendRead()
  }

  dispose(): void {
    this.disposed = true
  }

  private async syncOnce(): Promise<void> {
    if (this.disposed || this.state === 'absent') return
    const { source, held, deliver } = this.options
    const pageSize = this.options.pageSize ?? 100
    const maxPages = this.options.maxPages ?? 20
    const fresh: AppNotification[] = []
    const known: AppNotification[] = []
    const readThere: string[] = []
    const notReadThere: string[] = []
    let cursor: string | undefined
    try {
      await this.sendRead()
      for (let page = 0; page < maxPages; page++) {
        const answer = await source.notifications({ limit: pageSize, ...(cursor ? { cursor } : {}) })
        this.state = 'available'
        const holding = await held(answer.items.map((item) => item.id))
        let reachedHeld = false
        for (const item of answer.items) {
          const readHere = holding.get(item.id)
          if (readHere === undefined) {
            fresh.push(item)
            this.named.add(item.id)
          }
          else {
            reachedHeld = true
            // Held from the socket, which leaves data.url out: the list's copy names the subject (once is enough).
            if (!this.named.has(item.id)) {
              if (this.named.size >= NAMED_MEMORY) this.named.clear()
              this.named.add(item.id)
              known.push(item)
            }
            if (item.read && !readHere) readThere.push(item.id)
            if (!item.read && readHere) notReadThere.push(item.id)
          }
        }
        if (reachedHeld || answer.nextCursor === null || answer.items.length === 0) break
        cursor = answer.nextCursor
      }
    } catch (error) {
      const info = toErrorInfo(error)
      if (info.status === 404) {
        this.state = 'absent'
        this.options.log.info('the indexer keeps no notification list of its own')
      } else if (info.status === 401) {
        this.state = 'sign-in-needed'
        this.options.onUnauthorized?.(info)
      } else {
        this.options.log.warn('could not read the indexer notification list', info)
        this.options.onProblem?.({ ...info, message: `Could not read your notifications on the indexer: ${info.message}` })
      }
    }
    const initial = !this.everHeld && known.length === 0
    if (known.length > 0) this.everHeld = true
    if (fresh.length > 0 || known.length > 0 || readThere.length > 0) deliver(fresh.reverse(), known.reverse(), readThere, initial)
    if (fresh.length > 0) this.everHeld = true
    // Read here while the indexer could not be told: tell it now.
    if (notReadThere.length > 0) this.markRead(notReadThere)
    else if (this.state === 'available') await this.sendRead()
  }

  private async sendRead(): Promise<void> {
    if (this.disposed || this.state === 'absent' || this.state === 'sign-in-needed') return
    const { source } = this.options
    try {
      if (this.allUnsent) {
        await source.markAllNotificationsRead()
        this.allUnsent = false
      }
      for (const id of [...this.unsent]) {
        await source.markNotificationRead(id)
        this.unsent.delete(id)
      }
    } catch (error) {
      const info = toErrorInfo(error)
      if (info.status === 404) this.state = 'absent'
      else if (info.status === 401) this.state = 'sign-in-needed'
      else this.options.log.warn('could not tell the indexer what was read; will try again', info)
    }
  }
}
