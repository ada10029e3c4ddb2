/**
 * Hands a stream's items on in parts, one part a turn of the event loop, in
 * the order they came. A backfill hands on everything it fetched at once
 * (10,000 transactions of a watched address after an outage): each one is
 * stored, relayed to the window and told to the notification centre, which
 * at once held the main loop for 150 ms and more. A part at a time, the
 * socket, the window's requests and the cache's writes run between parts.
 * Items that come while parts wait go behind them, so nothing overtakes.
 */
import { chunks } from '@shared/chunks'

export interface PacedHandoffOptions {
  /** Items handed on in one turn. Default 250. */
  partItems?: number
  /**
   * Whether a part waiting may go on this turn; else it waits for the next.
   * The session says no while the cache's writes are behind, so that a
   * backfill is handed on as fast as the cache takes it, the way a flood is
   * held to it, without a turn that writes a whole batch. Default: always.
   */
  mayGoOn?: () => boolean
  schedule?: (run: () => void) => unknown
  cancel?: (handle: unknown) => void
}

export class PacedHandoff<T, M> {
  private waiting: { items: T[]; meta: M }[] = []
  private next: unknown = null
  private readonly partItems: number
  private readonly mayGoOn: () => boolean
  private readonly schedule: (run: () => void) => unknown
  private readonly cancel: (handle: unknown) => void

  constructor(
    private readonly handOn: (items: T[], meta: M) => void,
    options: PacedHandoffOptions = {},
  ) {
    this.partItems = Math.max(1, options.partItems ?? 250)
    this.mayGoOn = options.mayGoOn ?? (() => true)
    this.schedule = options.schedule ?? ((run) => setImmediate(run))
    this.cancel = options.cancel ?? ((handle) => clearImmediate(handle as ReturnType<typeof setImmediate>))
  }

  push(items: T[], meta: M): void {
    if (this.waiting.length === 0 && items.length <= this.partItems) {
      this.handOn(items, meta)
      return
    }
    const first = this.waiting.length === 0
    for (const part of chunks(items, this.partItems)) this.waiting.push({ items: part, meta })
    // Nothing was waiting: the first part goes now (if it may), as a small push would.
    if (first) this.handOnPart()
  }

  /** Hands on everything waiting now (the session stops: what was fetched is still stored). */
  drain(): void {
    this.clear()
    const waiting = this.waiting
    this.waiting = []
    for (const part of waiting) this.handOn(part.items, part.meta)
  }

  private handOnPart(): void {
    this.next = null
    if (!this.mayGoOn()) {
      this.next = this.schedule(() => this.handOnPart())
      return
    }
    const part = this.waiting.shift()
    if (part === undefined) return
    // Scheduled first: a handler that throws must not leave the rest waiting for a push that may never come.
    if (this.waiting.length > 0) this.next = this.schedule(() => this.handOnPart())
    this.handOn(part.items, part.meta)
  }

  private clear(): void {
    if (this.next !== null) this.cancel(this.next)
    this.next = null
  }
}
