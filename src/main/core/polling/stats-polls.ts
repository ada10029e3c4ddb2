/**
 * The statistics the socket does not push, polled: the time series the
 * views show and the leaderboard. Values go on only when they changed, so an
 * unchanged answer (a 304 on a conditional request, or the same body) costs
 * the bridge nothing.
 */
import type { ErrorInfo, LeaderboardEntry, LeaderboardQuery, Series, SeriesQuery } from '@shared/domain'
import type { Poller } from './poller'

export interface StatsSource {
  series(query: SeriesQuery): Promise<Series>
  leaderboard(query: LeaderboardQuery): Promise<LeaderboardEntry[]>
}

export interface StatsIntervals {
  seriesMs: number
  leaderboardMs: number
}

export const DEFAULT_STATS_INTERVALS: StatsIntervals = { seriesMs: 60_000, leaderboardMs: 60_000 }

export interface StatsPollsOptions {
  source: StatsSource
  poller: Poller
  intervals?: Partial<StatsIntervals>
  onSeries?: (series: Series) => void
  onLeaderboard?: (query: LeaderboardQuery, entries: LeaderboardEntry[]) => void
  /** The first failure of a run of failures; later ones back off quietly until one succeeds. */
  onProblem?: (problem: ErrorInfo) => void
}

/** Series the views asked for most recently; the poller keeps these fresh. */
const RECENT_SERIES_MAX = 4

const SERIES_KEY = 'series:'
const LEADERBOARD_KEY = 'leaderboard'

function seriesKey(query: SeriesQuery): string {
  return `${SERIES_KEY}${query.metric}:${query.period}`
}

/** What identifies a value's content; RawKept copies are left out, the decoded fields say it all. */
function seriesFingerprint(series: Series): string {
  return JSON.stringify([series.serverMetric, series.points])
}

function leaderboardFingerprint(entries: LeaderboardEntry[]): string {
  return JSON.stringify(entries.map((entry) => [entry.rank, entry.pubkey, entry.proofCount]))
}

export class StatsPolls {
  private intervals: StatsIntervals
  private readonly fingerprints = new Map<string, string>()
  private seriesKeys = new Set<string>()
  private leaderboardFollowed = false
  private readonly recentSeries: SeriesQuery[] = []

  constructor(private readonly options: StatsPollsOptions) {
    this.intervals = { ...DEFAULT_STATS_INTERVALS, ...options.intervals }
  }

  /** Polls exactly these series (those the views show); others stop. */
  followSeries(queries: readonly SeriesQuery[]): void {
    const wanted = new Map(queries.map((query) => [seriesKey(query), query]))
    for (const key of this.seriesKeys) {
      if (!wanted.has(key)) {
        this.options.poller.remove(key)
        this.fingerprints.delete(key)
      }
    }
    for (const [key, query] of wanted) {
      if (this.seriesKeys.has(key)) continue
      this.options.poller.add({
        key,
        intervalMs: this.intervals.seriesMs,
        run: () => this.options.source.series(query),
        onValue: (series) => {
          if (this.changed(key, seriesFingerprint(series))) this.options.onSeries?.(series)
        },
        onError: (error, failures) => this.failed(`the ${query.metric} series (${query.period})`, error, failures),
      })
    }
    this.seriesKeys = new Set(wanted.keys())
  }

  /** The series a view just asked for joins those polled (the oldest beyond a few drop out). */
  followRecentSeries(query: SeriesQuery): void {
    const index = this.recentSeries.findIndex((q) => q.metric === query.metric && q.period === query.period)
    if (index >= 0) this.recentSeries.splice(index, 1)
    this.recentSeries.unshift({ metric: query.metric, period: query.period })
    this.recentSeries.length = Math.min(this.recentSeries.length, RECENT_SERIES_MAX)
    this.followSeries(this.recentSeries)
  }

  /** Polls the leaderboard for this query, or stops with null. */
  followLeaderboard(query: LeaderboardQuery | null): void {
    this.fingerprints.delete(LEADERBOARD_KEY)
    if (query === null) {
      this.options.poller.remove(LEADERBOARD_KEY)
      this.leaderboardFollowed = false
      return
    }
    this.leaderboardFollowed = true
    this.options.poller.add({
      key: LEADERBOARD_KEY,
      intervalMs: this.intervals.leaderboardMs,
      run: () => this.options.source.leaderboard(query),
      onValue: (entries) => {
        if (this.changed(LEADERBOARD_KEY, leaderboardFingerprint(entries))) this.options.onLeaderboard?.(query, entries)
      },
      onError: (error, failures) => this.failed('the leaderboard', error, failures),
    })
  }

  setIntervals(intervals: Partial<StatsIntervals>): void {
    this.intervals = { ...this.intervals, ...intervals }
    for (const key of this.seriesKeys) this.options.poller.setIntervalMs(key, this.intervals.seriesMs)
    if (this.leaderboardFollowed) this.options.poller.setIntervalMs(LEADERBOARD_KEY, this.intervals.leaderboardMs)
  }

  stop(): void {
    this.followSeries([])
    this.followLeaderboard(null)
  }

  private changed(key: string, fingerprint: string): boolean {
    if (this.fingerprints.get(key) === fingerprint) return false
    this.fingerprints.set(key, fingerprint)
    return true
  }

  private failed(what: string, error: ErrorInfo, failures: number): void {
    if (failures === 1) this.options.onProblem?.({ ...error, message: `Polling ${what} failed: ${error.message}` })
  }
}
