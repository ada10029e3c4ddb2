import type { BridgeEvent, BridgeEventName, BridgeEvents } from '@shared/bridge'
import { MergedEvents } from './merged-events'

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
  // No caps: a full batch is flushed before it could need one.
  private readonly pending = new MergedEvents(Infinity, Infinity)
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
    this.pending.add([{ event, payload } as BridgeEvent])
    if (this.pending.size >= this.maxItems) this.flush()
    else if (this.timer === null) this.timer = this.schedule(() => this.flush(), this.intervalMs)
  }

  flush(): void {
    if (this.timer !== null) {
      this.cancel(this.timer)
      this.timer = null
    }
    if (this.pending.isEmpty) return
    this.flushTo(this.pending.take())
  }

  dispose(): void {
    if (this.timer !== null) this.cancel(this.timer)
    this.timer = null
    this.pending.take()
  }
}
