/**
 * The overview, pushed or read: stats events on the socket carry it, and the
 * overview is read over HTTP while they do not come, or come less often than
 * it would be read (the reference pushes them once a minute, docs/wire.md).
 * Apart from LiveService because it is one measurement with its own timer.
 */
import type { ErrorInfo } from '@shared/domain'
import { decodeStatsEvent } from '../indexer/decode'
import { lookedAt, type Poller } from '../polling/poller'
import type { LiveServiceOptions } from './live-service-options'

export const OVERVIEW_POLL = 'overview'

/** What the overview watch reads of the live side it serves. */
export interface OverviewWatchHost {
  readonly poller: Poller
  stopped(): boolean
  /** A stats event came: evidence that the indexer pushes them. */
  statsPushed(): void
  problem(problem: ErrorInfo): void
}

export class OverviewWatch {
  private statsLive = false
  private lastStatsAt: number | null = null
  /** The gap between the last two stats events: how often the indexer pushes them. */
  private statsPeriodMs: number | null = null
  /** Stats are subscribed but come less often than the overview would be read: the poll fills the gaps. */
  private statsSlow = false
  private statsWaitTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly options: Pick<LiveServiceOptions, 'overviewPollMs' | 'source' | 'handlers'>,
    private readonly host: OverviewWatchHost,
  ) {}

  start(): void {
    const { poller } = this.host
    poller.add({
      key: OVERVIEW_POLL,
      intervalMs: this.overviewPollMs(),
      // Also while stats are pushed less often than this: the reference pushes them once a minute (docs/wire.md).
      // Not while nobody looks: the minute's push keeps the health alerts going, and no tile is on screen to fill.
      active: () => !this.statsLive || (this.statsSlow && lookedAt(poller.getActivity())),
      run: () => (this.statsFresh() ? Promise.resolve(null) : this.options.source.overview()),
      onValue: (overview) => {
        if (overview !== null) this.options.handlers.onOverview?.(overview, 'poll')
      },
      onError: (error, failures) => {
        if (failures === 1) this.host.problem({ ...error, message: `The overview cannot be fetched: ${error.message}` })
      },
    })
  }

  stop(): void {
    if (this.statsWaitTimer) clearTimeout(this.statsWaitTimer)
    this.statsWaitTimer = null
  }

  /** A stats event: decoded (a bad one throws), measured and handed on. */
  received(data: unknown): void {
    const overview = decodeStatsEvent(data)
    this.noteStats()
    this.options.handlers.onOverview?.(overview, 'live')
  }

  /** Whether the `stats` channel is subscribed now. */
  setSubscribed(statsLive: boolean): void {
    if (statsLive === this.statsLive) return
    this.statsLive = statsLive
    this.waitForStats()
    this.host.poller.refresh(OVERVIEW_POLL)
  }

  /** When the last stats event came and how often they come. */
  stats(): { lastAt: number | null; periodMs: number | null } {
    return { lastAt: this.lastStatsAt, periodMs: this.statsPeriodMs }
  }

  private overviewPollMs(): number {
    return this.options.overviewPollMs ?? 10_000
  }

  /** A stats event came within one overview interval: no need to read the overview. */
  private statsFresh(): boolean {
    return this.statsLive && this.lastStatsAt !== null && Date.now() - this.lastStatsAt < this.overviewPollMs()
  }

  private noteStats(): void {
    const now = Date.now()
    if (this.lastStatsAt !== null) this.statsPeriodMs = now - this.lastStatsAt
    this.lastStatsAt = now
    this.host.statsPushed()
    this.setStatsSlow(this.statsPeriodMs !== null && this.statsPeriodMs > this.overviewPollMs() * 1.5)
    this.waitForStats()
  }

  /** No stats event within one and a half overview intervals: they are slow until one shows otherwise. */
  private waitForStats(): void {
    if (this.statsWaitTimer) clearTimeout(this.statsWaitTimer)
    this.statsWaitTimer = null
    if (!this.statsLive || this.host.stopped()) return
    this.statsWaitTimer = setTimeout(() => {
      this.statsWaitTimer = null
      this.setStatsSlow(true)
    }, this.overviewPollMs() * 1.5)
    this.statsWaitTimer.unref?.()
  }

  private setStatsSlow(slow: boolean): void {
    if (slow === this.statsSlow) return
    this.statsSlow = slow
    this.host.poller.refresh(OVERVIEW_POLL)
  }
}
