/**
 * Proofs seen on the live socket are filled in through pages of the proof
 * list (full records, newest first), one request for many: against the demo
 * indexer over real HTTP, through a front that counts the requests and can
 * play an outage; and against an indexer that refuses the list.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Page, Proof } from '@shared/domain'
import { type DemoIndexer } from '../src/main/demo/server'
import type { ProofRecord } from '../src/main/demo/records'
import { IndexerClient } from '../src/main/core/indexer/client'
import { BackgroundFetcher } from '../src/main/core/session/background-fetcher'
import { ProofFiller, type SeenProof } from '../src/main/core/session/proof-filler'
import { startHostileIndexer, type HostileIndexer } from './hostile/hostile-indexer'
import { demoBehindFront, detailReads, type HttpFront } from './support/http-front'
import { waitFor } from './support/wait-for'

let fetcher: BackgroundFetcher | null = null
let demo: DemoIndexer | null = null
let front: HttpFront | null = null
let hostile: HostileIndexer | null = null
afterEach(async () => {
  await fetcher?.stop()
  await front?.close()
  await demo?.close()
  await hostile?.close()
  fetcher = null
  demo = null
  front = null
  hostile = null
})

const seen = (...accounts: string[]): SeenProof[] => accounts.map((proofAccount) => ({ proofAccount, slot: null }))

/** Against a real indexer over HTTP: the list's pages and the one-proof reads, as the session wires them. */
function pagedFiller(baseUrl: string, options: { gatherMs?: number; offlinePauseMs?: number } = {}) {
  const client = new IndexerClient({ baseUrl, retries: 0, timeoutMs: 2_000 })
  const held = new Map<string, Proof>()
  const keep = (proofs: Proof[]) => {
    for (const proof of proofs) held.set(proof.proofAccount, proof)
  }
  const filler: ProofFiller = new ProofFiller({
    fetch: async (account) => keep([await client.proof(account)]),
    fetchPage: async (query): Promise<Page<Proof>> => {
      const page = await client.proofs(query)
      keep(page.items)
      return page
    },
    onWork: () => fetcher?.wake(),
    gatherMs: options.gatherMs ?? 50,
  })
  fetcher = new BackgroundFetcher({ sources: [filler], perMinute: 60_000, offlinePauseMs: options.offlinePauseMs ?? 20 })
  return { filler, held, client }
}

/** A demo indexer behind a front that records what it is asked, and a filler reading through the front. */
async function fillerBehindFront(seed: number, options: Parameters<typeof pagedFiller>[1] = {}) {
  const started = await demoBehindFront(seed)
  ;({ demo, front } = started)
  return { ...started, ...pagedFiller(started.front.url, options) }
}

const summary = (proof: ProofRecord): SeenProof => ({ proofAccount: proof.proofAccount, slot: String(proof.slot) })

/** The proof list reads the front answered (path and query). */
const listReads = (): string[] => front!.requests.filter((r) => r.status !== null && r.path.split('?')[0] === '/api/proofs').map((r) => r.path)

describe('ProofFiller, many proofs through one page of the list', () => {
  it('fills the proofs seen together with one newest-first page sized to them, and no one-proof reads', async () => {
    const { demo, front, filler, held } = await fillerBehindFront(41)
    const published = [demo.network.publishProof().proof, demo.network.publishProof().proof, demo.network.publishProof().proof]
    filler.add(published.map(summary))
    await waitFor(() => filler.pending === 0 && fetcher!.state === 'idle')
    for (const proof of published) expect(held.get(proof.proofAccount)).toMatchObject({ signature: proof.signature, circuitName: proof.circuit.name })
    expect(listReads()).toEqual(['/api/proofs?limit=8'])
    expect(detailReads(front)).toEqual([])
    // Each once: seen again, it is not asked for again.
    filler.add(published.map(summary))
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(front.requests).toHaveLength(1)
  })

  it('reads further down the list for proofs older than the page reached, with its cursor', async () => {
    const { demo, front, filler, held, client } = await fillerBehindFront(42)
    const older = (await client.proofs({ limit: 40 })).items[30]!
    front.requests.length = 0
    const fresh = demo.network.publishProof().proof
    filler.add([{ proofAccount: older.proofAccount, slot: older.slotVerified }, summary(fresh)])
    await waitFor(() => filler.pending === 0 && fetcher!.state === 'idle')
    expect(held.has(older.proofAccount) && held.has(fresh.proofAccount)).toBe(true)
    const reads = listReads()
    expect(reads).toHaveLength(2)
    expect(reads[0]).toBe('/api/proofs?limit=7')
    expect(reads[1]).toMatch(/cursor=.+limit=200|limit=200.+cursor=/)
    expect(detailReads(front)).toEqual([])
  })

  it('fetches on its own a proof the page should have held but did not (a list that lags the socket)', async () => {
    const { demo, front, filler, held, client } = await fillerBehindFront(43)
    // Listed deep down, but seen with no slot: nothing says the page missed it by depth.
    const unlisted = (await client.proofs({ limit: 60 })).items[50]!
    front.requests.length = 0
    const fresh = demo.network.publishProof().proof
    filler.add([{ proofAccount: unlisted.proofAccount, slot: null }, summary(fresh)])
    await waitFor(() => filler.pending === 0 && fetcher!.state === 'idle')
    expect(held.has(unlisted.proofAccount) && held.has(fresh.proofAccount)).toBe(true)
    expect(listReads()).toHaveLength(1)
    expect(detailReads(front)).toEqual([unlisted.proofAccount])
  })

  it('keeps what it gathered while the indexer is out of reach, and fills it with one page once back', async () => {
    const { demo, front, filler, held } = await fillerBehindFront(44, { offlinePauseMs: 30 })
    front.down = true
    const published = [demo.network.publishProof().proof, demo.network.publishProof().proof]
    filler.add(published.map(summary))
    await waitFor(() => fetcher!.state === 'offline')
    expect(filler.pending).toBe(2)
    // Seen again while offline: still once.
    filler.add(published.map(summary))
    expect(filler.pending).toBe(2)
    front.down = false
    await waitFor(() => filler.pending === 0 && fetcher!.state === 'idle')
    for (const proof of published) expect(held.has(proof.proofAccount)).toBe(true)
    expect(listReads()).toHaveLength(1)
    expect(detailReads(front)).toEqual([])
  })

  it('falls back to one proof at a time, for good, when the indexer refuses the list', async () => {
    hostile = await startHostileIndexer()
    hostile.answer(/^\/api\/proofs$/, (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ok: false, code: 'NOT_FOUND', error: 'Route not found' }))
    })
    const { filler, held } = pagedFiller(hostile.httpUrl)
    const reads = () => hostile!.seen.map((s) => s.path)
    filler.add(seen('11111111111111111111111111111111', '22222222222222222222222222222222'))
    await waitFor(() => filler.pending === 0 && fetcher!.state === 'idle')
    expect(reads()).toEqual(['/api/proofs', '/api/proofs/22222222222222222222222222222222', '/api/proofs/11111111111111111111111111111111'])
    expect(held.size).toBeGreaterThan(0)
    filler.add(seen('33333333333333333333333333333333'))
    await waitFor(() => filler.pending === 0 && fetcher!.state === 'idle' && hostile!.seen.length === 4)
    expect(reads().at(-1)).toBe('/api/proofs/33333333333333333333333333333333')
  })
})
