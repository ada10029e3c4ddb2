import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Proof, ProofQuery } from '@shared/domain'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { account, makeProof, makeProofSummary } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useAddressProofsStore } from './address-proofs'

const AUTHORITY = account(500)

let bridge: FakeBridge
let held: Proof[]

beforeEach(() => {
  bridge = setupStores().bridge
  held = [makeProof(2, { authority: AUTHORITY }), makeProof(1, { authority: AUTHORITY })]
  bridge.handle('listProofs', (query: ProofQuery) => ({ items: held.filter((proof) => proof.authority === query.authority), nextCursor: null, total: String(held.length) }))
})

describe('address proofs store', () => {
  it('lists the proofs of one authority, and asks once for the same one', async () => {
    const store = useAddressProofsStore()
    await store.ensureLoaded(AUTHORITY)
    await store.ensureLoaded(AUTHORITY)
    expect(bridge.callsOf('listProofs')).toEqual([[{ authority: AUTHORITY }]])
    expect(store.items.map((proof) => proof.proofAccount)).toEqual([account(2), account(1)])
    expect(store.ended).toBe(true)
    await store.ensureLoaded(account(7))
    expect(bridge.callsOf('listProofs').at(-1)).toEqual([{ authority: account(7) }])
    expect(store.items).toEqual([])
  })

  it('fetches the newest page again when a live proof of this authority arrives, not for others', async () => {
    const store = useAddressProofsStore()
    await store.ensureLoaded(AUTHORITY)
    bridge.emit('proofs', [{ ...makeProofSummary(9), authority: account(3) }])
    await flushPromises()
    expect(bridge.callsOf('listProofs')).toHaveLength(1)
    held = [makeProof(3, { authority: AUTHORITY }), ...held]
    bridge.emit('proofs', [{ ...makeProofSummary(3), authority: AUTHORITY }])
    await flushPromises()
    expect(bridge.callsOf('listProofs')).toHaveLength(2)
    expect(store.items.map((proof) => proof.proofAccount)).toEqual([account(3), account(2), account(1)])
  })
})
