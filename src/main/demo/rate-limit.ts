/**
 * The reference deployment's rate limit: 1000 requests a minute per client,
 * announced in x-ratelimit-* headers on every routed response. Counting is
 * always on (the headers need it); refusing with 429 is optional.
 */
export interface RateLimitVerdict {
  headers: Record<string, string>
  exceeded: boolean
  retryAfterSeconds: number
}

interface Window {
  count: number
  resetAt: number
}

const SWEEP_ABOVE = 1024

export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly limit = 1000,
    private readonly windowMs = 60_000,
    private readonly enforce = false,
    private readonly clock: () => number = Date.now,
  ) {}

  take(client: string): RateLimitVerdict {
    const now = this.clock()
    let window = this.windows.get(client)
    if (window === undefined || window.resetAt <= now) {
      if (this.windows.size >= SWEEP_ABOVE) this.sweep(now)
      window = { count: 0, resetAt: now + this.windowMs }
      this.windows.set(client, window)
    }
    window.count++
    const retryAfterSeconds = Math.max(0, Math.ceil((window.resetAt - now) / 1000))
    return {
      headers: {
        'x-ratelimit-limit': String(this.limit),
        'x-ratelimit-remaining': String(Math.max(0, this.limit - window.count)),
        'x-ratelimit-reset': String(retryAfterSeconds),
      },
      exceeded: this.enforce && window.count > this.limit,
      retryAfterSeconds,
    }
  }

  private sweep(now: number): void {
    for (const [client, window] of this.windows) if (window.resetAt <= now) this.windows.delete(client)
  }
}
