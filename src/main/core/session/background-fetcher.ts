import { isOfflineError, toErrorInfo } from '@shared/errors'
import type { ErrorInfo } from '@shared/domain'

/** One record to fetch in the background. */
export interface FetchJob {
  /** What is fetched, e.g. `tx:<signature>`; unique within its source. */
  key: string
  /**
   * Fetches and keeps the record. `skipped`: it turned out to be held
   * already, no request was made (and none of the budget spent).
   */
  run(): Promise<'fetched' | 'skipped'>
}

/** How a job ended, as its source hears it. */
export type JobOutcome =
  /** Fetched and kept, or already held. */
  | 'done'
  /** The indexer does not have it (404) or refused the question: asking again would not help. */
  | 'gone'
  /** Not reached (offline, rate-limited): ask again later. */
  | 'again'

/** A queue of records to fetch; the fetcher asks each source in turn, the first first. */
export interface WorkSource {
  /** The next job, newest first; null when this source has nothing to do now. */
  next(): FetchJob | null
  settle(job: FetchJob, outcome: JobOutcome, problem: ErrorInfo | null): void
}

export interface BackgroundFetcherOptions {
  /** In priority order: a job of the first source goes before any of the second. */
  sources: WorkSource[]
  /**
   * Requests per minute at most, all sources together: the reference allows
   * 1,000 a minute, and the user's own reads, polls and backfills need room.
   */
  perMinute?: number
  /** First wait after the indexer could not be reached; doubles up to `offlinePauseMaxMs` until it answers again. */
  offlinePauseMs?: number
  offlinePauseMaxMs?: number
  /** Wait after a 429 that names no time of its own. */
  rateLimitedPauseMs?: number
  /** The fetcher started working, went quiet, or paused: the connection state shows it. */
  onState?(state: BackgroundFetchState): void
  clock?: () => number
}

/** `working`: fetching; `idle`: nothing to do (asleep); `offline`: paused until the indexer answers again. */
export type BackgroundFetchState = 'working' | 'idle' | 'offline'

export const BACKGROUND_REQUESTS_PER_MINUTE = 300
/** Jobs found held already, one after another, before the worker lets other work run. */
const MAX_SKIPS_PER_STEP = 200

/**
 * One paced worker for every background fetch of a session (proofs seen only
 * on the socket, full records of what the user watches), so they share one
 * request budget instead of each keeping its own. Event-driven: it sleeps
 * with no timer while no source has work and is woken by `wake()`; a timer
 * runs only to keep the pace between two requests or to wait out an outage.
 * Errors never make it spin: every request, failed or not, takes its place
 * in the pace, and an outage or a 429 pauses it.
 */
export class BackgroundFetcher {
  private readonly gapMs: number
  private readonly offlinePauseMs: number
  private readonly offlinePauseMaxMs: number
  private readonly rateLimitedPauseMs: number
  private readonly clock: () => number
  private timer: ReturnType<typeof setTimeout> | null = null
  /** Earliest time the next request may start. */
  private notBefore = 0
  private running = false
  /** The step under way, for `stop()` to wait on. */
  private working: Promise<void> | null = null
  private stopped = false
  /** Set while the indexer is out of reach: the pause before the next try. */
  private offlinePause = 0
  private current: BackgroundFetchState = 'idle'

  constructor(private readonly options: BackgroundFetcherOptions) {
    this.gapMs = Math.ceil(60_000 / Math.max(1, options.perMinute ?? BACKGROUND_REQUESTS_PER_MINUTE))
    this.offlinePauseMs = options.offlinePauseMs ?? 10_000
    this.offlinePauseMaxMs = Math.max(this.offlinePauseMs, options.offlinePauseMaxMs ?? 300_000)
    this.rateLimitedPauseMs = options.rateLimitedPauseMs ?? 60_000
    this.clock = options.clock ?? Date.now
  }

  get state(): BackgroundFetchState {
    return this.current
  }

  /** A source may have new work. While paused offline this waits for the pause (or `online()`). */
  wake(): void {
    if (this.stopped || this.running || this.timer) return
    this.schedule(Math.max(0, this.notBefore - this.clock()))
  }

  /** The indexer answered again (HTTP or socket): an outage pause ends now. */
  online(): void {
    if (this.stopped || this.offlinePause === 0) return
    this.offlinePause = 0
    this.notBefore = 0
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.setState('idle')
    this.wake()
  }

  /** Starts nothing more; resolves once a request under way has ended (and its record was kept). */
  stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    return this.working ?? Promise.resolve()
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null
      const step = this.step()
      this.working = step
      void step.finally(() => {
        if (this.working === step) this.working = null
      })
    }, delayMs)
    this.timer.unref?.()
  }

  private nextJob(): { job: FetchJob; source: WorkSource } | null {
    for (const source of this.options.sources) {
      const job = source.next()
      if (job) return { job, source }
    }
    return null
  }

  private async step(): Promise<void> {
    if (this.stopped || this.running) return
    this.running = true
    try {
      // Jobs found held already cost no request: go on to the next at once (a bounded run, then a pause).
      for (let skipped = 0; ; skipped++) {
        if (skipped >= MAX_SKIPS_PER_STEP) {
          this.schedule(this.gapMs)
          return
        }
        let next: { job: FetchJob; source: WorkSource } | null
        try {
          next = this.nextJob()
        } catch {
          // A source that cannot say what is left (its cache failing) is asked again at the next wake.
          next = null
        }
        if (next === null || this.stopped) {
          if (this.offlinePause === 0) this.setState('idle')
          return
        }
        const started = this.clock()
        const ran = await this.run(next.job, next.source)
        if (this.stopped) return
        if (ran === 'skipped') continue
        if (ran === 'fetched' || ran === 'gone') {
          this.notBefore = started + this.gapMs
          this.schedule(Math.max(0, this.notBefore - this.clock()))
          return
        }
        // Paused: `ran` is the wait.
        this.notBefore = this.clock() + ran
        this.schedule(ran)
        return
      }
    } finally {
      this.running = false
    }
  }

  /** Runs one job and settles it; a number is how long to pause before the next. */
  private async run(job: FetchJob, source: WorkSource): Promise<'fetched' | 'skipped' | 'gone' | number> {
    if (this.offlinePause === 0) this.setState('working')
    try {
      const result = await job.run()
      source.settle(job, 'done', null)
      if (this.offlinePause !== 0) this.online()
      return result
    } catch (error) {
      const problem = toErrorInfo(error)
      if (isOfflineError(problem)) {
        source.settle(job, 'again', problem)
        this.offlinePause = this.offlinePause === 0 ? this.offlinePauseMs : Math.min(this.offlinePause * 2, this.offlinePauseMaxMs)
        this.setState('offline')
        return this.offlinePause
      }
      if (problem.status === 429 || problem.code === 'RATE_LIMITED') {
        source.settle(job, 'again', problem)
        return problem.retryAfterMs !== undefined && problem.retryAfterMs > 0 ? problem.retryAfterMs : this.rateLimitedPauseMs
      }
      // Not found, refused, or an answer that does not decode: asking again would not help.
      source.settle(job, 'gone', problem)
      return 'gone'
    }
  }

  private setState(state: BackgroundFetchState): void {
    if (state === this.current) return
    this.current = state
    this.options.onState?.(state)
  }
}
