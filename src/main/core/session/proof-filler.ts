import { isOfflineError, toErrorInfo } from '@shared/errors'

export interface ProofFillerOptions {
  /** Fetches the full record over HTTP and keeps it (the cache's read-through does both). */
  fetch(proofAccount: string): Promise<unknown>
  /** Requests per minute at most: the reference allows 1,000 and the user's own reads need room. */
  perMinute?: number
  /** Proof accounts waiting at most; beyond it the oldest wait for the next sighting. */
  maxQueued?: number
  /** How long to wait after the indexer could not be reached before trying again. */
  offlinePauseMs?: number
}

/**
 * Proofs seen only on the live socket arrive as summaries: no state, no
 * circuit name, no signature, no public inputs. This fills each one in over
 * HTTP within seconds, so no view or export keeps it partial: paced within a
 * share of the rate limit, newest first, each once, and paused while the
 * indexer cannot be reached (what was queued is kept and resumed).
 */
export class ProofFiller {
  private readonly queue = new Set<string>()
  private readonly done = new Set<string>()
  private readonly gapMs: number
  private readonly maxQueued: number
  private readonly offlinePauseMs: number
  private timer: ReturnType<typeof setTimeout> | null = null
  private running = false
  private stopped = false

  constructor(private readonly options: ProofFillerOptions) {
    this.gapMs = Math.ceil(60_000 / Math.max(1, options.perMinute ?? 300))
    this.maxQueued = options.maxQueued ?? 1_000
    this.offlinePauseMs = options.offlinePauseMs ?? 10_000
  }

  /** Proof accounts just seen as summaries. */
  add(proofAccounts: Iterable<string>): void {
    if (this.stopped) return
    for (const account of proofAccounts) {
      if (this.done.has(account) || this.queue.has(account)) continue
      this.queue.add(account)
      if (this.queue.size > this.maxQueued) this.queue.delete(this.queue.values().next().value as string)
    }
    this.schedule(0)
  }

  get pending(): number {
    return this.queue.size
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.queue.clear()
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.running || this.timer || this.queue.size === 0) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.next()
    }, delayMs)
    this.timer.unref?.()
  }

  private async next(): Promise<void> {
    // Newest first: the last one added is what the user just saw arrive.
    const account = [...this.queue].at(-1)
    if (account === undefined || this.stopped) return
    this.running = true
    let pause = this.gapMs
    try {
      await this.options.fetch(account)
      this.queue.delete(account)
      this.remember(account)
    } catch (error) {
      if (isOfflineError(toErrorInfo(error))) {
        pause = this.offlinePauseMs
      } else {
        // Not found or refused: asking again would not help.
        this.queue.delete(account)
        this.remember(account)
      }
    } finally {
      this.running = false
    }
    this.schedule(pause)
  }

  private remember(account: string): void {
    this.done.add(account)
    if (this.done.size > 10_000) this.done.delete(this.done.values().next().value as string)
  }
}
