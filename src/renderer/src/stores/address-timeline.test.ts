import { beforeEach, describe, expect, it } from 'vitest'
import type { Page, ReadOptions, Transaction, TransactionQuery } from '@shared/domain'
import type { FakeBridge } from '../../../../test/support/renderer/fake-bridge'
import { deferred } from '../../../../test/support/renderer/deferred'
import { account, makeConnection, makeTransaction } from '../../../../test/support/renderer/fixtures'
import { setupStores } from '../../../../test/support/renderer/store-setup'
import { useConnectionStore } from './connection'
import { mergeTimeline, newestFirst, useAddressTimelineStore } from './address-timeline'

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

describe('timeline ordering', () => {
  it('sorts by slot, then block time, newest first, with one row per signature', () => {
    const older = makeTransaction(1)
    const newer = makeTransaction(2)
    const noSlot = makeTransaction(3, { slot: null, blockTime: 1 })
    expect(newestFirst(older, newer)).toBeGreaterThan(0)
    expect(newestFirst(newer, older)).toBeLessThan(0)
    expect(newestFirst(noSlot, makeTransaction(4, { slot: null, blockTime: 5 }))).toBeGreaterThan(0)
    const merged = mergeTimeline([{ transaction: older, origin: 'cache' }], [newer, { ...older, fee: '7' }], 'network')
    expect(merged.map((entry) => [entry.transaction.signature, entry.origin])).toEqual([
      [newer.signature, 'network'],
      [older.signature, 'network'],
    ])
    expect(merged[1]?.transaction.fee).toBe('7')
    const stillLive = mergeTimeline([{ transaction: newer, origin: 'live' }], [newer], 'network')
    expect(stillLive[0]?.origin).toBe('live')
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
    expect(timeline.stage).toBe('network')
    expect(timeline.entries.map((entry) => entry.origin)).toEqual(['cache', 'cache'])
    expect(timeline.freshness?.source).toBe('cache')
    networkAnswer.resolve(page([makeTransaction(3), makeTransaction(2)], { total: '3', freshness: { source: 'network', fetchedAt: 2_000 } }))
    await done
    expect(timeline.entries.map((entry) => [entry.transaction.signature, entry.origin])).toEqual([
      [makeTransaction(3).signature, 'network'],
      [makeTransaction(2).signature, 'network'],
      [makeTransaction(1).signature, 'cache'],
    ])
    expect(timeline.freshness).toEqual({ source: 'network', fetchedAt: 2_000 })
    expect(timeline.total).toBe('3')
    expect(bridge.callsOf('listTransactions')).toEqual([[{ pubkey: ADDRESS }, { source: 'cache' }], [{ pubkey: ADDRESS }]])
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
    expect(timeline.entries).toHaveLength(2)
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
    expect(timeline.entries).toHaveLength(3)
    expect(timeline.nextCursor).toBeNull()
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
})
