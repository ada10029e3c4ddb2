import type { BridgeEvent, BridgeEventName, BridgeEvents } from '@shared/bridge'
import { MergedEvents } from './merged-events'

export interface EventBatcherOptions {
  /** The least time between two messages (about one animation frame). */
  intervalMs?: number
  /** Flush at once when this many items are waiting. */
  maxItems?: number
  schedule?: (fn: () => void, ms: number) => unknown
  cancel?: (handle: unknown) => void
  /** Milliseconds of a monotonic clock. */
  now?: () => number
}

/**
 * Collects core events and hands them on in batches, so a burst of indexer
 * events becomes one bridge message, not one message each: at most one
 * message per interval. An event after a quiet interval goes out on the next
 * turn of the event loop (with whatever arrived in the same turn) rather
 * than waiting a whole interval; events that follow it wait for the rest of
 * the interval together.
 */
export class EventBatcher {
  // No caps: a full batch is flushed before it could need one.
  private readonly pending = new MergedEvents(Infinity, Infinity)
  private timer: unknown = null
  private readonly intervalMs: number
  private readonly maxItems: number
  private readonly schedule: (fn: () => void, ms: number) => unknown
  private readonly cancel: (handle: unknown) => void
  private readonly now: () => number
  private lastFlushAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly flushTo: (batch: BridgeEvent[]) => void,
    options: EventBatcherOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 16
    this.maxItems = options.maxItems ?? 1000
    this.schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms))
    this.cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
    this.now = options.now ?? (() => performance.now())
  }

  push<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void {
    this.pending.add([{ event, payload } as BridgeEvent])
    if (this.pending.size >= this.maxItems) this.flush()
    else if (this.timer === null) {
      // Before the first flush there is nothing to space from, and no clock is read: the first push comes on the
      // first screen's path, where reading performance's clock would load perf_hooks.
      const wait = this.lastFlushAt === Number.NEGATIVE_INFINITY ? 0 : Math.max(0, this.lastFlushAt + this.intervalMs - this.now())
      this.timer = this.schedule(() => this.flush(), wait)
    }
  }

  flush(): void {
    if (this.timer !== null) {
      this.cancel(this.timer)
      this.timer = null
    }
    if (this.pending.isEmpty) return
    this.lastFlushAt = this.now()
    this.flushTo(this.pending.take())
  }

  dispose(): void {
    if (this.timer !== null) this.cancel(this.timer)
    this.timer = null
    this.pending.take()
  }
}
