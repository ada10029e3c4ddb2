/**
 * The side-by-side comparison of the latency benchmark: the same proofs made
 * visible by polling the indexer's HTTP API every few seconds instead of the
 * socket. Each poll reads newest first (200 a page, the app's IndexerClient)
 * down to the newest proof it already had; everything it found becomes
 * visible when the poll completes. Rendering is not included, which only
 * flatters polling.
 */
import { IndexerClient } from '../../src/main/core/indexer/client'
import { sleep, wallNow } from '../lib/clock'

export class PollingView {
  /** proofAccount → epoch ms at which a poll made it visible. */
  readonly visibleAt = new Map<string, number>()
  private readonly client: IndexerClient
  private newest: string | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private running: Promise<void> = Promise.resolve()
  private lastCompletedPollStartedAt = Number.NEGATIVE_INFINITY
  private failure: unknown = null

  constructor(
    httpUrl: string,
    private readonly intervalMs: number,
  ) {
    this.client = new IndexerClient({ baseUrl: httpUrl, retries: 0 })
  }

  /** Takes what the list holds now as already seen, then polls every interval. */
  async start(): Promise<void> {
    this.visibleAt.clear()
    const first = await this.client.proofs({ limit: 1 })
    this.newest = first.items[0]?.proofAccount ?? null
    this.schedule()
  }

  /** Waits for a poll that started at or after `time` (epoch ms) to complete, then stops polling. */
  async stopAfterPollStartedAfter(time: number): Promise<void> {
    const deadline = wallNow() + 3 * this.intervalMs + 10_000
    while (this.lastCompletedPollStartedAt < time && this.failure === null) {
      if (wallNow() > deadline) throw new Error(`no poll completed within ${deadline - time} ms`)
      await sleep(10)
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
    if (this.failure !== null) throw this.failure
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      const startedAt = wallNow()
      this.running = this.poll().then(
        () => {
          this.lastCompletedPollStartedAt = startedAt
          if (this.timer !== null) this.schedule()
        },
        (error: unknown) => {
          this.failure = error
        },
      )
    }, this.intervalMs)
  }

  private async poll(): Promise<void> {
    const found: string[] = []
    let cursor: string | undefined
    pages: for (;;) {
      const page = await this.client.proofs({ limit: 200, cursor })
      for (const proof of page.items) {
        if (proof.proofAccount === this.newest) break pages
        found.push(proof.proofAccount)
      }
      if (page.nextCursor === null) break
      cursor = page.nextCursor
    }
    const at = wallNow()
    if (found.length) this.newest = found[0] as string
    for (const account of found) this.visibleAt.set(account, at)
  }
}
