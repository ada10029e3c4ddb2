/**
 * Turns a stream of notifiable events into few native notifications. The
 * first event opens a burst window; everything until it closes becomes one
 * notification (the event itself, or a summary). At most `maxPerMinute`
 * notifications show in any minute: past that, events keep adding to the
 * held digest, which shows as one summary as soon as the minute allows.
 * Nothing is dropped from the count.
 */
import type { NotifyCandidate } from './candidates'
import type { NativeNotice } from './summary'
import { Digest, noticeFor } from './summary'
import { ClockTimer, type NotifyClock } from './timers'

export interface CoalescerOptions {
  clock: NotifyClock
  show(notice: NativeNotice): void
  /** Read at each notification, so a changed rule applies at once. */
  maxPerMinute(): number
  /** How long a burst is gathered before it shows. */
  burstWindowMs?: number
  /** How a summary names the one address its transactions are of (default: its short key). */
  describeAddress?: (pubkey: string) => string
}

export interface CoalescerStats {
  /** Events handed in. */
  received: number
  /** Native notifications shown. */
  notices: number
  /** Of those, summaries of more than one event. */
  summaries: number
  /** Events that were shown only as part of a summary. */
  summarisedEvents: number
  /** Times a notification waited because the minute's cap was reached. */
  capDelays: number
}

const MINUTE_MS = 60_000
export const DEFAULT_BURST_WINDOW_MS = 1000

export class Coalescer {
  private digest = new Digest()
  private readonly timer: ClockTimer
  /** When each of the last minute's notifications showed, oldest first. */
  private shownAt: number[] = []
  private readonly counts: CoalescerStats = { received: 0, notices: 0, summaries: 0, summarisedEvents: 0, capDelays: 0 }
  private readonly burstWindowMs: number

  constructor(private readonly options: CoalescerOptions) {
    this.burstWindowMs = options.burstWindowMs ?? DEFAULT_BURST_WINDOW_MS
    this.timer = new ClockTimer(options.clock)
  }

  add(candidate: NotifyCandidate): void {
    this.counts.received++
    this.digest.add(candidate)
    if (!this.timer.pending) this.schedule(this.burstWindowMs)
  }

  /** Ends the current burst now (the cap still applies). */
  flush(): void {
    this.timer.cancel()
    this.deliver()
  }

  /** Events waiting for their notification. */
  get pending(): number {
    return this.digest.count
  }

  stats(): CoalescerStats {
    return { ...this.counts }
  }

  dispose(): void {
    this.timer.cancel()
    this.digest = new Digest()
  }

  private schedule(ms: number): void {
    this.timer.start(ms, () => this.deliver())
  }

  private deliver(): void {
    if (this.digest.isEmpty) return
    const now = this.options.clock.now()
    while (this.shownAt.length > 0 && this.shownAt[0]! <= now - MINUTE_MS) this.shownAt.shift()
    const cap = Math.max(1, this.options.maxPerMinute())
    if (this.shownAt.length >= cap) {
      this.counts.capDelays++
      // The oldest notification of the minute leaves the window then; the held digest keeps growing until.
      this.schedule(Math.max(1, this.shownAt[this.shownAt.length - cap]! + MINUTE_MS - now))
      return
    }
    const notice = noticeFor(this.digest, this.options.describeAddress)
    this.digest = new Digest()
    this.shownAt.push(now)
    this.counts.notices++
    if (notice.count > 1) {
      this.counts.summaries++
      this.counts.summarisedEvents += notice.count
    }
    this.options.show(notice)
  }
}
