/**
 * The full records of what the user watches are fetched in the background
 * for reading offline: against the demo indexer over real HTTP (through a
 * front that can play an outage and counts the detail requests), with a real
 * SQLite cache on a file.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Proof, ProofSummary, Transaction } from '@shared/domain'
import { DEMO_BUSY_ADDRESSES } from '../src/main/demo/catalog'
import { type DemoIndexer } from '../src/main/demo/server'
import { CachedIndexer } from '../src/main/core/history/cached-indexer'
import type { HistoryCache } from '../src/main/core/history/history-cache'
import type { IndexerHistory } from '../src/main/core/history/indexer-history'
import { IndexerClient } from '../src/main/core/indexer/client'
import { indexerKey } from '../src/main/core/indexer/url'
import { BackgroundFetcher } from '../src/main/core/session/background-fetcher'
import { DetailBacklog } from '../src/main/core/session/detail-backlog'
import { ProofFiller } from '../src/main/core/session/proof-filler'
import { openStore, tempDir } from './support/temp-dir'
import { demoBehindFront, detailReads, type HttpFront } from './support/http-front'
import { waitFor } from './support/wait-for'

const WATCHED = DEMO_BUSY_ADDRESSES[0]!

let demo: DemoIndexer | null = null
let front: HttpFront | null = null
const fetchers: BackgroundFetcher[] = []
afterEach(async () => {
  for (const fetcher of fetchers.splice(0)) await fetcher.stop()
  await front?.close()
  await demo?.close()
  front = demo = null
})

/** The one-record reads the front answered, in order, with when each arrived. */
function detailRequests(): { id: string; at: number }[] {
  const ids = new Set(detailReads(front!))
  return front!.requests.filter((r) => r.status !== null && ids.has(r.path.split('/').at(-1)!)).map((r) => ({ id: r.path.split('/').at(-1)!, at: r.at }))
}

interface Setup {
  store: HistoryCache
  history: IndexerHistory
  client: IndexerClient
  cached: CachedIndexer
}

function setUp(store: HistoryCache): Setup {
  const client = new IndexerClient({ baseUrl: front!.url, retries: 0, timeoutMs: 2_000 })
  const history = store.forIndexer(indexerKey(client.baseUrl))
  return { store, history, client, cached: new CachedIndexer(client, history) }
}

function backlogFor(setup: Setup, options: { perMinute: number; offlinePauseMs?: number; filler?: ProofFiller }): { backlog: DetailBacklog; fetcher: BackgroundFetcher } {
  const backlog = new DetailBacklog({
    history: setup.history,
    client: setup.client,
    scope: () => ({ addresses: [WATCHED], authorities: [WATCHED] }),
    filledElsewhere: options.filler ? (proofAccount) => options.filler!.has(proofAccount) : undefined,
    onWork: () => fetcher.wake(),
  })
  const sources = options.filler ? [options.filler, backlog] : [backlog]
  // eslint-disable-next-line prefer-const -- the backlog's onWork wakes the fetcher made after it
  let fetcher: BackgroundFetcher
  fetcher = new BackgroundFetcher({ sources, perMinute: options.perMinute, offlinePauseMs: options.offlinePauseMs, offlinePauseMaxMs: options.offlinePauseMs })
  fetchers.push(fetcher)
  return { backlog, fetcher }
}

/** The watched address's transactions as the address page or the backfill lists them: list items only. */
async function listWatched(setup: Setup, limit = 20): Promise<Transaction[]> {
  const page = await setup.cached.listTransactions({ pubkey: WATCHED, limit })
  expect(page.items.length).toBeGreaterThan(3)
  expect(setup.history.transaction(page.items[0]!.signature).data).toBeNull()
  return page.items
}


describe('the background fetch of what the user watches', () => {
  it('fetches the full record of every listed transaction, newest first, one budget with the proof filler', async () => {
    ;({ demo, front } = await demoBehindFront(31))
    const setup = setUp(openStore())
    const listed = await listWatched(setup, 12)
    const published = [demo.network.publishProof().proof, demo.network.publishProof().proof]
    const filler: ProofFiller = new ProofFiller({
      fetch: async (account) => setup.history.recordProofs([await setup.client.proof(account)]),
      onWork: () => fetcher.wake(),
    })
    const { backlog, fetcher } = backlogFor(setup, { perMinute: 1_200, filler })
    filler.add(published.map((p) => ({ proofAccount: p.proofAccount, slot: String(p.slot) })))
    fetcher.wake()

    await waitFor(() => fetcher.state === 'idle' && detailRequests().length === listed.length + published.length)
    // Proofs seen on the socket go first, then the watched transactions in the order listed (newest first).
    const paths = detailRequests().map((d) => d.id)
    expect(paths.slice(0, 2).sort()).toEqual(published.map((p) => p.proofAccount).sort())
    expect(paths.slice(2)).toEqual(listed.map((t) => t.signature))
    // 1,200 a minute for both together: a request starts at least 50 ms after the one before, so n
    // requests span at least (n - 1) × 50 ms (measured where they arrive, less one gap for the jitter).
    const at = detailRequests().map((d) => d.at)
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual((at.length - 2) * 50)
    for (const tx of listed) expect(setup.history.transaction(tx.signature).data?.logs.length).toBeGreaterThan(0)
    // In scope too: a published proof whose authority is the watched address (filled first, held in full).
    const inScope = listed.length + published.filter((p) => p.authority === WATCHED).length
    expect(backlog.progress()).toMatchObject({ held: inScope, total: inScope, unavailable: 0 })
  })

  it('leaves proofs the filler is gathering to its page, and counts them once the page has filled them', async () => {
    ;({ demo, front } = await demoBehindFront(34))
    const setup = setUp(openStore())
    const published = [demo.network.publishProof({ authority: WATCHED }).proof, demo.network.publishProof({ authority: WATCHED }).proof]
    const summaries: ProofSummary[] = published.map((p) => ({
      proofAccount: p.proofAccount, authority: p.authority, circuitId: String(p.circuit.id), proofType: null, slot: String(p.slot), raw: {}, extra: {},
    }))
    setup.history.recordProofSummaries(summaries)
    const filler: ProofFiller = new ProofFiller({
      fetch: async (account) => setup.history.recordProofs([await setup.client.proof(account)]),
      fetchPage: async (query) => {
        const page = await setup.client.proofs(query)
        setup.history.recordProofs(page.items)
        return page
      },
      onWork: () => fetcher.wake(),
      onSettled: () => backlog.refreshIfLeftElsewhere(),
      gatherMs: 300,
    })
    const { backlog, fetcher } = backlogFor(setup, { perMinute: 6_000, filler })
    filler.add(summaries)
    fetcher.wake()
    await waitFor(() => filler.pending === 0 && fetcher.state === 'idle' && backlog.progress().total > 0 && backlog.progress().held === backlog.progress().total)
    for (const proof of published) expect(setup.history.proof(proof.proofAccount).data?.signature).toBe(proof.signature)
    expect(detailRequests()).toEqual([])
    expect(front.requests.filter((r) => r.path.startsWith('/api/proofs?'))).toHaveLength(1)
  })

  it('queues a watched transaction pushed live without reading the cache again, once everything before is held', async () => {
    ;({ demo, front } = await demoBehindFront(35))
    const setup = setUp(openStore())
    const listed = await listWatched(setup, 6)
    const { backlog, fetcher } = backlogFor(setup, { perMinute: 6_000 })
    fetcher.wake()
    // The fetcher is idle while the backlog's last read (which finds nothing) is still under way: wait for that too.
    await waitFor(() => fetcher.state === 'idle' && backlog.caughtUp && backlog.progress().held === listed.length)
    let reads = 0
    const reading = setup.history.watchedDetails.bind(setup.history)
    setup.history.watchedDetails = (...args) => {
      reads++
      return reading(...args)
    }
    const pushed = [demo.network.publishTransaction({ feePayer: WATCHED }), demo.network.publishTransaction({ feePayer: WATCHED })]
    // As the socket's address channel delivers them: list items, kept as such first.
    const items = (await setup.client.transactions({ pubkey: WATCHED, limit: 2 })).items
    expect(items.map((t) => t.signature).sort()).toEqual(pushed.map((t) => t.signature).sort())
    setup.history.recordTransactions(items, { address: WATCHED })
    backlog.arrived(pushed.map((t) => t.signature))
    fetcher.wake()
    await waitFor(() => fetcher.state === 'idle' && pushed.every((t) => setup.history.transaction(t.signature).data !== null))
    expect(reads).toBe(0)
    // Newest first: the one pushed last is asked first.
    expect(detailRequests().slice(-2).map((d) => d.id)).toEqual([pushed[1]!.signature, pushed[0]!.signature])
    expect(backlog.progress()).toMatchObject({ held: listed.length + 2, total: listed.length + 2 })
  })

  it('resumes after a restart with what is not yet held in full, and never asks twice', async () => {
    ;({ demo, front } = await demoBehindFront(32))
    const dir = tempDir()
    const first = setUp(openStore({ dir }))
    const listed = await listWatched(first, 10)
    const run1 = backlogFor(first, { perMinute: 600 })
    run1.fetcher.wake()
    await waitFor(() => detailRequests().length >= 3)
    await run1.fetcher.stop()
    await first.store.close()
    const fetchedFirst = detailRequests().map((d) => d.id)
    expect(fetchedFirst.length).toBeLessThan(listed.length)

    front.requests.length = 0
    const second = setUp(openStore({ dir }))
    const run2 = backlogFor(second, { perMinute: 6_000 })
    expect(run2.backlog.progress()).toMatchObject({ held: 0, total: 0 })
    run2.fetcher.wake()
    await waitFor(() => run2.fetcher.state === 'idle' && second.history.transaction(listed.at(-1)!.signature).data !== null)
    const fetchedSecond = detailRequests().map((d) => d.id)
    // What the first run held in full was kept and is not asked again.
    expect(fetchedSecond.filter((s) => fetchedFirst.includes(s))).toEqual([])
    expect(new Set([...fetchedFirst, ...fetchedSecond])).toEqual(new Set(listed.map((t) => t.signature)))
    expect(run2.backlog.progress()).toMatchObject({ held: listed.length, total: listed.length })
  })

  it('stops while the indexer is out of reach, without spinning, and goes on once it answers', async () => {
    ;({ demo, front } = await demoBehindFront(33))
    const setup = setUp(openStore())
    const listed = await listWatched(setup, 8)
    front.down = true
    let tries = 0
    const counting = setup.client.transaction.bind(setup.client)
    setup.client.transaction = (signature: string) => {
      tries++
      return counting(signature)
    }
    const { backlog, fetcher } = backlogFor(setup, { perMinute: 60_000, offlinePauseMs: 200 })
    fetcher.wake()
    await waitFor(() => fetcher.state === 'offline')
    // A wake while paused (a new arrival) does not try again before the pause is over.
    backlog.refresh()
    fetcher.wake()
    fetcher.wake()
    const triesAtPause = tries
    await new Promise((resolve) => setTimeout(resolve, 500))
    // 500 ms at a 200 ms pause: at most three more tries, whatever the budget allows.
    expect(tries - triesAtPause).toBeLessThanOrEqual(3)
    expect(setup.history.transaction(listed[0]!.signature).data).toBeNull()

    front.down = false
    fetcher.online()
    await waitFor(() => fetcher.state === 'idle' && backlog.progress().held === listed.length)
    for (const tx of listed) expect(setup.history.transaction(tx.signature).data).not.toBeNull()
  })

  it('gives up on a record the indexer does not have (404), also after a restart, and fetches the rest', async () => {
    ;({ demo, front } = await demoBehindFront(34))
    const dir = tempDir()
    const first = setUp(openStore({ dir }))
    const listed = await listWatched(first, 5)
    // A transaction and a proof the cache holds as summaries but the indexer does not know (pruned there).
    const ghostSlot = String(Number(listed[0]!.slot) + 1_000)
    const ghostTx: Transaction = { ...listed[0]!, signature: '5'.repeat(88), slot: ghostSlot, raw: { ...listed[0]!.raw, signature: '5'.repeat(88), slot: ghostSlot } }
    first.history.recordTransactions([ghostTx], { address: WATCHED })
    const ghostRaw = { proofAccount: '7'.repeat(44), authority: WATCHED, circuitId: 1, proofType: 'BALANCE', slot: ghostSlot }
    const ghostProof: ProofSummary = { proofAccount: '7'.repeat(44), authority: WATCHED, circuitId: '1', proofType: 'BALANCE', slot: ghostSlot, raw: ghostRaw, extra: {} }
    first.history.recordProofSummaries([ghostProof])
    const run1 = backlogFor(first, { perMinute: 6_000 })
    run1.fetcher.wake()
    await waitFor(() => run1.fetcher.state === 'idle' && detailRequests().length >= listed.length + 2)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const asked = detailRequests().map((d) => d.id)
    expect(asked.filter((id) => id === ghostTx.signature)).toHaveLength(1)
    expect(asked.filter((id) => id === ghostProof.proofAccount)).toHaveLength(1)
    expect(run1.backlog.progress()).toMatchObject({ held: listed.length, total: listed.length + 2, unavailable: 2 })
    const summary = (await first.cached.proof(ghostProof.proofAccount, { source: 'cache' })) as Proof
    expect(summary.freshness?.summaryOnly).toBe(true)
    await first.store.close()

    front.requests.length = 0
    const second = setUp(openStore({ dir }))
    const run2 = backlogFor(second, { perMinute: 6_000 })
    run2.fetcher.wake()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(detailRequests()).toEqual([])
    expect(run2.fetcher.state).toBe('idle')
  })

  it('reads its queue newest first even past slot 2^53, which SQLite cannot hand over as a number', async () => {
    ;({ demo, front } = await demoBehindFront(35))
    const setup = setUp(openStore())
    const listed = await listWatched(setup, 4)
    const huge = '9007199254740993'
    const far: Transaction = { ...listed[0]!, signature: '6'.repeat(88), slot: huge, raw: { ...listed[0]!.raw, signature: '6'.repeat(88), slot: huge } }
    setup.history.recordTransactions([far], { address: WATCHED })
    const queue = (await setup.history.watchedDetails({ addresses: [WATCHED], authorities: [] }, [], 3)).missing
    expect(queue.map((item) => item.id)).toEqual([far.signature, listed[0]!.signature, listed[1]!.signature])
  })
})
