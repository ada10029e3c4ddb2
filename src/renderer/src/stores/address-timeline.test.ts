import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Page, ReadOptions, Transaction, TransactionQuery } from '@shared/domain'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { deferred } from '@test/support/renderer/deferred'
import { account, makeConnection, makeTransaction } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useConnectionStore } from './connection'
import { NEWEST_FIRST, sortTimeline, useAddressTimelineStore, type TimelineEntry } from './address-timeline'

const ADDRESS = account(1)
const OFFLINE = { code: 'UNREACHABLE' as const, message: 'connect ECONNREFUSED' }

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

function page(items: Transaction[], extra: Partial<Page<Transaction>> = {}): Page<Transaction> {
  return { items, nextCursor: null, total: null, ...extra }
}

function serve(cache: () => Page<Transaction> | Promise<Page<Transaction>>, network: (query: TransactionQuery) => Page<Transaction> | Promise<Page<Transaction>>): void {
  bridge.handle('listTransactions', (query: TransactionQuery, options?: ReadOptions) =>
    options?.source === 'cache' ? cache() : network(query),
  )
}

describe('timeline sorting', () => {
  const entries: TimelineEntry[] = [
    { transaction: makeTransaction(3, { fee: '7000', status: 'FAILED' }), origin: 'network' },
    { transaction: makeTransaction(2, { fee: null }), origin: 'cache' },
    { transaction: makeTransaction(1, { fee: '9000' }), origin: 'live' },
    { transaction: makeTransaction(0, { fee: '7000' }), origin: 'network' },
  ]
  const order = (sorted: TimelineEntry[]) => sorted.map((entry) => entry.transaction.signature)
  const sig = (index: number) => makeTransaction(index).signature

  it('keeps the indexer order for newest first', () => {
    expect(order(sortTimeline(entries, NEWEST_FIRST))).toEqual([sig(3), sig(2), sig(1), sig(0)])
  })

  it('sorts by fee both ways, unknown fees last and equal fees in the indexer order', () => {
    expect(order(sortTimeline(entries, { key: 'fee', descending: true }))).toEqual([sig(1), sig(3), sig(0), sig(2)])
    expect(order(sortTimeline(entries, { key: 'fee', descending: false }))).toEqual([sig(3), sig(0), sig(1), sig(2)])
  })

  it('sorts by time oldest first and by status', () => {
    expect(order(sortTimeline(entries, { key: 'time', descending: false }))).toEqual([sig(0), sig(1), sig(2), sig(3)])
    expect(order(sortTimeline(entries, { key: 'status', descending: false }))[0]).toBe(sig(3))
  })
})

describe('address timeline store', () => {
  it('shows the cache at once, then merges the indexer answer', async () => {
    const networkAnswer = deferred<Page<Transaction>>()
    serve(
      () => page([makeTransaction(1), makeTransaction(2)], { freshness: { source: 'cache', fetchedAt: 1_000 } }),
      () => networkAnswer.promise,
    )
    const timeline = useAddressTimelineStore()
    const done = timeline.load(ADDRESS)
    await Promise.resolve()
    await Promise.resolve()
    expect(timeline.loading).toBe(true)
    expect(timeline.entries.map((entry) => entry.origin)).toEqual(['cache', 'cache'])
    expect(timeline.freshness?.source).toBe('cache')
    networkAnswer.resolve(page([makeTransaction(3), makeTransaction(2)], { total: '3', freshness: { source: 'network', fetchedAt: 2_000 } }))
    await done
    // The indexer's pages are the list from now on; the cache's rows come back as they are paged to.
    expect(timeline.entries.map((entry) => [entry.transaction.signature, entry.origin])).toEqual([
      [makeTransaction(3).signature, 'network'],
      [makeTransaction(2).signature, 'network'],
    ])
    expect(timeline.freshness).toEqual({ source: 'network', fetchedAt: 2_000 })
    expect(timeline.total).toBe('3')
    expect(timeline.totalSource).toBe('network')
    expect(bridge.callsOf('listTransactions')).toEqual([[{ pubkey: ADDRESS }, undefined], [{ pubkey: ADDRESS }, { source: 'cache' }]])
  })

  it('merges live transactions of this address only, without duplicates', async () => {
    serve(() => page([]), () => page([makeTransaction(1)]))
    const timeline = useAddressTimelineStore()
    await timeline.load(ADDRESS)
    bridge.emit('addressTransactions', [
      { address: ADDRESS, transaction: makeTransaction(5) },
      { address: account(2), transaction: makeTransaction(6) },
      { address: ADDRESS, transaction: makeTransaction(1) },
    ])
    bridge.emit('addressTransactions', [{ address: ADDRESS, transaction: makeTransaction(5) }])
    expect(timeline.entries.map((entry) => [entry.transaction.signature, entry.origin])).toEqual([
      [makeTransaction(5).signature, 'live'],
      [makeTransaction(1).signature, 'live'],
    ])
    expect(timeline.liveArrivals).toBe(1)
  })

  it('keeps the cached rows and the error when the indexer cannot answer, and retries', async () => {
    let down = true
    serve(
      () => page([makeTransaction(1)], { freshness: { source: 'cache', fetchedAt: 1_000 } }),
      () => {
        if (down) throw Object.assign(new Error('x'), OFFLINE)
        return page([makeTransaction(2)])
      },
    )
    const timeline = useAddressTimelineStore()
    await timeline.load(ADDRESS)
    expect(timeline.error?.code).toBe('UNREACHABLE')
    expect(timeline.entries).toHaveLength(1)
    down = false
    await timeline.retry()
    expect(timeline.error).toBeNull()
    expect(timeline.entries.map((entry) => [entry.transaction.signature, entry.origin])).toEqual([[makeTransaction(2).signature, 'network']])
  })

  it('pages from the cache when main answered from the cache, and stops on a repeated cursor', async () => {
    serve(
      () => page([makeTransaction(1)], { nextCursor: 'k1' }),
      (query) =>
        query.cursor ? page([makeTransaction(9)], { nextCursor: 'k1' }) : page([makeTransaction(8)], { nextCursor: 'k1', freshness: { source: 'cache', fetchedAt: 5, offline: OFFLINE } }),
    )
    const timeline = useAddressTimelineStore()
    await timeline.load(ADDRESS)
    expect(timeline.freshness?.offline?.message).toBe('connect ECONNREFUSED')
    expect(timeline.pagingSource).toBe('cache')
    bridge.handle('listTransactions', (_query, options) => {
      expect(options).toEqual({ source: 'cache' })
      return page([makeTransaction(0)], { nextCursor: 'k1' })
    })
    await timeline.loadMore()
    expect(timeline.entries.map((entry) => entry.origin)).toEqual(['cache', 'cache'])
    expect(timeline.nextCursor).toBeNull()
    expect(timeline.cursorRepeated).toBe(true)
    expect(timeline.ended).toBe(true)
  })

  it('asks the indexer again after an outage', async () => {
    bridge.handle('getConnection', () => makeConnection({ http: 'unreachable' }))
    let answers = 0
    serve(() => page([]), () => page([makeTransaction(++answers)]))
    const connection = useConnectionStore()
    await connection.start()
    const timeline = useAddressTimelineStore()
    await timeline.load(ADDRESS)
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(answers).toBe(2)
    expect(timeline.entries).toHaveLength(2)
  })

  it('counts live arrivals into the total and the failures, once each', async () => {
    serve(() => page([]), () => page([makeTransaction(1)], { total: '10', freshness: { source: 'network', fetchedAt: 1 } }))
    const timeline = useAddressTimelineStore()
    await timeline.load(ADDRESS)
    bridge.emit('addressTransactions', [
      { address: ADDRESS, transaction: makeTransaction(2, { status: 'FAILED' }) },
      { address: ADDRESS, transaction: makeTransaction(3) },
    ])
    bridge.emit('addressTransactions', [{ address: ADDRESS, transaction: makeTransaction(2, { status: 'FAILED' }) }])
    // A batch is oldest first: the newest goes on top.
    expect(timeline.entries.map((entry) => entry.transaction.signature)).toEqual([3, 2, 1].map((n) => makeTransaction(n).signature))
    expect(timeline.total).toBe('12')
    expect(timeline.liveArrivals).toBe(2)
    expect(timeline.liveFailures).toBe(1)
  })

  it('reads a list paged from the cache again from the indexer once it is back', async () => {
    bridge.handle('getConnection', () => makeConnection({ http: 'unreachable' }))
    let online = false
    serve(
      () => page([]),
      () => (online ? page([makeTransaction(2), makeTransaction(1)], { total: '2', freshness: { source: 'network', fetchedAt: 2 } }) : page([makeTransaction(1)], { total: '1', freshness: { source: 'cache', fetchedAt: 1, offline: OFFLINE } })),
    )
    const connection = useConnectionStore()
    await connection.start()
    const timeline = useAddressTimelineStore()
    await timeline.load(ADDRESS)
    expect(timeline.pagingSource).toBe('cache')
    expect(timeline.totalSource).toBe('cache')
    online = true
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    await vi.waitFor(() => expect(timeline.pagingSource).toBe('network'))
    expect(timeline.entries.map((entry) => entry.origin)).toEqual(['network', 'network'])
    expect(timeline.total).toBe('2')
  })
})
