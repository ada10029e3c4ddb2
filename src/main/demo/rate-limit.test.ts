import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit'

describe('RateLimiter', () => {
  it('counts per client and window, and refuses past the limit only when enforcing', () => {
    let now = 0
    const enforcing = new RateLimiter(2, 60_000, true, () => now)
    expect(enforcing.take('a').headers).toEqual({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '60' })
    expect(enforcing.take('a').exceeded).toBe(false)
    now = 15_500
    const third = enforcing.take('a')
    expect(third).toMatchObject({ exceeded: true, retryAfterSeconds: 45 })
    expect(third.headers['x-ratelimit-remaining']).toBe('0')
    expect(enforcing.take('b').exceeded).toBe(false)
    now = 60_000
    expect(enforcing.take('a').exceeded).toBe(false)

    const counting = new RateLimiter(1, 60_000, false, () => now)
    counting.take('a')
    expect(counting.take('a')).toMatchObject({ exceeded: false, headers: { 'x-ratelimit-remaining': '0' } })
  })

  it('forgets expired clients once there are many', () => {
    let now = 0
    const limiter = new RateLimiter(5, 1000, true, () => now)
    for (let client = 0; client < 2000; client++) limiter.take(`c${client}`)
    now = 5000
    expect(limiter.take('c1').headers['x-ratelimit-remaining']).toBe('4')
  })
})
