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
    const loaded = details.loadProof('Acct1')
    expect(details.proofLoading).toBe(true)
    answer.resolve(makeProof(1))
    await loaded
    expect(details.proofLoading).toBe(false)
    expect(details.proof?.proofAccount).toBe(makeProof(1).proofAccount)
    expect(details.proofReceivedAt).toBeGreaterThan(0)
    expect(bridge.callsOf('getProof')).toEqual([['Acct1']])
  })

  it('never shows the previous proof while another loads', async () => {
    bridge.handle('getProof', () => makeProof(1))
    const details = useDetailsStore()
    await details.loadProof('one')
    const answer = deferred<Proof>()
    bridge.handle('getProof', () => answer.promise)
    void details.loadProof('two')
    expect(details.proof).toBeNull()
    expect(details.proofAccount).toBe('two')
  })

  it('keeps NOT_FOUND as an error and retries the same id', async () => {
    bridge.fail('getTransaction', { code: 'NOT_FOUND', message: 'Transaction not found', status: 404 })
    const details = useDetailsStore()
    await details.loadTransaction('Sig1')
    expect(details.transactionError?.code).toBe('NOT_FOUND')
    bridge.handle('getTransaction', () => makeTransactionDetail(1))
    await details.retryTransaction()
    expect(bridge.callsOf('getTransaction')).toEqual([['Sig1'], ['Sig1']])
    expect(details.transactionError).toBeNull()
    expect(details.transaction?.logs).toHaveLength(2)
  })
})
