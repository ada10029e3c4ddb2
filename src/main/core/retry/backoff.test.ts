import { describe, expect, it } from 'vitest'
import { backoffDelay } from './backoff'

describe('backoffDelay', () => {
  it('grows exponentially up to the cap with full jitter', () => {
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500)
    expect(backoffDelay(3, 500, 30_000, () => 1)).toBe(4000)
    expect(backoffDelay(20, 500, 30_000, () => 1)).toBe(30_000)
    expect(backoffDelay(5, 500, 30_000, () => 0)).toBe(0)
    expect(backoffDelay(5, 500, 30_000, () => 0.5)).toBe(8000)
  })
})
