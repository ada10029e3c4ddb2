import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@renderer/test-utils/fake-bridge'
import { makeTransaction, pagesOf } from '@renderer/test-utils/fixtures'
import { setupStores } from '@renderer/test-utils/store-setup'
import { NO_TRANSACTION_FILTERS, transactionQueryOf, useTransactionsStore } from './transactions'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
  const pages = pagesOf(
    Array.from({ length: 3 }, (_, i) => makeTransaction(i)),
    2,
    null,
  )
  bridge.handle('listTransactions', (query) => {
    const page = pages.get(query.cursor)
    if (!page) throw new Error(`unexpected cursor ${query.cursor}`)
    return page
  })
})

describe('transactionQueryOf', () => {
  it('sends only the filters that are set', () => {
    expect(transactionQueryOf(NO_TRANSACTION_FILTERS)).toEqual({})
    expect(
      transactionQueryOf({ pubkey: ' W1 ', type: 'verify', status: 'FAILED', fromDate: '2025-01-01', toDate: '2025-01-31' }),
    ).toEqual({ pubkey: 'W1', type: 'verify', status: 'FAILED', fromDate: '2025-01-01', toDate: '2025-01-31' })
  })
})

describe('transactions store', () => {
  it('loads with filters and pages to the end', async () => {
    const transactions = useTransactionsStore()
    await transactions.applyFilters({ ...NO_TRANSACTION_FILTERS, status: 'SUCCESS' })
    expect(transactions.items).toHaveLength(2)
    expect(transactions.total).toBeNull()
    await transactions.loadMore()
    expect(transactions.items).toHaveLength(3)
    expect(transactions.ended).toBe(true)
    expect(bridge.callsOf('listTransactions')).toEqual([[{ status: 'SUCCESS' }], [{ status: 'SUCCESS', cursor: 'c1' }]])
  })

  it('shows a first-page failure and recovers on retry', async () => {
    bridge.fail('listTransactions', { code: 'HTTP', message: 'Internal error', status: 500 })
    const transactions = useTransactionsStore()
    await transactions.applyFilters(NO_TRANSACTION_FILTERS)
    expect(transactions.error?.status).toBe(500)
    expect(transactions.failedStep).toBe('first')
    expect(transactions.loaded).toBe(false)

    bridge.handle('listTransactions', () => ({ items: [makeTransaction(7)], nextCursor: null, total: '1' }))
    await transactions.retry()
    expect(transactions.error).toBeNull()
    expect(transactions.items.map((t) => t.signature)).toEqual([makeTransaction(7).signature])
  })
})
