/**
 * What the indexer says of its rate limit, read from every answer's
 * `x-ratelimit-limit`, `-remaining` and `-reset` and from a 429's
 * Retry-After (docs/wire.md: the reference sends all three on every
 * answer). Polls ask `blockedUntil` before they go out: none is sent while
 * the indexer asked to wait or while what remains of its window is kept
 * for the user's own browsing.
 */
import type { ErrorInfo } from '@shared/domain'
import type { AnswerHeaders } from '../indexer/http-transport'

/** Below this share of the limit remaining, polls wait for the window to reset: the rest is the user's. */
const KEEP_FOR_USER = 0.2
/** x-ratelimit-reset values above this are epoch seconds rather than seconds to wait. */
const EPOCH_SECONDS_THRESHOLD = 1e9

export interface RateLimitView {
  /** Requests a minute the indexer allows; null until it said. */
  limitPerMinute: number | null
  remaining: number | null
  /** Epoch ms when polls may go out again; null when they may now. */
  blockedUntil: number | null
}

function header(headers: AnswerHeaders, name: string): number | null {
  const text = headers.get(name)?.trim()
  if (!text || !/^\d+$/.test(text)) return null
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : null
}

export class RateLimit {
  private limit: number | null = null
  private remaining: number | null = null
  private blocked: number | null = null

  constructor(private readonly now: () => number = Date.now) {}

  /** An answer's headers (any status). */
  noteHeaders(headers: AnswerHeaders): void {
    const limit = header(headers, 'x-ratelimit-limit')
    const remaining = header(headers, 'x-ratelimit-remaining')
    const reset = header(headers, 'x-ratelimit-reset')
    if (limit !== null && limit > 0) this.limit = limit
    if (remaining !== null) this.remaining = remaining
    if (this.limit !== null && remaining !== null && reset !== null && remaining < this.limit * KEEP_FOR_USER) {
      const resetMs = reset > EPOCH_SECONDS_THRESHOLD ? reset * 1000 - this.now() : reset * 1000
      this.blockUntil(this.now() + Math.max(0, resetMs))
    }
  }

  /** A failed request: a 429 blocks polls for what it asked (Retry-After, else its reset, else a minute). */
  noteError(error: ErrorInfo): void {
    if (error.status !== 429 && error.code !== 'RATE_LIMITED') return
    this.blockUntil(this.now() + (error.retryAfterMs ?? 60_000))
  }

  /** When polls may go out again; null when they may now. */
  blockedUntil(): number | null {
    if (this.blocked !== null && this.blocked <= this.now()) this.blocked = null
    return this.blocked
  }

  view(): RateLimitView {
    return { limitPerMinute: this.limit, remaining: this.remaining, blockedUntil: this.blockedUntil() }
  }

  private blockUntil(at: number): void {
    if (this.blocked === null || at > this.blocked) this.blocked = at
  }
}
