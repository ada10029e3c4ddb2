import { afterEach, describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { waitFor } from '@test/support/wait-for'
import { BackgroundFetcher } from './background-fetcher'
import { ProofFiller, type SeenProof } from './proof-filler'

let fetcher: BackgroundFetcher | null = null
afterEach(async () => {
  await fetcher?.stop()
  fetcher = null
})

/** A filler fed to its own background fetcher, as the session does. */
function fillerWith(fetch: (account: string) => Promise<unknown>, options: { perMinute?: number; offlinePauseMs?: number } = {}): ProofFiller {
  const filler: ProofFiller = new ProofFiller({ fetch, onWork: () => fetcher?.wake() })
  fetcher = new BackgroundFetcher({ sources: [filler], perMinute: options.perMinute ?? 60_000, offlinePauseMs: options.offlinePauseMs })
  return filler
}

const seen = (...accounts: string[]): SeenProof[] => accounts.map((proofAccount) => ({ proofAccount, slot: null }))

describe('ProofFiller, one proof at a time (an indexer without a list)', () => {
  it('fills every proof once, newest first', async () => {
    const fetched: string[] = []
    const filler = fillerWith(async (account) => fetched.push(account))
    filler.add(seen('a', 'b', 'c'))
    filler.add(seen('c', 'b'))
    await waitFor(() => fetched.length === 3)
    expect(fetched[0]).toBe('c')
    expect(new Set(fetched)).toEqual(new Set(['a', 'b', 'c']))
    filler.add(seen('a'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(fetched).toHaveLength(3)
  })

  it('keeps what is queued while the indexer is out of reach, and resumes', async () => {
    let reachable = false
    let tries = 0
    const fetched: string[] = []
    const filler = fillerWith(
      async (account) => {
        tries++
        if (!reachable) throw new ProofWatchError({ code: 'UNREACHABLE', message: 'down' })
        fetched.push(account)
      },
      { offlinePauseMs: 20 },
    )
    filler.add(seen('a', 'b'))
    await waitFor(() => tries >= 2)
    expect(filler.pending).toBe(2)
    expect(fetcher!.state).toBe('offline')
    reachable = true
    await waitFor(() => fetched.length === 2)
    expect(filler.pending).toBe(0)
  })

  it('gives up on a proof the indexer does not know, and paces requests', async () => {
    const at: number[] = []
    const filler = fillerWith(
      async (account) => {
        at.push(Date.now())
        if (account === 'gone') throw new ProofWatchError({ code: 'NOT_FOUND', message: 'no', status: 404 })
      },
      { perMinute: 600 },
    )
    filler.add(seen('x', 'gone'))
    await waitFor(() => at.length === 2)
    expect(filler.pending).toBe(0)
    // 600 a minute: at least 100 ms apart.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(95)
    filler.add(seen('gone'))
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(at).toHaveLength(2)
  })
})
