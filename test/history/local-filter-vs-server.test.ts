/**
 * The cache's filters against the demo indexer's on the same data: the cache
 * is filled through the network (every list, every transaction's details),
 * then each filter is paged through on both sides and compared page by page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, ProofQuery, Transaction, TransactionQuery } from '@shared/domain'
import { rejection } from '../support/caught'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from '../../src/main/demo/catalog'
import { IndexerClient, indexerKey } from '../../src/main/core/indexer/client'
import { CachedIndexer } from '../../src/main/core/history/cached-indexer'
import { HistoryCache } from '../../src/main/core/history/history-cache'
import { type IndexerHistory } from '../../src/main/core/history/indexer-history'
import { MEMORY_PATH } from '../../src/main/core/history/database'

let demo: DemoIndexer
let store: HistoryCache
let client: IndexerClient
let history: IndexerHistory
let transactions: Transaction[]
let instructionOnlyAccount: string

beforeAll(async () => {
  demo = await startDemoIndexer({ port: 0, rate: 0, seed: 11 })
  store = HistoryCache.open({ path: MEMORY_PATH })
  client = new IndexerClient({ baseUrl: demo.httpUrl, conditional: false })
  history = store.forIndexer(indexerKey(demo.httpUrl))
  const cached = new CachedIndexer(client, history)
  await walk((cursor) => cached.listProofs({ limit: 200, cursor }))
  transactions = await walk((cursor) => cached.listTransactions({ limit: 200, cursor }))
  const accounts = new Map<string, number>()
  for (const tx of transactions) {
    const detail = await cached.transaction(tx.signature)
    for (const account of detail.instructions.flatMap((i) => i.accounts)) {
      if (account !== detail.feePayer) accounts.set(account, (accounts.get(account) ?? 0) + 1)
    }
  }
  instructionOnlyAccount = [...accounts.entries()].sort((a, b) => b[1] - a[1])[0]![0]
  await store.flush()
}, 60_000)

afterAll(async () => {
  await store?.close()
  await demo?.close()
})

async function walk<T>(next: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = []
  let cursor: string | undefined
  for (let pages = 0; pages < 1000; pages++) {
    const page = await next(cursor)
    items.push(...page.items)
    if (page.nextCursor === null) return items
    cursor = page.nextCursor
  }
  throw new Error('the pages never ended')
}

/** Walks a filter on both sides with the same page size and compares every page. */
async function expectSamePages<T>(
  server: (cursor: string | undefined) => Promise<Page<T>>,
  cache: (cursor: string | undefined) => Page<T>,
): Promise<number> {
  let cursor: string | undefined
  let seen = 0
  for (let pages = 0; pages < 1000; pages++) {
    const remote = await server(cursor)
    const local = cache(cursor)
    expect(local.items).toEqual(remote.items.map(stripFreshness))
    expect(local.nextCursor).toBe(remote.nextCursor)
    expect(local.total).toBe(remote.total)
    seen += local.items.length
    if (remote.nextCursor === null) return seen
    cursor = remote.nextCursor
  }
  throw new Error('the pages never ended')
}

function stripFreshness<T>(item: T): T {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { freshness, ...rest } = item as T & { freshness?: unknown }
  return rest as T
}

describe('local filtering equals the server filtering on the demo data', () => {
  it('holds what the server has', () => {
    expect(history.listProofs({}).data.total).toBe(String(demo.network.proofCount))
    expect(history.listTransactions({}).data.total).toBe(String(demo.network.transactionCount))
  })

  const proofFilters: ProofQuery[] = [
    {},
    { authority: DEMO_BUSY_ADDRESSES[0] },
    { authority: DEMO_WALLET },
    { type: 'BALANCE' },
    { type: 'custom' },
    { authority: DEMO_BUSY_ADDRESSES[1], type: 'AGE' },
    { authority: '1'.repeat(44) },
  ]
  for (const filter of proofFilters) {
    for (const limit of [7, 200]) {
      it(`proofs ${JSON.stringify(filter)}, pages of ${limit}`, async () => {
        const seen = await expectSamePages(
          (cursor) => client.proofs({ ...filter, limit, cursor }),
          (cursor) => history.listProofs({ ...filter, limit, cursor }).data,
        )
        if (filter.authority !== '1'.repeat(44)) expect(seen).toBeGreaterThan(0)
      })
    }
  }

  it('proofs by circuit', async () => {
    const circuits = new Set((await walk((cursor) => client.proofs({ limit: 200, cursor }))).map((p) => p.circuitId))
    expect(circuits.size).toBeGreaterThan(1)
    for (const circuitId of circuits) {
      await expectSamePages(
        (cursor) => client.proofsByCircuit(circuitId as string, { limit: 9, cursor }),
        (cursor) => history.listProofsByCircuit(circuitId as string, { limit: 9, cursor }).data,
      )
    }
  })

  it('a cursor that names nothing held: an empty last page on both sides', async () => {
    const garbage = Buffer.from('no such proof').toString('base64url')
    const remote = await client.proofs({ cursor: garbage })
    const local = history.listProofs({ cursor: garbage }).data
    expect(local).toEqual({ items: [], nextCursor: null, total: remote.total })
    expect(remote.items).toEqual([])
  })

  it('the same bad arguments are refused the same way', async () => {
    const local = await rejection(() => history.listProofs({ authority: 'not base58 0OIl' }))
    const remote = await rejection(() => client.proofs({ authority: 'not base58 0OIl' }))
    expect(local.toInfo()).toEqual(remote.toInfo())
    expect((await rejection(() => history.listTransactions({ limit: 500 }))).toInfo()).toEqual((await rejection(() => client.transactions({ limit: 500 }))).toInfo())
    expect((await rejection(() => history.listTransactions({ fromDate: 'yesterday' }))).code).toBe('INVALID_ARGUMENT')
  })

  it('transaction filters, page by page', async () => {
    const known = transactions.filter((tx) => tx.blockTime !== null)
    const middle = known[Math.floor(known.length / 2)]!
    const later = known[Math.floor(known.length / 5)]!
    const iso = (ms: number) => new Date(ms).toISOString()
    const filters: TransactionQuery[] = [
      {},
      { status: 'FAILED' },
      { status: 'success' },
      { pubkey: DEMO_BUSY_ADDRESSES[0] },
      { pubkey: DEMO_WALLET, status: 'SUCCESS' },
      { pubkey: instructionOnlyAccount },
      { type: 'anything' },
      // Bounds are inclusive: both ends sit exactly on a transaction's block time.
      { fromDate: iso(middle.blockTime!), toDate: iso(later.blockTime!) },
      { fromDate: iso(middle.blockTime!) },
      { toDate: iso(middle.blockTime!) },
      { toDate: iso(later.blockTime!).slice(0, 10) },
      { pubkey: DEMO_BUSY_ADDRESSES[2], fromDate: iso(middle.blockTime!), status: 'SUCCESS' },
    ]
    for (const filter of filters) {
      for (const limit of [11, 200]) {
        const seen = await expectSamePages(
          (cursor) => client.transactions({ ...filter, limit, cursor }),
          (cursor) => history.listTransactions({ ...filter, limit, cursor }).data,
        )
        expect(seen, JSON.stringify(filter)).toBeGreaterThan(0)
      }
    }
  })

  it('a transaction without a block time matches no date filter, on both sides', async () => {
    const undated = transactions.find((tx) => tx.blockTime === null)
    expect(undated).toBeDefined()
    const everything = { fromDate: '1970-01-01', toDate: '2999-01-01', limit: 200 }
    const local = await walk(async (cursor) => history.listTransactions({ ...everything, cursor }).data)
    const remote = await walk((cursor) => client.transactions({ ...everything, cursor }))
    expect(local.map((t) => t.signature)).toEqual(remote.map((t) => t.signature))
    expect(local.some((t) => t.signature === undated!.signature)).toBe(false)
  })
})
