/** Runs a callback before the next frame is drawn; `requestAnimationFrame` in a page. */
export type FrameScheduler = (callback: () => void) => void

export interface FrameGateOptions {
  schedule?: FrameScheduler
  /** Milliseconds of a monotonic clock. */
  now?: () => number
}

/**
 * A batch that comes this soon after the last one was handled (and the view
 * updated) was waiting behind it: the page is working through a backlog.
 */
export const BACKLOG_GAP_MS = 4

const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback())
  else setTimeout(callback, 16)
}

/**
 * Hands pushed batches on as they come, except when the page is behind:
 * a batch that arrives right after the last one was handled, with no frame
 * drawn in between, waits with any others for the next frame. Then the view
 * changes once per frame instead of once per batch, for rows nobody could
 * have seen in between, and the page catches up.
 */
export function createFrameGate<T>(deliver: (items: T[]) => void, options: FrameGateOptions = {}) {
  const schedule = options.schedule ?? nextFrame
  const now = options.now ?? (() => performance.now())
  let waiting: T[] = []
  let lastHandledAt = Number.NEGATIVE_INFINITY

  function hand(items: T[]): void {
    deliver(items)
    // After the view's own update, which the delivery queued as a microtask before this one.
    queueMicrotask(() => (lastHandledAt = now()))
  }

  function onFrame(): void {
    const batch = waiting
    waiting = []
    if (batch.length > 0) hand(batch)
  }

  function push(items: readonly T[]): void {
    if (items.length === 0) return
    if (waiting.length > 0) {
      waiting.push(...items)
      return
    }
    if (now() - lastHandledAt < BACKLOG_GAP_MS) {
      waiting = [...items]
      schedule(onFrame)
      return
    }
    hand([...items])
  }

  return { push }
}
