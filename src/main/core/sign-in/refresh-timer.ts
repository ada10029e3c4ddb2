/**
 * When a kept sign-in is refreshed: a day before it ends (sessions last 7
 * days), at least a minute from now, and again five minutes after a refresh
 * that failed for another reason than the session's end (out of reach).
 */

/** Refreshed when less than this is left. */
const REFRESH_BEFORE_END_MS = 24 * 60 * 60_000
/** After a refresh that failed for another reason than the session's end (unreachable). */
const REFRESH_RETRY_MS = 5 * 60_000

export class RefreshTimer {
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly refresh: () => Promise<void>,
    private readonly now: () => number,
  ) {}

  /** The refresh of a session that ends at `expiresAt`. */
  schedule(expiresAt: number): void {
    const delay = Math.max(60_000, expiresAt - REFRESH_BEFORE_END_MS - this.now())
    // setTimeout holds at most ~24.8 days; sessions are far shorter.
    this.start(Math.min(delay, 2 ** 31 - 1))
  }

  /** A refresh failed while the session may still be good: tried again soon. */
  retrySoon(): void {
    this.start(REFRESH_RETRY_MS)
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  private start(delayMs: number): void {
    this.clear()
    this.timer = setTimeout(() => void this.refresh(), delayMs)
    this.timer.unref?.()
  }
}
