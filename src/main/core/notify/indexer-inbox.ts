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
import { systemClock, type NotifyClock } from './timers'

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
  /**
   * Read marks did not reach the indexer: told at the first failure of a run
   * (the page shows it, even for a 5xx that onProblem would leave to the
   * connection state: the user acted and should know it did not land).
   */
  onReadFailed?(problem: ErrorInfo): void
  /** The indexer answered 401: a sign-in that ended is told (once) by whoever keeps it. */
  onUnauthorized?(problem: ErrorInfo): void
  pageSize?: number
  /** Pages read at most per sync; the rest of a very long absence stays on the indexer. Default 20. */
  maxPages?: number
  /** Waits before telling the indexer again what was read, after each failure in a row (the last one repeats). */
  readRetryMs?: readonly number[]
  clock?: NotifyClock
}

/** Read marks that did not reach the indexer are sent again soon, not at the next sync minutes later. */
const READ_RETRY_MS = [5_000, 15_000, 60_000, 120_000]

function formatDelay(ms: number): string {
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`
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
  /** Read posts that failed in a row, and the timer that sends them again. */
  private readFailures = 0
  private readRetry: unknown = null

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
    this.clearReadRetry()
  }

  private clearReadRetry(): void {
    if (this.readRetry !== null) (this.options.clock ?? systemClock).clearTimeout(this.readRetry)
    this.readRetry = null
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
    const asked = new Set<string>()
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
        // A cursor that leads back to a page already read would be followed to maxPages: stop at its first repeat.
        if (asked.has(answer.nextCursor)) {
          this.options.log.warn(`the indexer's notification list gave a cursor it had already given (after ${page + 1} pages): stopped reading it there`, { cursor: answer.nextCursor.slice(0, 64) })
          break
        }
        cursor = answer.nextCursor
        asked.add(cursor)
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
      if (this.readFailures > 0) this.options.log.info('the indexer was told what was read, after it had failed', { failures: this.readFailures })
      this.readFailures = 0
      this.clearReadRetry()
    } catch (error) {
      const info = toErrorInfo(error)
      if (info.status === 404) this.state = 'absent'
      else if (info.status === 401) this.state = 'sign-in-needed'
      else this.readFailed(info)
    }
  }

  /** Says so (the page shows the first of a run) and sends again after 5 s, 15 s, 60 s, then every 2 min. */
  private readFailed(info: ErrorInfo): void {
    const delays = this.options.readRetryMs ?? READ_RETRY_MS
    const wait = delays[Math.min(this.readFailures, delays.length - 1)] ?? 120_000
    this.readFailures++
    const problem = { ...info, message: `Could not mark notifications read on the indexer: ${info.message} (trying again in ${formatDelay(wait)})` }
    this.options.log.warn('could not tell the indexer what was read', problem)
    if (this.readFailures === 1) this.options.onReadFailed?.(problem)
    if (this.readRetry !== null || this.disposed) return
    this.readRetry = (this.options.clock ?? systemClock).setTimeout(() => {
      this.readRetry = null
      void this.sendRead()
    }, wait)
  }
}
