import { afterEach, describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { startDemoIndexer, type DemoIndexer } from '../../demo/server'
import { IndexerClient, indexerKey } from '../indexer/client'
import { CachedIndexer } from './cached-indexer'
import { testNotification } from '@test/support/history-test-data'
import type { HistoryCache } from './history-cache'
import { openStore, tempDir } from '@test/support/temp-dir'

let demo: DemoIndexer | null = null
afterEach(async () => {
  await demo?.close()
  demo = null
})

function cachedFor(store: HistoryCache, baseUrl: string, key = indexerKey(baseUrl)): CachedIndexer {
  const client = new IndexerClient({ baseUrl, retries: 0, timeoutMs: 2000, conditional: false })
  return new CachedIndexer(client, store.forIndexer(key), { clock: () => 1_000_000 })
}

async function rejection(promise: Promise<unknown>): Promise<ProofWatchError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ProofWatchError) return error
    throw error
  }
  throw new Error('expected a ProofWatchError')
}

describe('reads through the cache', () => {
  it('network reads are written through and say so', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 21 })
    const store = openStore()
    const cached = cachedFor(store, demo.httpUrl)
    const proofs = await cached.listProofs({ limit: 5 })
    expect(proofs.freshness).toEqual({ source: 'network', fetchedAt: 1_000_000 })
    const fromCache = await cached.listProofs({ limit: 5 }, { source: 'cache' })
    expect(fromCache.items).toEqual(proofs.items)
    expect(fromCache.freshness).toEqual({ source: 'cache', fetchedAt: expect.any(Number) })

    const overview = await cached.overview()
    expect(overview.freshness?.source).toBe('network')
    const { freshness: _f, ...overviewFields } = overview
    const { freshness: cachedFreshness, ...cachedOverview } = await cached.overview({ source: 'cache' })
    expect(cachedOverview).toEqual(overviewFields)
    expect(cachedFreshness?.source).toBe('cache')
  })

  it('a cache read answers only from the cache: a miss is NOT_FOUND, a list is empty', async () => {
    const store = openStore()
    const cached = cachedFor(store, 'http://127.0.0.1:9')
    const miss = await rejection(cached.overview({ source: 'cache' }))
    expect(miss.code).toBe('NOT_FOUND')
    expect(miss.message).toMatch(/not in the offline cache/)
    const page = await cached.listProofs({}, { source: 'cache' })
    expect(page).toEqual({ items: [], nextCursor: null, total: '0', freshness: { source: 'cache', fetchedAt: null } })
    expect((await rejection(cached.listProofs({}, { source: 'disk' as 'cache' }))).code).toBe('INVALID_ARGUMENT')
  })

  it('offline (unreachable, 5xx) answers from the cache, marked with the reason; other errors are the answer', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 22 })
    const store = openStore()
    const cached = cachedFor(store, demo.httpUrl)
    const first = await cached.listTransactions({ limit: 3 })
    const detail = await cached.transaction(first.items[0]!.signature)

    demo.failNextHttp(1, 'internal')
    const during500 = await cached.listTransactions({ limit: 3 })
    expect(during500.items.map((t) => t.signature)).toEqual(first.items.map((t) => t.signature))
    expect(during500.freshness?.source).toBe('cache')
    expect(during500.freshness?.offline).toMatchObject({ status: 500 })

    // A proof the indexer does not know is an answer, not an outage.
    expect((await rejection(cached.proof('1'.repeat(44)))).code).toBe('NOT_FOUND')

    await demo.close()
    demo = null
    const offline = await cached.transaction(detail.signature)
    expect(offline.logs).toEqual(detail.logs)
    expect(offline.freshness?.source).toBe('cache')
    expect(offline.freshness?.offline?.code).toBe('UNREACHABLE')
    const offlinePage = await cached.listTransactions({ limit: 3, status: 'FAILED' })
    expect(offlinePage.freshness?.offline?.code).toBe('UNREACHABLE')
    // Nothing cached for this one: the outage itself is the answer.
    expect((await rejection(cached.series({ metric: 'tps', period: '30d' }))).code).toBe('UNREACHABLE')
  })

  it('offline, a record held only as a summary is answered as that summary, marked so; one held in full is not', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 24 })
    const store = openStore()
    const cached = cachedFor(store, demo.httpUrl)
    const listed = await cached.listTransactions({ limit: 3 })
    const full = await cached.transaction(listed.items[1]!.signature)
    const published = demo.network.publishProof().proof
    const history = store.forIndexer(indexerKey(demo.httpUrl))
    const summary = { proofAccount: published.proofAccount, authority: published.authority, circuitId: String(published.circuit.id), proofType: published.circuit.proofType, slot: String(published.slot) }
    history.recordProofSummaries([{ ...summary, raw: { ...summary }, extra: {} }])
    await demo.close()
    demo = null

    const listItem = listed.items[0]!
    const saved = await cached.transaction(listItem.signature)
    expect(saved).toMatchObject({ signature: listItem.signature, slot: listItem.slot, fee: listItem.fee, logs: [], instructions: [], errorMessage: null })
    expect(saved.freshness).toMatchObject({ source: 'cache', summaryOnly: true, offline: { code: 'UNREACHABLE' } })
    expect((await cached.transaction(listItem.signature, { source: 'cache' })).freshness?.summaryOnly).toBe(true)
    const held = await cached.transaction(full.signature)
    expect(held.logs).toEqual(full.logs)
    expect(held.freshness?.summaryOnly).toBeUndefined()

    const proof = await cached.proof(published.proofAccount)
    expect(proof).toMatchObject({ proofAccount: published.proofAccount, signature: null, verified: null })
    expect(proof.freshness).toMatchObject({ source: 'cache', summaryOnly: true })
  })

  it('after a restart without network, every view shows the last known state from the file', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 23 })
    const dir = tempDir()
    const key = indexerKey(demo.httpUrl)
    const before = openStore({ dir })
    const online = cachedFor(before, demo.httpUrl)
    const overview = await online.overview()
    const series = await online.series({ metric: 'proofs', period: '7d' })
    const leaderboard = await online.leaderboard({ period: '24h', limit: 5 })
    const proofs = await online.listProofs({ limit: 20 })
    const proof = await online.proof(proofs.items[3]!.proofAccount)
    const txs = await online.listTransactions({ limit: 20 })
    const detail = await online.transaction(txs.items[0]!.signature)
    before.forIndexer(key).recordNotifications([testNotification(1)])
    await before.close()
    const url = demo.httpUrl
    await demo.close()
    demo = null

    const after = openStore({ dir })
    const offline = cachedFor(after, url, key)
    const strip = <T extends object>(value: T) => {
      const { freshness: _freshness, ...rest } = value as T & { freshness?: unknown }
      return rest
    }
    expect(strip(await offline.overview({ source: 'cache' }))).toEqual(strip(overview))
    expect(strip(await offline.series({ metric: 'proofs', period: '7d' }, { source: 'cache' }))).toEqual(strip(series))
    expect((await offline.leaderboard({ period: '24h', limit: 5 }, { source: 'cache' })).entries).toEqual(leaderboard.entries)
    expect((await offline.listProofs({ limit: 20 }, { source: 'cache' })).items).toEqual(proofs.items)
    expect(strip(await offline.proof(proof.proofAccount, { source: 'cache' }))).toEqual(strip(proof))
    expect((await offline.listTransactions({ limit: 20 }, { source: 'cache' })).items).toEqual(txs.items)
    expect(strip(await offline.transaction(detail.signature, { source: 'cache' }))).toEqual(strip(detail))
    expect(after.forIndexer(key).listNotifications({}).data.items).toHaveLength(1)

    // The same page through the network path: offline, from the cache, cursor and all.
    const page2 = await offline.listProofs({ limit: 10, cursor: (await offline.listProofs({ limit: 10 })).nextCursor! })
    expect(page2.items).toEqual(proofs.items.slice(10, 20))
    expect(page2.freshness?.offline?.code).toBe('UNREACHABLE')
  })

  it('search can also ask the indexer for a signature the cache does not hold', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 24 })
    const store = openStore()
    const cached = cachedFor(store, demo.httpUrl)
    const signature = (await new IndexerClient({ baseUrl: demo.httpUrl }).transactions({ limit: 1 })).items[0]!.signature
    expect(await cached.search(signature)).toEqual([])
    const hits = await cached.search(signature, { network: true })
    expect(hits[0]).toMatchObject({ kind: 'transaction', id: signature, source: 'network' })
    // Now it is cached.
    expect((await cached.search(signature))[0]).toMatchObject({ kind: 'transaction', id: signature, source: 'cache' })
  })
})
