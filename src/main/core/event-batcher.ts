import type { BridgeEvent, BridgeEventName, BridgeEvents } from '@shared/bridge'

/** Events whose latest value replaces earlier ones within a batch. */
const LATEST_ONLY: ReadonlySet<BridgeEventName> = new Set(['connection', 'overview'])

export interface EventBatcherOptions {
  /** How long events may wait to share a message (about one animation frame). */
  intervalMs?: number
  /** Flush at once when this many items are waiting. */
  maxItems?: number
  schedule?: (fn: () => void, ms: number) => unknown
  cancel?: (handle: unknown) => void
}

/**
 * Collects core events and hands them on in batches, so a burst of indexer
 * events becomes one bridge message, not one message each.
 */
export class EventBatcher {
  private readonly pending = new Map<BridgeEventName, unknown>()
  private problems: BridgeEvents['problem'][] = []
  private items = 0
  private timer: unknown = null
  private readonly intervalMs: number
  private readonly maxItems: number
  private readonly schedule: (fn: () => void, ms: number) => unknown
  private readonly cancel: (handle: unknown) => void

  constructor(
    private readonly flushTo: (batch: BridgeEvent[]) => void,
    options: EventBatcherOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 16
    this.maxItems = options.maxItems ?? 1000
    this.schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms))
    this.cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  }

  push<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void {
    if (event === 'problem') {
      this.problems.push(payload as BridgeEvents['problem'])
      this.items++
    } else if (LATEST_ONLY.has(event)) {
      this.pending.set(event, payload)
      this.items++
    } else {
      const list = payload as unknown[]
      const existing = this.pending.get(event) as unknown[] | undefined
      if (existing) existing.push(...list)
      else this.pending.set(event, [...list])
      this.items += list.length
    }
    if (this.items >= this.maxItems) this.flush()
    else if (this.timer === null) this.timer = this.schedule(() => this.flush(), this.intervalMs)
  }

  flush(): void {
    if (this.timer !== null) {
      this.cancel(this.timer)
      this.timer = null
    }
    if (this.items === 0) return
    const batch = [...this.pending].map(([event, payload]) => ({ event, payload }) as BridgeEvent)
    for (const problem of this.problems) batch.push({ event: 'problem', payload: problem })
    this.pending.clear()
    this.problems = []
    this.items = 0
    this.flushTo(batch)
  }

  dispose(): void {
    if (this.timer !== null) this.cancel(this.timer)
    this.timer = null
    this.pending.clear()
    this.problems = []
    this.items = 0
  }
}
