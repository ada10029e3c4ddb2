import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { BackgroundFetcher } from './background-fetcher'
import { ProofFiller } from './proof-filler'

afterEach(() => {
  vi.useRealTimers()
})

/** Lets the fetcher's promise chains run between fake timer steps. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('BackgroundFetcher', () => {
  it('sleeps with no timer once nothing is left, and wakes for new work', async () => {
    vi.useFakeTimers()
    const fetched: string[] = []
    const filler: ProofFiller = new ProofFiller({ fetch: async (account) => fetched.push(account), onWork: () => fetcher.wake() })
    const fetcher = new BackgroundFetcher({ sources: [filler], perMinute: 600 })
    filler.add(['a', 'b'])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fetched).toEqual(['b', 'a'])
    await settle()
    expect(fetcher.state).toBe('idle')
    expect(vi.getTimerCount()).toBe(0)
    // Nothing wakes it for an hour: no timer fires.
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(vi.getTimerCount()).toBe(0)
    filler.add(['c'])
    await vi.advanceTimersByTimeAsync(200)
    expect(fetched).toEqual(['b', 'a', 'c'])
    await settle()
    expect(vi.getTimerCount()).toBe(0)
    await fetcher.stop()
  })

  it('waits out a 429 for as long as the indexer asks, keeping the job', async () => {
    vi.useFakeTimers()
    let refusals = 1
    const tried: number[] = []
    const filler: ProofFiller = new ProofFiller({
      fetch: async () => {
        tried.push(Date.now())
        if (refusals-- > 0) throw new ProofWatchError({ code: 'RATE_LIMITED', message: 'slow down', status: 429, retryAfterMs: 30_000 })
      },
      onWork: () => fetcher.wake(),
    })
    const fetcher = new BackgroundFetcher({ sources: [filler], perMinute: 60_000 })
    filler.add(['a'])
    await vi.advanceTimersByTimeAsync(29_000)
    expect(tried).toHaveLength(1)
    expect(filler.pending).toBe(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(tried).toHaveLength(2)
    expect(filler.pending).toBe(0)
    await fetcher.stop()
  })
})
