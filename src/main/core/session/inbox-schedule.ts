/**
 * When the indexer's own notification list is read (notify/indexer-inbox.ts
 * says how): after every (re)connect, soon after a socket notification that
 * left its subject out, and every minute while live, for read state changed
 * on the indexer's web app. Apart from the session so its timers are in one
 * place and all stop together.
 */
import type { IndexerInbox } from '../notify/indexer-inbox'

/** A socket notification without its subject: the list is read this soon after. */
const INBOX_FOLLOW_UP_MS = 1_000
/** The list is read again this often while connected, for read state changed elsewhere. */
const INBOX_REFRESH_MS = 60_000

export class InboxSchedule {
  private socketLive = false
  private followUpTimer: ReturnType<typeof setTimeout> | null = null
  private refreshInterval: ReturnType<typeof setInterval> | null = null

  constructor(private readonly inbox: IndexerInbox) {}

  start(): void {
    // Read state changed on the indexer's web app shows up here within a minute.
    this.refreshInterval = setInterval(() => {
      if (this.socketLive) void this.inbox.sync()
    }, INBOX_REFRESH_MS)
    this.refreshInterval.unref?.()
  }

  /** After every (re)connect the list is read down to what is held. */
  socketState(live: boolean): void {
    if (live && !this.socketLive) void this.inbox.sync()
    this.socketLive = live
  }

  /** A notification came without its subject: the list names what it is about. */
  followUpSoon(): void {
    if (this.followUpTimer) return
    this.followUpTimer = setTimeout(() => {
      this.followUpTimer = null
      void this.inbox.sync()
    }, INBOX_FOLLOW_UP_MS)
    this.followUpTimer.unref?.()
  }

  stop(): void {
    if (this.followUpTimer) clearTimeout(this.followUpTimer)
    if (this.refreshInterval) clearInterval(this.refreshInterval)
    this.followUpTimer = null
    this.refreshInterval = null
    this.inbox.dispose()
  }
}
