import type { BridgeEvent, BridgeEventName, BridgeEvents } from '@shared/bridge'
import { MergedEvents } from './merged-events'

export interface EventBatcherOptions {
  /** The least time between two messages (about one animation frame). */
  intervalMs?: number
  /**
   * Flush at once when this many items are waiting, and no message carries
   * more: a flush of more (a backfill's 10,000 transactions) sends the rest
   * a message a turn, so that making one (a structured clone, or JSON in
   * serve mode) never holds the main loop for long. Default 250.
   */
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
 * the interval together. A batch of more than `maxItems` items goes out as
 * several messages, one a turn, in order; what is flushed meanwhile follows them.
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
  /** Messages flushed and not sent yet: a batch's parts past its first, a message a turn. */
  private outbox: BridgeEvent[][] = []
  private sending: unknown = null

  constructor(
    private readonly flushTo: (batch: BridgeEvent[]) => void,
    options: EventBatcherOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 16
    this.maxItems = options.maxItems ?? 250
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
    const waiting = this.outbox.length > 0
    this.outbox.push(...inMessages(this.pending.take(), this.maxItems))
    // Behind parts still waiting to go, this batch waits its turn: the page gets everything in the order it happened.
    if (!waiting) this.sendNext()
  }

  dispose(): void {
    if (this.timer !== null) this.cancel(this.timer)
    if (this.sending !== null) this.cancel(this.sending)
    this.timer = null
    this.sending = null
    this.outbox = []
    this.pending.take()
  }

  private sendNext(): void {
    this.sending = null
    const message = this.outbox.shift()
    if (message === undefined) return
    if (this.outbox.length > 0) this.sending = this.schedule(() => this.sendNext(), 0)
    this.flushTo(message)
  }
}

/** A batch as messages of at most `maxItems` items (a state event, a problem or an empty list counts one), lists cut where needed. */
function inMessages(batch: readonly BridgeEvent[], maxItems: number): BridgeEvent[][] {
  const messages: BridgeEvent[][] = []
  let room = 0
  /** The message being filled, a new one once the last is full. */
  const current = (): BridgeEvent[] => {
    if (room === 0) {
      messages.push([])
      room = maxItems
    }
    return messages[messages.length - 1] as BridgeEvent[]
  }
  for (const item of batch) {
    const payload = item.payload
    // An empty list goes as it came: it costs nothing to send.
    if (!Array.isArray(payload) || payload.length === 0) {
      current().push(item)
      room--
      continue
    }
    for (let from = 0; from < payload.length; ) {
      const message = current()
      const part = (payload as unknown[]).slice(from, from + room)
      message.push({ event: item.event, payload: part } as BridgeEvent)
      from += part.length
      room -= part.length
    }
  }
  return messages
}
