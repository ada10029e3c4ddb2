import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Proof } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { BackgroundFetcher } from './background-fetcher'
import { ProofFiller, type SeenProof } from './proof-filler'

const seen = (...accounts: string[]): SeenProof[] => accounts.map((proofAccount) => ({ proofAccount, slot: null }))

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
    filler.add(seen('a', 'b'))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fetched).toEqual(['b', 'a'])
    await settle()
    expect(fetcher.state).toBe('idle')
    expect(vi.getTimerCount()).toBe(0)
    // Nothing wakes it for an hour: no timer fires.
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(vi.getTimerCount()).toBe(0)
    filler.add(seen('c'))
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
    filler.add(seen('a'))
    await vi.advanceTimersByTimeAsync(29_000)
    expect(tried).toHaveLength(1)
    expect(filler.pending).toBe(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(tried).toHaveLength(2)
    expect(filler.pending).toBe(0)
    await fetcher.stop()
  })

  it('gathers proofs seen on the socket with one timer, asks one page for them, and then sets no timer', async () => {
    vi.useFakeTimers()
    const pages: number[] = []
    const proofOf = (proofAccount: string, slot: string): Proof => ({
      proofAccount, signature: 's', authority: null, circuitId: null, circuitName: null, proofType: null, publicInputs: {},
      verified: true, verifiedAt: null, slotVerified: slot, revoked: false, raw: {}, extra: {},
    })
    const filler: ProofFiller = new ProofFiller({
      fetch: async (account) => {
        throw new Error(`${account} asked on its own`)
      },
      fetchPage: async ({ limit }) => {
        pages.push(limit)
        return { items: [proofOf('b', '11'), proofOf('a', '10')], nextCursor: null, total: null }
      },
      onWork: () => fetcher.wake(),
      gatherMs: 2_500,
    })
    const fetcher = new BackgroundFetcher({ sources: [filler], perMinute: 600 })
    filler.add([{ proofAccount: 'a', slot: '10' }])
    await vi.advanceTimersByTimeAsync(1_000)
    filler.add([{ proofAccount: 'b', slot: '11' }])
    // One gathering timer, however many proofs arrive while it runs.
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1_400)
    expect(pages).toEqual([])
    await vi.advanceTimersByTimeAsync(200)
    expect(pages).toEqual([7])
    // The pace's gap after the request, then asleep.
    await vi.advanceTimersByTimeAsync(200)
    await settle()
    expect(filler.pending).toBe(0)
    expect(fetcher.state).toBe('idle')
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(pages).toHaveLength(1)
    await fetcher.stop()
  })

  it('a stopped filler leaves no gathering timer behind', async () => {
    vi.useFakeTimers()
    const filler = new ProofFiller({ fetch: async () => {}, fetchPage: async () => ({ items: [], nextCursor: null, total: null }), onWork: () => {} })
    filler.add(seen('a'))
    expect(vi.getTimerCount()).toBe(1)
    filler.stop()
    expect(vi.getTimerCount()).toBe(0)
    expect(filler.pending).toBe(0)
  })
})
