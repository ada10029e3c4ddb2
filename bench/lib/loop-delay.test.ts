import { describe, expect, it } from 'vitest'
import { startLoopDelay } from './loop-delay'

/** Holds the thread for `ms`, as a synchronous salvage or checkpoint would. */
function block(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('startLoopDelay', () => {
  it('records a block that comes once it is ticking', async () => {
    const histogram = startLoopDelay()
    await histogram.ticking()
    block(300)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const delay = histogram.stop()
    expect(delay.max).toBeGreaterThanOrEqual(290)
  })
})
