import { describe, expect, it } from 'vitest'
import type { Page, Proof } from '@shared/domain'
import { ManualClock } from '@test/support/manual-clock'
import { RevocationWatch, type RevokedProof } from './revocation-watch'

const WALLET = 'AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz'
const WATCHED = ['8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr', '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj']

function proofOf(account: string, authority: string, revoked: boolean | null): Proof {
  return {
    proofAccount: account,
    signature: null,
    authority,
    circuitId: '1',
    circuitName: null,
    proofType: 'BALANCE',
    publicInputs: {},
    verified: true,
    verifiedAt: null,
    slotVerified: null,
    revoked,
    raw: {},
    extra: {},
  } as Proof
}

function watch(listed: Map<string, Proof[]>, cache: Map<string, boolean | null>) {
  const clock = new ManualClock(0)
  const asked: Array<{ authority: string; limit: number }> = []
  const revoked: RevokedProof[][] = []
  const watcher = new RevocationWatch({
    fetchPage: async (authority, limit): Promise<Page<Proof>> => {
      asked.push({ authority, limit })
      return { items: listed.get(authority) ?? [], nextCursor: null, total: null }
    },
    knownRevoked: async (accounts) => new Map(accounts.map((account) => [account, cache.get(account) ?? null])),
    record: (proofs) => {
      for (const proof of proofs) cache.set(proof.proofAccount, proof.revoked)
    },
    onRevoked: (items) => revoked.push(items),
    scope: () => ({ wallet: WALLET, watched: WATCHED }),
    setTimer: (run, ms) => clock.setTimeout(run, ms),
    clearTimer: (handle) => clock.clearTimeout(handle),
  })
  return { watcher, asked, revoked, cache }
}

describe('RevocationWatch', () => {
  it('hands on a proof once when the cache held it standing and the indexer now lists it revoked, and records the page', async () => {
    const listed = new Map([[WALLET, [proofOf('P1', WALLET, false), proofOf('P2', WALLET, false)]]])
    const { watcher, revoked, cache } = watch(listed, new Map())
    await watcher.check()
    expect(revoked).toEqual([])
    listed.set(WALLET, [proofOf('P1', WALLET, true), proofOf('P2', WALLET, false)])
    await watcher.check()
    await watcher.check()
    expect(revoked).toHaveLength(1)
    expect(revoked[0]?.map((item) => [item.proof.proofAccount, item.own])).toEqual([['P1', true]])
    expect(cache.get('P1')).toBe(true)
  })

  it('says nothing of a proof first met already revoked: nobody saw it standing', async () => {
    const listed = new Map([[WALLET, [proofOf('P3', WALLET, true)]]])
    const { watcher, revoked } = watch(listed, new Map())
    await watcher.check()
    expect(revoked).toEqual([])
  })

  it('reads the wallet every round and the watched authorities in turn, in small head pages', async () => {
    const { watcher, asked } = watch(new Map(), new Map())
    await watcher.check()
    await watcher.check()
    await watcher.check()
    expect(asked.map((a) => a.authority)).toEqual([WALLET, WATCHED[0], WALLET, WATCHED[1], WALLET, WATCHED[0]])
    expect(asked.every((a) => a.limit <= 20)).toBe(true)
  })

  it('tells a watched authority’s revocation apart from the user’s own', async () => {
    const listed = new Map([[WATCHED[0] as string, [proofOf('P4', WATCHED[0] as string, false)]]])
    const { watcher, revoked } = watch(listed, new Map())
    await watcher.check()
    listed.set(WATCHED[0] as string, [proofOf('P4', WATCHED[0] as string, true)])
    await watcher.check() // WALLET + WATCHED[1]
    await watcher.check() // WALLET + WATCHED[0]
    expect(revoked.flat().map((item) => [item.proof.proofAccount, item.own])).toEqual([['P4', false]])
  })
})
