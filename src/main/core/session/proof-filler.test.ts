import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { waitFor } from '../../../../test/support/wait-for'
import { ProofFiller } from './proof-filler'

describe('ProofFiller', () => {
  it('fills every proof once, newest first', async () => {
    const fetched: string[] = []
    const filler = new ProofFiller({ fetch: async (account) => fetched.push(account), perMinute: 60_000 })
    filler.add(['a', 'b', 'c'])
    filler.add(['c', 'b'])
    await waitFor(() => fetched.length === 3)
    expect(fetched[0]).toBe('c')
    expect(new Set(fetched)).toEqual(new Set(['a', 'b', 'c']))
    filler.add(['a'])
    await new Promise((resolve) => setImmediate(resolve))
    expect(fetched).toHaveLength(3)
    filler.stop()
  })

  it('keeps what is queued while the indexer is out of reach, and resumes', async () => {
    let reachable = false
    const fetched: string[] = []
    const filler = new ProofFiller({
      fetch: async (account) => {
        if (!reachable) throw new ProofWatchError({ code: 'UNREACHABLE', message: 'down' })
        fetched.push(account)
      },
      perMinute: 60_000,
      offlinePauseMs: 20,
    })
    filler.add(['a', 'b'])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(filler.pending).toBe(2)
    reachable = true
    await waitFor(() => fetched.length === 2)
    expect(filler.pending).toBe(0)
    filler.stop()
  })

  it('gives up on a proof the indexer does not know, and paces requests', async () => {
    const at: number[] = []
    const filler = new ProofFiller({
      fetch: async (account) => {
        at.push(Date.now())
        if (account === 'gone') throw new ProofWatchError({ code: 'NOT_FOUND', message: 'no', status: 404 })
      },
      perMinute: 600,
    })
    filler.add(['x', 'gone'])
    await waitFor(() => at.length === 2)
    expect(filler.pending).toBe(0)
    // 600 a minute: at least 100 ms apart.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(95)
    filler.stop()
  })
})
