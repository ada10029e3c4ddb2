import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeProofSummary, makeTransaction } from '@test/support/renderer/fixtures'
import { answerPages } from '@test/support/renderer/paged-answers'
import { setupStores } from '@test/support/renderer/store-setup'
import { HEAD_REFRESH_MIN_MS } from '@renderer/composables/use-paged-list'
import { localDayBound } from '../model/date-range'
import { NO_TRANSACTION_FILTERS, pushedMatches, transactionQueryOf, useTransactionsStore } from './transactions'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
  answerPages(bridge, 'listTransactions', Array.from({ length: 3 }, (_, i) => makeTransaction(i)), 2, null)
})

describe('transactionQueryOf', () => {
  it('sends only the filters that are set', () => {
    expect(transactionQueryOf(NO_TRANSACTION_FILTERS)).toEqual({})
    expect(
      transactionQueryOf({ ...NO_TRANSACTION_FILTERS, pubkey: ' W1 ', type: 'verify', status: 'FAILED', fromDate: '2025-01-01', toDate: '2025-01-31' }),
    ).toEqual({
      pubkey: 'W1',
      type: 'verify',
      status: 'FAILED',
      fromDate: new Date(2025, 0, 1).toISOString(),
      toDate: new Date(new Date(2025, 0, 32).getTime() - 1).toISOString(),
    })
  })

  it('sends a preset as the start of that period up to now, to the whole minute, in place of any dates', () => {
    const now = Date.parse('2026-11-24T22:37:13.500Z')
    const within = (preset: string) => transactionQueryOf({ ...NO_TRANSACTION_FILTERS, within: preset, fromDate: '2020-01-01', toDate: '2020-01-02' }, now)
    expect(within('1h')).toEqual({ fromDate: '2026-11-24T21:37:00.000Z' })
    expect(within('24h')).toEqual({ fromDate: '2026-11-23T22:37:00.000Z' })
    expect(within('7d')).toEqual({ fromDate: '2026-11-17T22:37:00.000Z' })
    // Within a minute the question is the same one (the list held is kept); a minute on, the window moves.
    expect(transactionQueryOf({ ...NO_TRANSACTION_FILTERS, within: '1h' }, now + 20_000)).toEqual(within('1h'))
    expect(transactionQueryOf({ ...NO_TRANSACTION_FILTERS, within: '1h' }, now + 60_000)).toEqual({ fromDate: '2026-11-24T21:38:00.000Z' })
    // A preset the app does not know (a hand-edited URL) is no preset: the dates stand.
    expect(within('2w').fromDate).toBe(new Date(2020, 0, 1).toISOString())
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

describe('pushedMatches', () => {
  const batch = [
    { address: 'W1', transaction: makeTransaction(1) },
    { address: 'W2', transaction: makeTransaction(2) },
    { address: 'W1', transaction: makeTransaction(3, { status: 'FAILED' }) },
  ]

  it('keeps the filtered address with a matching status, newest first', () => {
    const filters = { ...NO_TRANSACTION_FILTERS, pubkey: ' W1 ' }
    expect(pushedMatches(filters, batch).map((t) => t.signature)).toEqual([3, 1].map((n) => makeTransaction(n).signature))
    expect(pushedMatches({ ...filters, status: 'FAILED' }, batch).map((t) => t.signature)).toEqual([makeTransaction(3).signature])
  })

  it('takes none without an address filter or with an end date', () => {
    expect(pushedMatches(NO_TRANSACTION_FILTERS, batch)).toEqual([])
    expect(pushedMatches({ ...NO_TRANSACTION_FILTERS, pubkey: 'W1', toDate: '2025-01-31' }, batch)).toEqual([])
  })
})

describe('transactions store and arrivals', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('puts pushed transactions in front only while followed, and refreshes for announced proofs', async () => {
    vi.useFakeTimers()
    let newest = [makeTransaction(8)]
    bridge.handle('listTransactions', () => ({ items: [...newest, makeTransaction(1)], nextCursor: null, total: null }))
    const transactions = useTransactionsStore()
    await transactions.applyFilters({ ...NO_TRANSACTION_FILTERS, pubkey: 'W1' })
    newest = []
    bridge.emit('addressTransactions', [{ address: 'W1', transaction: makeTransaction(5) }])
    expect(transactions.items).toHaveLength(2)

    const stop = transactions.follow()
    bridge.emit('addressTransactions', [{ address: 'W1', transaction: makeTransaction(6) }])
    expect(transactions.items[0]?.signature).toBe(makeTransaction(6).signature)

    const asked = bridge.callsOf('listTransactions').length
    newest = [makeTransaction(7)]
    bridge.emit('proofs', [{ ...makeProofSummary(1), authority: 'Someone else' }])
    await vi.advanceTimersByTimeAsync(HEAD_REFRESH_MIN_MS)
    expect(bridge.callsOf('listTransactions')).toHaveLength(asked)
    bridge.emit('proofs', [{ ...makeProofSummary(2), authority: 'W1' }])
    await vi.advanceTimersByTimeAsync(HEAD_REFRESH_MIN_MS)
    expect(transactions.items[0]?.signature).toBe(makeTransaction(7).signature)
    stop()
  })
})

describe('localDayBound', () => {
  it('makes From = To one day the whole local day, whatever the time zone', () => {
    const from = Date.parse(localDayBound('2026-11-21', 'start'))
    const to = Date.parse(localDayBound('2026-11-21', 'end'))
    expect(new Date(from).getDate()).toBe(21)
    expect(new Date(from).getHours()).toBe(0)
    expect(new Date(to).getDate()).toBe(21)
    expect([new Date(to).getHours(), new Date(to).getMinutes(), new Date(to).getMilliseconds()]).toEqual([23, 59, 999])
    expect(to - from).toBe(24 * 3_600_000 - 1)
  })

  it('passes on what is not a bare day', () => {
    expect(localDayBound('2026-11-21T10:00:00Z', 'end')).toBe('2026-11-21T10:00:00Z')
  })
})
