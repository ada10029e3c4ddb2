/**
 * LiveService against the demo indexer over real HTTP and WebSocket: history
 * at start, what was missed while disconnected, live events during a
 * backfill, a backfill that fails, and unsubscribing.
 */
import { describe, expect, it } from 'vitest'
import type { AddressTransaction, ErrorInfo, Page, ProofSummary, Transaction, TransactionQuery } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from '../../src/main/demo/catalog'
import { startDemoIndexer, type DemoIndexer, type DemoIndexerOptions } from '../../src/main/demo/server'
import { IndexerClient } from '../../src/main/core/indexer/client'
import { MemoryHeldIndex, heldKinds } from '../../src/main/core/live/held-index'
import {
  LiveService,
  type EventOrigin,
  type LiveServiceOptions,
  type LiveServiceStatus,
  type LiveSource,
} from '../../src/main/core/live/live-service'
import { socketPoolTransport } from '../../src/main/core/live/live-transport'
import { idsDelivered, type DeliveredBatch } from '../support/delivered'
import { waitFor } from '../support/wait-for'
import { restartDemo, serverSignatures, servicesOnDemoPerTest } from '../support/demo-outage'

const BUSY = DEMO_BUSY_ADDRESSES[0] as string
const QUIET = DEMO_BUSY_ADDRESSES[2] as string

const run = servicesOnDemoPerTest()

/** A deployment that pushes address transactions: these tests are about live events meeting backfills. */
async function demo(options: DemoIndexerOptions = {}): Promise<DemoIndexer> {
  run.indexer = await startDemoIndexer({ port: 0, rate: 0, seed: 21, pushAddressEvents: true, ...options })
  return run.indexer
}

/** Closes the indexer, runs `whileDown`, and starts it again on the same port with the same network. */
async function restart(options: DemoIndexerOptions, whileDown: () => void): Promise<DemoIndexer> {
  run.indexer = await restartDemo(run.indexer as DemoIndexer, { rate: 0, pushAddressEvents: true, ...options }, whileDown)
  return run.indexer
}

function serviceFor(target: DemoIndexer, options: Partial<LiveServiceOptions> = {}) {
  const delivered: Array<DeliveredBatch<AddressTransaction>> = []
  const userProofs: Array<DeliveredBatch<ProofSummary>> = []
  const problems: ErrorInfo[] = []
  const held = new MemoryHeldIndex()
  const service = new LiveService({
    source: new IndexerClient({ baseUrl: target.httpUrl, retries: 0, timeoutMs: 2000 }),
    wsUrl: target.wsUrl,
    held,
    transport: socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 100, welcomeTimeoutMs: 300 }),
    backfill: { retryBaseMs: 30, retryCapMs: 100, pageSize: 25 },
    ...options,
    handlers: {
      onAddressTransactions: (items, meta) => delivered.push({ origin: meta.origin, items }),
      onUserProofs: (items, meta) => userProofs.push({ origin: meta.origin, items }),
      onProblem: (problem) => problems.push(problem),
      ...options.handlers,
    },
  })
  run.services.push(service)
  const signatures = (address: string, origin?: EventOrigin): string[] =>
    idsDelivered(delivered, (item) => item.transaction.signature, { origin, belongs: (item) => item.address === address })
  return {
    service,
    held,
    delivered,
    userProofs,
    problems,
    /** Asked now: counters change without a status event. */
    status: (): LiveServiceStatus => service.status(),
    signatures,
    synced: () => waitFor(() => service.status().synced),
  }
}

describe('LiveService backfill against the demo indexer', () => {
  it('loads each address history once at start, as history, then hands on new transactions as live', async () => {
    const server = await demo()
    const live = serviceFor(server, { addresses: [BUSY, QUIET] })
    live.service.start()
    await live.synced()
    for (const address of [BUSY, QUIET]) {
      const expected = serverSignatures(server.network, address)
      expect(expected.length).toBeGreaterThan(25)
      // Oldest first, across the pages of 25.
      expect(live.signatures(address, 'initial')).toEqual([...expected].reverse())
    }
    const tx = server.network.publishTransaction({ kind: 'memo', feePayer: BUSY })
    await waitFor(() => live.signatures(BUSY).includes(tx.signature))
    expect(live.signatures(BUSY, 'live')).toEqual([tx.signature])
    expect(live.signatures(QUIET, 'live')).toEqual([])
  })

  it('fetches what was published while the indexer was down, in order, and marks it as missed', async () => {
    const server = await demo()
    const live = serviceFor(server, { addresses: [BUSY] })
    live.service.start()
    await live.synced()
    const reconnects = live.status().socket.reconnects

    let missed: string[] = []
    const restarted = await restart({}, () => {
      missed = Array.from({ length: 60 }, () => server.network.publishTransaction({ feePayer: BUSY }).signature)
    })
    await waitFor(() => live.status().synced === true && live.status().socket.reconnects > reconnects)
    expect(live.signatures(BUSY, 'backfill')).toEqual(missed)
    const all = live.signatures(BUSY)
    expect(new Set(all).size).toBe(all.length)
    expect(new Set(all)).toEqual(new Set(serverSignatures(restarted.network, BUSY)))
    expect(live.held.size(heldKinds.address(BUSY))).toBe(all.length)
  })

  it('merges live events that arrive during a backfill in order, each once', async () => {
    const server = await demo()
    const client = new IndexerClient({ baseUrl: server.httpUrl, retries: 0 })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let asked = 0
    // The first page waits until live events have arrived meanwhile.
    const source: LiveSource = {
      overview: () => client.overview(),
      proofs: (q) => client.proofs(q),
      proofsByCircuit: (id, q) => client.proofsByCircuit(id, q),
      transactions: async (query: TransactionQuery): Promise<Page<Transaction>> => {
        if (query.pubkey === BUSY && asked++ === 0) await gate
        return client.transactions(query)
      },
    }
    const live = serviceFor(server, { addresses: [BUSY], source })
    live.service.start()
    await waitFor(() => asked === 1)
    // Published after the subscription: they come live, and the page answered later holds them too.
    const during = Array.from({ length: 5 }, () => server.network.publishTransaction({ feePayer: BUSY }))
    await waitFor(() => (live.status().counters.events ?? 0) >= 5)
    expect(live.signatures(BUSY)).toEqual([])
    release()
    await live.synced()
    const after = server.network.publishTransaction({ feePayer: BUSY })
    await waitFor(() => live.signatures(BUSY).includes(after.signature))

    const expected = [...serverSignatures(server.network, BUSY)].reverse()
    expect(live.signatures(BUSY)).toEqual(expected)
    expect(expected.slice(-6)).toEqual([...during, after].map((tx) => tx.signature))
    expect(live.status().counters.duplicates).toBe(5)
  })

  it('lets live events through while a backfill fails, says so, and fills the gap when the server answers', async () => {
    const server = await demo()
    const client = new IndexerClient({ baseUrl: server.httpUrl, retries: 0 })
    let failures = 3
    const source: LiveSource = {
      overview: () => client.overview(),
      proofs: (q) => client.proofs(q),
      proofsByCircuit: (id, q) => client.proofsByCircuit(id, q),
      transactions: async (query) => {
        if (failures > 0) {
          failures--
          throw new ProofWatchError({ code: 'HTTP', status: 500, message: 'HTTP 500: connection to the database was lost', retryable: true })
        }
        return client.transactions(query)
      },
    }
    const live = serviceFor(server, { addresses: [BUSY], source, backfill: { retryBaseMs: 200, retryCapMs: 400 } })
    live.service.start()
    await waitFor(() => live.problems.length > 0)
    const during = server.network.publishTransaction({ feePayer: BUSY })
    await waitFor(() => live.signatures(BUSY).includes(during.signature))
    expect(live.signatures(BUSY, 'live')).toEqual([during.signature])
    await live.synced()
    expect(live.problems.map((p) => p.message)).toEqual([
      `Could not fetch the transactions of ${BUSY} missed while disconnected: HTTP 500: connection to the database was lost; trying again`,
    ])
    const all = live.signatures(BUSY)
    expect(new Set(all).size).toBe(all.length)
    expect(new Set(all)).toEqual(new Set(serverSignatures(server.network, BUSY)))
    // The live one was handed on before the gap was filled; now it is held like the rest.
    expect(live.held.has(heldKinds.address(BUSY), during.signature)).toBe(true)
  })

  it('unsubscribes an address it no longer watches, freeing the slot on the server', async () => {
    // stats, proofs and one address: the server refuses a fourth subscription on the socket.
    const server = await demo({ subscriptionLimit: 3 })
    const live = serviceFor(server, { addresses: [BUSY] })
    live.service.start()
    await live.synced()
    live.service.unwatch(BUSY)
    expect(live.held.size(heldKinds.address(BUSY))).toBe(0)
    live.service.watch(QUIET)
    await waitFor(() => live.status().synced === true && live.signatures(QUIET).length > 0)
    expect(live.status().channels.map((c) => [c.channel, c.state])).toEqual([
      ['stats', 'subscribed'],
      ['proofs', 'subscribed'],
      [`address:${QUIET}:txs`, 'subscribed'],
    ])
    expect(live.service.watchedAddresses()).toEqual([QUIET])
    const tx = server.network.publishTransaction({ feePayer: BUSY, counterparty: QUIET })
    await waitFor(() => live.signatures(QUIET).includes(tx.signature))
    expect(live.signatures(BUSY)).not.toContain(tx.signature)
  })

  it("backfills the user's proofs from the wallet's list after a reconnect", async () => {
    const options = { credential: 'demo' }
    const server = await demo(options)
    const live = serviceFor(server, {
      userChannels: true,
      userAuthority: DEMO_WALLET,
      headers: () => ({ cookie: 'zkhelios_session=demo' }),
    })
    live.service.start()
    await live.synced()
    const reconnects = live.status().socket.reconnects
    const mine = server.network.publishProof({ authority: DEMO_WALLET }).proof
    await waitFor(() => live.userProofs.some((d) => d.items.some((p) => p.proofAccount === mine.proofAccount)))
    let missed: string[] = []
    await restart(options, () => {
      missed = [1, 2, 3].map(() => server.network.publishProof({ authority: DEMO_WALLET }).proof.proofAccount)
    })
    await waitFor(() => live.status().synced === true && live.status().socket.reconnects > reconnects)
    const byOrigin = (origin: EventOrigin) => idsDelivered(live.userProofs, (p) => p.proofAccount, { origin })
    expect(byOrigin('live')).toEqual([mine.proofAccount])
    expect(byOrigin('backfill')).toEqual(missed)
    const all = live.userProofs.flatMap((d) => d.items.map((p) => p.proofAccount))
    expect(new Set(all).size).toBe(all.length)
  })
})
