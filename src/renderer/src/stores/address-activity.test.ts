import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { ReadOptions, TransactionQuery } from '@shared/domain'
import type { AddressActivity, AddressActivityQuery } from '@shared/history'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { deferred, type Deferred } from '@test/support/renderer/deferred'
import { account, makeTransaction } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useAddressActivityStore } from './address-activity'
import { useAddressTimelineStore } from './address-timeline'

const ADDRESS = account(1)
const NETWORK = { source: 'network' as const, fetchedAt: 1 }

let bridge: FakeBridge

function activity(transactions: number, pubkey = ADDRESS): AddressActivity {
  return { pubkey, transactions, failed: 0, fees: '0', feesUnknown: 0, firstSeen: null, lastSeen: null, days: [] }
}

beforeEach(() => {
  bridge = setupStores().bridge
  bridge.handle('listTransactions', (query: TransactionQuery, options?: ReadOptions) => {
    if (query.status === 'FAILED') return { items: [], nextCursor: null, total: '4', freshness: NETWORK }
    return options?.source === 'cache' ? { items: [], nextCursor: null, total: null } : { items: [makeTransaction(1)], nextCursor: null, total: '9', freshness: NETWORK }
  })
})

describe('address activity store', () => {
  it('asks main for the cache’s sums in the page’s time zone, and the indexer for its count of failures', async () => {
    bridge.handle('getAddressActivity', () => activity(3))
    const store = useAddressActivityStore()
    await store.load(ADDRESS)
    expect(store.cached?.transactions).toBe(3)
    expect(store.indexerFailed).toBe('4')
    expect(bridge.callsOf('getAddressActivity')).toEqual([[{ pubkey: ADDRESS, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]])
    expect(bridge.callsOf('listTransactions')).toEqual([[{ pubkey: ADDRESS, status: 'FAILED', limit: 1 }]])
  })

  it('does not pass the cache’s count of failures off as the indexer’s', async () => {
    bridge.handle('getAddressActivity', () => activity(3))
    bridge.handle('listTransactions', () => ({ items: [], nextCursor: null, total: '2', freshness: { source: 'cache', fetchedAt: 1 } }))
    const store = useAddressActivityStore()
    await store.load(ADDRESS)
    expect(store.indexerFailed).toBeNull()
  })

  it('reads again whenever the timeline gains rows, one read at a time', async () => {
    const answers: Deferred<AddressActivity>[] = []
    bridge.handle('getAddressActivity', () => {
      const answer = deferred<AddressActivity>()
      answers.push(answer)
      return answer.promise
    })
    const store = useAddressActivityStore()
    const timeline = useAddressTimelineStore()
    const loading = Promise.all([store.load(ADDRESS), timeline.load(ADDRESS)])
    await flushPromises()
    answers[0]!.resolve(activity(1))
    await loading
    await flushPromises()
    // The timeline's first page arrived after the first read was asked: one more read follows.
    expect(answers).toHaveLength(2)
    bridge.emit('addressTransactions', [{ address: ADDRESS, transaction: makeTransaction(5) }])
    bridge.emit('addressTransactions', [{ address: ADDRESS, transaction: makeTransaction(6) }])
    await flushPromises()
    // Still one read in flight: the arrivals wait for it, then one read covers both.
    expect(answers).toHaveLength(2)
    answers[1]!.resolve(activity(2))
    await flushPromises()
    expect(answers).toHaveLength(3)
    answers[2]!.resolve(activity(4))
    await flushPromises()
    expect(store.cached?.transactions).toBe(4)
    expect(answers).toHaveLength(3)
  })

  it('keeps an answer for another address out, and says why a read failed', async () => {
    const first = deferred<AddressActivity>()
    bridge.handle('getAddressActivity', (query: AddressActivityQuery) => (query.pubkey === ADDRESS ? first.promise : activity(7, query.pubkey)))
    const store = useAddressActivityStore()
    void store.load(ADDRESS)
    await flushPromises()
    const other = store.load(account(2))
    first.resolve(activity(1))
    await other
    await flushPromises()
    expect(store.pubkey).toBe(account(2))
    expect(store.cached).toEqual(activity(7, account(2)))

    bridge.fail('getAddressActivity', { code: 'INTERNAL', message: 'The history cache could not be read: disk I/O error' })
    await store.refresh()
    expect(store.error?.message).toContain('disk I/O error')
    expect(store.cached?.transactions).toBe(7)
  })
})
