import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import { NOW_TICK_MS, useNow } from './use-now'

afterEach(() => {
  vi.useRealTimers()
})

describe('useNow', () => {
  it('moves every tick while used, with one timer for all, and stops when nobody uses it', () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const first = effectScope()
    const second = effectScope()
    const now = first.run(() => useNow())!
    second.run(() => useNow())
    expect(now.value).toBe(1_000_000)
    expect(vi.getTimerCount()).toBe(1)

    vi.advanceTimersByTime(NOW_TICK_MS)
    expect(now.value).toBe(1_000_000 + NOW_TICK_MS)

    first.stop()
    expect(vi.getTimerCount()).toBe(1)
    second.stop()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('starts from the current time for a new user, not the last tick', () => {
    vi.useFakeTimers({ now: 5_000_000 })
    const scope = effectScope()
    const now = scope.run(() => useNow())!
    vi.setSystemTime(5_002_000)
    const later = effectScope()
    later.run(() => useNow())
    expect(now.value).toBe(5_002_000)
    scope.stop()
    later.stop()
  })
})
