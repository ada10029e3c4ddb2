import { afterEach, describe, expect, it } from 'vitest'
import type { Page, Proof } from '@shared/domain'
import { startDemoIndexer, type DemoIndexer, type DemoIndexerOptions } from '../../demo/server'
import { IndexerClient, indexerKey } from '../indexer/client'
import { CachedIndexer } from './cached-indexer'
import { matchesState, proofMatches, scanPages } from './proof-listing'
import { openStore } from '@test/support/temp-dir'

const demos: DemoIndexer[] = []
afterEach(async () => {
  for (const demo of demos.splice(0)) await demo.close()
})

async function demoWith(options: DemoIndexerOptions = {}): Promise<DemoIndexer> {
  const demo = await startDemoIndexer({ port: 0, rate: 0, seed: 31, ...options })
  demos.push(demo)
  // A few revoked proofs among the newest, so both states are on the first pages.
  for (let index = 0; index < 3; index++) demo.network.revokeProof()
  return demo
}

/** The indexer's requests, counted by path, through a fetch that passes them on. */
function cachedFor(baseUrl: string, requests: string[] = []): CachedIndexer {
  const counting: typeof fetch = (input, init) => {
    requests.push(new URL(String(input)).pathname + new URL(String(input)).search)
    return fetch(input, init)
  }
  const client = new IndexerClient({ baseUrl, retries: 0, timeoutMs: 4000, conditional: false, fetch: counting })
  return new CachedIndexer(client, openStore().forIndexer(indexerKey(baseUrl)))
}

/** A demo, and a cache of it whose requests to the indexer are counted. */
async function countedListing(options: DemoIndexerOptions = {}) {
  const demo = await demoWith(options)
  const requests: string[] = []
  return { demo, requests, cached: cachedFor(demo.httpUrl, requests) }
}

function proof(fields: Partial<Proof>): Proof {
  return {
    proofAccount: 'P'.repeat(44),
    signature: null,
    authority: null,
    circuitId: null,
    circuitName: null,
    proofType: null,
    publicInputs: {},
    verified: null,
    verifiedAt: null,
    slotVerified: null,
    revoked: null,
    raw: {},
    extra: {},
    ...fields,
  }
}

describe('what the filters mean', () => {
  it('verified is verified and standing; revoked is revoked whatever verified says', () => {
    expect(matchesState({ verified: true, revoked: false }, 'verified')).toBe(true)
    expect(matchesState({ verified: true, revoked: null }, 'verified')).toBe(true)
    expect(matchesState({ verified: false, revoked: true }, 'verified')).toBe(false)
    expect(matchesState({ verified: null, revoked: false }, 'verified')).toBe(false)
    expect(matchesState({ verified: false, revoked: true }, 'revoked')).toBe(true)
    expect(matchesState({ verified: true, revoked: false }, 'revoked')).toBe(false)
  })

  it('checks every filter a query sets', () => {
    const one = proof({ authority: 'A', proofType: 'BALANCE', circuitId: '1', verified: true, revoked: false })
    expect(proofMatches({}, one)).toBe(true)
    expect(proofMatches({ authority: 'A', type: 'balance', circuitId: '1', state: 'verified' }, one)).toBe(true)
    expect(proofMatches({ authority: 'B' }, one)).toBe(false)
    expect(proofMatches({ type: 'AGE' }, one)).toBe(false)
    expect(proofMatches({ circuitId: '2' }, one)).toBe(false)
    expect(proofMatches({ state: 'revoked' }, one)).toBe(false)
  })

  it('a scan stops at a cursor it has seen, and at an empty page', async () => {
    const looping = async (): Promise<Page<Proof>> => ({ items: [proof({})], nextCursor: 'same', total: null })
    let reads = 0
    const page = await scanPages(async () => (reads++, looping()), () => false, undefined, 10, 50)
    expect(reads).toBe(2)
    expect(page.nextCursor).toBeNull()
    const empty = await scanPages(async () => ({ items: [], nextCursor: 'more', total: null }), () => true, undefined, 10, 50)
    expect(empty).toEqual({ items: [], nextCursor: null, total: null })
  })
})

describe('the circuit filter', () => {
  it('uses the by-circuit list where the indexer has one: every proof is of that circuit, and no filter is applied here', async () => {
    const { requests, cached } = await countedListing()
    const page = await cached.listProofs({ circuitId: '6', limit: 5 })
    expect(page.items).toHaveLength(5)
    expect(page.items.every((p) => p.circuitId === '6' && p.circuitName === 'dao_voter_membership')).toBe(true)
    expect(page.localFilters).toBeUndefined()
    expect(page.freshness?.source).toBe('network')
    expect(requests).toEqual(['/api/proofs/by-circuit/6?limit=5'])
    expect(page.nextCursor).not.toBeNull()
    const next = await cached.listProofs({ circuitId: '6', limit: 5, cursor: page.nextCursor! })
    expect(next.items.length).toBeGreaterThan(0)
    expect(next.items.every((p) => p.circuitId === '6')).toBe(true)
    const firstAccounts = new Set(page.items.map((p) => p.proofAccount))
    expect(next.items.some((p) => firstAccounts.has(p.proofAccount))).toBe(false)
  })

  it('applies authority, type and state here on the by-circuit pages, and says so', async () => {
    const demo = await demoWith()
    const cached = cachedFor(demo.httpUrl)
    const page = await cached.listProofs({ circuitId: '1', state: 'verified', type: 'BALANCE', limit: 30 })
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.items.every((p) => p.circuitId === '1' && !p.revoked && p.verified)).toBe(true)
    expect(page.localFilters).toEqual(['type', 'state'])
    expect(page.total).toBeNull()
  })

  it('runs on the cache where the indexer has no by-circuit list, and says the answer is the cache', async () => {
    const full = await demoWith()
    const plain = await demoWith({ circuitRoutes: false })
    const requests: string[] = []
    const cached = cachedFor(plain.httpUrl, requests)
    // What the cache holds of this indexer: its newest 200 proofs.
    const held = await cached.listProofs({ limit: 200 })
    const page = await cached.listProofs({ circuitId: '2', limit: 200 })
    const expected = held.items.filter((p) => p.circuitId === '2').map((p) => p.proofAccount)
    expect(expected.length).toBeGreaterThan(0)
    expect(page.items.map((p) => p.proofAccount)).toEqual(expected)
    expect(page.localFilters).toEqual(['circuit'])
    expect(page.freshness?.source).toBe('cache')
    // Asked once; after the 404 the cache answers without asking again.
    await cached.listProofs({ circuitId: '3', limit: 200 })
    expect(requests.filter((path) => path.startsWith('/api/proofs/by-circuit'))).toHaveLength(1)
    expect(full.httpUrl).not.toBe(plain.httpUrl)
  })
})

describe('the state filter', () => {
  it('is applied here when the indexer ignores it (as the reference does), reading on until a page is full', async () => {
    const { requests, cached } = await countedListing()
    const revoked = await cached.listProofs({ state: 'revoked', limit: 2 })
    expect(revoked.items.length).toBeGreaterThan(0)
    expect(revoked.items.every((p) => p.revoked === true)).toBe(true)
    expect(revoked.localFilters).toEqual(['state'])
    // The probe found the parameter ignored; the pages were then asked without it.
    expect(requests[0]).toBe('/api/proofs?state=revoked&limit=20')
    expect(requests.slice(1).every((path) => !path.includes('state='))).toBe(true)
    const verified = await cached.listProofs({ state: 'verified', limit: 50 })
    expect(verified.items.every((p) => p.verified === true && p.revoked !== true)).toBe(true)
    expect(verified.localFilters).toEqual(['state'])
    expect(requests.filter((path) => path.includes('state='))).toHaveLength(1)
  })

  it('is sent to an indexer that honours it, and not applied here', async () => {
    const { requests, cached } = await countedListing({ proofStateFilter: true })
    const revoked = await cached.listProofs({ state: 'revoked', limit: 50 })
    expect(revoked.items.length).toBeGreaterThanOrEqual(3)
    expect(revoked.items.every((p) => p.revoked === true)).toBe(true)
    expect(revoked.localFilters).toBeUndefined()
    expect(requests.at(-1)).toBe('/api/proofs?state=revoked&limit=50')
  })

  it('is applied to the cache offline, and from the cache on request', async () => {
    const demo = await demoWith()
    const cached = cachedFor(demo.httpUrl)
    const all = await cached.listProofs({ limit: 200 })
    await demo.close()
    demos.splice(demos.indexOf(demo), 1)
    const offline = await cached.listProofs({ state: 'revoked', limit: 50 })
    expect(offline.freshness?.source).toBe('cache')
    expect(offline.freshness?.offline).toBeDefined()
    expect(offline.items.map((p) => p.proofAccount)).toEqual(all.items.filter((p) => p.revoked === true).map((p) => p.proofAccount))
    expect(offline.localFilters).toEqual(['state'])
    const verified = await cached.listProofs({ state: 'verified', limit: 50 }, { source: 'cache' })
    expect(verified.items).toHaveLength(50)
    expect(verified.items.every((p) => p.verified === true && !p.revoked)).toBe(true)
    expect(verified.nextCursor).not.toBeNull()
    const after = await cached.listProofs({ state: 'verified', limit: 50, cursor: verified.nextCursor! }, { source: 'cache' })
    const expected = all.items.filter((p) => p.verified === true && !p.revoked).map((p) => p.proofAccount)
    expect([...verified.items, ...after.items].map((p) => p.proofAccount)).toEqual(expected.slice(0, 100))
  })
})

describe('the date filter', () => {
  it('is applied here on the newest-first pages, and stops reading at the first page that reaches past the start', async () => {
    const { requests, cached } = await countedListing()
    const all = await cached.listProofs({ limit: 200 })
    const oldest = all.items.at(-1)!.verifiedAt!
    const newest = all.items[0]!.verifiedAt!
    const from = new Date(Math.round((oldest + newest) / 2)).toISOString()
    requests.length = 0
    const page = await cached.listProofs({ fromDate: from, limit: 200 })
    const expected = all.items.filter((p) => p.verifiedAt! >= Date.parse(from)).map((p) => p.proofAccount)
    expect(page.items.map((p) => p.proofAccount)).toEqual(expected)
    expect(page.localFilters).toEqual(['date'])
    // The first page already reached past the start: the list ends there, without reading on.
    expect(requests).toEqual(['/api/proofs?limit=200'])
    expect(page.nextCursor).toBeNull()
  })

  it('takes both ends inclusive with a circuit, on the indexer and on the cache', async () => {
    const demo = await demoWith()
    const cached = cachedFor(demo.httpUrl)
    const circuit = await cached.listProofs({ circuitId: '1', limit: 50 })
    const [newer, older] = [circuit.items[2]!.verifiedAt!, circuit.items[10]!.verifiedAt!]
    const query = { circuitId: '1', fromDate: new Date(older).toISOString(), toDate: new Date(newer).toISOString(), limit: 50 }
    const page = await cached.listProofs(query)
    expect(page.items.map((p) => p.proofAccount)).toEqual(circuit.items.slice(2, 11).map((p) => p.proofAccount))
    expect(page.localFilters).toEqual(['date'])
    const saved = await cached.listProofs(query, { source: 'cache' })
    expect(saved.items.map((p) => p.proofAccount)).toEqual(page.items.map((p) => p.proofAccount))
    expect(saved.localFilters).toEqual(['circuit', 'date'])
  })
})

describe('circuits', () => {
  it("are the indexer's list where it has one, kept for offline", async () => {
    const demo = await demoWith()
    const cached = cachedFor(demo.httpUrl)
    const listed = await cached.circuits()
    expect(listed.origin).toBe('indexer')
    expect(listed.circuits.map((c) => `${c.id}:${c.name}`)).toEqual([
      '1:balance_proof',
      '2:ownership_proof',
      '3:age_proof',
      '4:membership_proof',
      '5:custom_circuit',
      '6:dao_voter_membership',
    ])
    await demo.close()
    demos.splice(demos.indexOf(demo), 1)
    const offline = await cached.circuits()
    expect(offline.freshness?.offline).toBeDefined()
    expect(offline.circuits.map((c) => c.name)).toEqual(listed.circuits.map((c) => c.name))
  })

  it('are the ids seen in proofs where the indexer lists none', async () => {
    const demo = await demoWith({ circuitRoutes: false })
    const cached = cachedFor(demo.httpUrl)
    expect((await cached.circuits()).circuits).toEqual([])
    const proofs = await cached.listProofs({ limit: 200 })
    const seen = await cached.circuits()
    expect(seen.origin).toBe('seen')
    expect(seen.circuits.map((c) => c.id)).toEqual([...new Set(proofs.items.map((p) => p.circuitId!))].sort((a, b) => Number(a) - Number(b)))
    // The proof records name them.
    expect(seen.circuits.every((c) => c.name !== null)).toBe(true)
  })
})
