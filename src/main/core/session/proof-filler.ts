import type { FetchJob, JobOutcome, WorkSource } from './background-fetcher'

export interface ProofFillerOptions {
  /** Fetches the full record over HTTP and keeps it in the cache. */
  fetch(proofAccount: string): Promise<unknown>
  /** There is work: wakes the background fetcher that asks this source. */
  onWork(): void
  /** Proof accounts waiting at most; beyond it the oldest wait for the next sighting. */
  maxQueued?: number
}

/**
 * Proofs seen only on the live socket arrive as summaries: no state, no
 * circuit name, no signature, no public inputs. This is the queue that fills
 * each one in over HTTP within seconds, so no view or export keeps it
 * partial: newest first, each once, and kept while the indexer cannot be
 * reached. The background fetcher it feeds paces it (one budget with the
 * other background fetches) and asks it first.
 */
export class ProofFiller implements WorkSource {
  private readonly queue = new Set<string>()
  private readonly done = new Set<string>()
  private readonly inFlight = new Set<string>()
  private readonly maxQueued: number
  private stopped = false

  constructor(private readonly options: ProofFillerOptions) {
    this.maxQueued = options.maxQueued ?? 1_000
  }

  /** Proof accounts just seen as summaries. */
  add(proofAccounts: Iterable<string>): void {
    if (this.stopped) return
    let added = false
    for (const account of proofAccounts) {
      if (this.done.has(account) || this.queue.has(account) || this.inFlight.has(account)) continue
      this.queue.add(account)
      added = true
      if (this.queue.size > this.maxQueued) this.queue.delete(this.queue.values().next().value as string)
    }
    if (added) this.options.onWork()
  }

  get pending(): number {
    return this.queue.size + this.inFlight.size
  }

  next(): FetchJob | null {
    if (this.stopped) return null
    // Newest first: the last one added is what the user just saw arrive.
    const account = [...this.queue].at(-1)
    if (account === undefined) return null
    this.queue.delete(account)
    this.inFlight.add(account)
    return {
      key: account,
      run: async () => {
        await this.options.fetch(account)
        return 'fetched'
      },
    }
  }

  settle(job: FetchJob, outcome: JobOutcome): void {
    this.inFlight.delete(job.key)
    if (outcome === 'again') {
      if (!this.stopped) this.queue.add(job.key)
      return
    }
    this.remember(job.key)
  }

  stop(): void {
    this.stopped = true
    this.queue.clear()
  }

  private remember(account: string): void {
    this.done.add(account)
    if (this.done.size > 10_000) this.done.delete(this.done.values().next().value as string)
  }
}
