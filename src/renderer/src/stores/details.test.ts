import { beforeEach, describe, expect, it } from 'vitest'
import type { Proof } from '@shared/domain'
import { deferred } from '@test/support/renderer/deferred'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeProof, makeTransactionDetail } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useDetailsStore } from './details'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('details store', () => {
  it('loads a proof by account, with a loading state', async () => {
    const answer = deferred<Proof>()
    bridge.handle('getProof', () => answer.promise)
    const details = useDetailsStore()
    const loaded = details.proof.load('Acct1')
    expect(details.proof.loading).toBe(true)
    answer.resolve(makeProof(1))
    await loaded
    expect(details.proof.loading).toBe(false)
    expect(details.proof.record?.proofAccount).toBe(makeProof(1).proofAccount)
    expect(details.proof.receivedAt).toBeGreaterThan(0)
    expect(bridge.callsOf('getProof')).toEqual([['Acct1']])
  })

  it('never shows the previous proof while another loads', async () => {
    bridge.handle('getProof', () => makeProof(1))
    const details = useDetailsStore()
    await details.proof.load('one')
    const answer = deferred<Proof>()
    bridge.handle('getProof', () => answer.promise)
    void details.proof.load('two')
    expect(details.proof.record).toBeNull()
    expect(details.proof.id).toBe('two')
  })

  it('keeps NOT_FOUND as an error and retries the same id', async () => {
    bridge.fail('getTransaction', { code: 'NOT_FOUND', message: 'Transaction not found', status: 404 })
    const details = useDetailsStore()
    await details.transaction.load('Sig1')
    expect(details.transaction.error?.code).toBe('NOT_FOUND')
    bridge.handle('getTransaction', () => makeTransactionDetail(1))
    await details.transaction.retry()
    expect(bridge.callsOf('getTransaction')).toEqual([['Sig1'], ['Sig1']])
    expect(details.transaction.error).toBeNull()
    expect(details.transaction.record?.logs).toHaveLength(2)
  })
})
