import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { ProofSummary } from '@shared/domain'
import { deferred } from '@test/support/renderer/deferred'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeProofSummary } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { RECENT_PROOFS_CAP } from '@shared/bridge'
import { useLiveProofsStore } from './live-proofs'

let bridge: FakeBridge

const accounts = (proofs: readonly ProofSummary[]) => proofs.map((p) => p.proofAccount)

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('live proofs store', () => {
  it('starts with the recent proofs main holds', async () => {
    bridge.handle('getRecentProofs', () => [makeProofSummary(3), makeProofSummary(2)])
    const live = useLiveProofsStore()
    await live.ensureLoaded()
    expect(accounts(live.proofs)).toEqual(accounts([makeProofSummary(3), makeProofSummary(2)]))
  })

  it('puts pushed batches first, newest first, without duplicates', async () => {
    bridge.handle('getRecentProofs', () => [makeProofSummary(2), makeProofSummary(1)])
    const live = useLiveProofsStore()
    await live.load()
    bridge.emit('proofs', [makeProofSummary(3), makeProofSummary(4)])
    bridge.emit('proofs', [makeProofSummary(4), makeProofSummary(2)])
    expect(accounts(live.proofs)).toEqual(accounts([4, 3, 2, 1].map(makeProofSummary)))
  })

  it('keeps events that arrive while the recent proofs are on their way in front of them', async () => {
    const answer = deferred<ProofSummary[]>()
    bridge.handle('getRecentProofs', () => answer.promise)
    const live = useLiveProofsStore()
    const loaded = live.load()
    bridge.emit('proofs', [makeProofSummary(5)])
    answer.resolve([makeProofSummary(5), makeProofSummary(4)])
    await loaded
    expect(accounts(live.proofs)).toEqual(accounts([5, 4].map(makeProofSummary)))
  })

  it('shows batches at once, and those that queue up behind one together at the next frame', async () => {
    // "Behind" is read off the clock: held still, so that a loaded machine's pause between two lines does not count as a gap.
    vi.useFakeTimers({ toFake: ['performance'] })
    onTestFinished(() => void vi.useRealTimers())
    bridge.handle('getRecentProofs', () => [makeProofSummary(1)])
    const live = useLiveProofsStore()
    await live.load()
    bridge.emit('proofs', [makeProofSummary(2)])
    expect(accounts(live.proofs)).toEqual(accounts([2, 1].map(makeProofSummary)))
    // Handled in the same turn, right behind the last one: the page is behind.
    await Promise.resolve()
    bridge.emit('proofs', [makeProofSummary(3)])
    bridge.emit('proofs', [makeProofSummary(4)])
    expect(accounts(live.proofs)).toEqual(accounts([2, 1].map(makeProofSummary)))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(accounts(live.proofs)).toEqual(accounts([4, 3, 2, 1].map(makeProofSummary)))
  })

  it('caps the feed', () => {
    const live = useLiveProofsStore()
    bridge.emit(
      'proofs',
      Array.from({ length: RECENT_PROOFS_CAP + 20 }, (_, i) => makeProofSummary(i)),
    )
    expect(live.proofs).toHaveLength(RECENT_PROOFS_CAP)
    expect(live.proofs[0]?.proofAccount).toBe(makeProofSummary(RECENT_PROOFS_CAP + 19).proofAccount)
  })

  it('keeps the error when the recent proofs cannot be fetched', async () => {
    bridge.fail('getRecentProofs', { code: 'INTERNAL', message: 'broken' })
    const live = useLiveProofsStore()
    await live.load()
    expect(live.error).toEqual({ code: 'INTERNAL', message: 'broken', retryable: false })
  })
})
