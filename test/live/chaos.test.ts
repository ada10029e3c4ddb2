/**
 * Chaos: the demo indexer is restarted 20 times at random (same network,
 * same loopback port) while transactions are published to the watched
 * addresses, also while it is down. At the end, what LiveService handed on
 * for each address must be exactly what the server has: none missing, none
 * twice.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { AddressTransaction } from '@shared/domain'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import { encodeBase58 } from '../../src/main/demo/base58'
import { createPrng } from '../../src/main/demo/prng'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { IndexerClient } from '../../src/main/core/indexer/client'
import { MemoryHeldIndex, heldKinds } from '../../src/main/core/live/held-index'
import { LiveService } from '../../src/main/core/live/live-service'
import { socketPoolTransport } from '../../src/main/core/live/live-transport'
import { waitFor } from '../support/wait-for'
import { serverSignatures } from '../support/demo-outage'

const RESTARTS = 20
const FRESH_ADDRESSES = 28
const PUBLISH_EVERY_MS = 4

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

let indexer: DemoIndexer | null = null
let service: LiveService | null = null
let publisher: ReturnType<typeof setInterval> | null = null
afterEach(async () => {
  if (publisher) clearInterval(publisher)
  service?.stop()
  await indexer?.close()
  indexer = service = publisher = null
})

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN
}

describe('chaos: the indexer restarts 20 times during a stream', () => {
  it('ends with every transaction of every watched address held once', { timeout: 60_000 }, async () => {
    // Separate streams: the traffic's draws depend on timing, the restart plan's must not.
    const plan = createPrng(20261121)
    const traffic = createPrng(7)
    const fresh = Array.from({ length: FRESH_ADDRESSES }, () => encodeBase58(plan.bytes(32)))
    const watched = [...DEMO_BUSY_ADDRESSES.slice(0, 2), ...fresh]

    // The reference deployment's limit of 10 subscriptions a socket: the channels spread over several.
    // A deployment that pushes address transactions: this is about the pushed stream and its backfills.
    const serverOptions = { rate: 20, seed: 11, subscriptionLimit: 10, statsIntervalMs: 200, pushAddressEvents: true }
    indexer = await startDemoIndexer({ port: 0, ...serverOptions })
    const port = indexer.port
    const network = indexer.network

    const received = new Map<string, Map<string, number>>(watched.map((a) => [a, new Map()]))
    const onTransactions = (items: AddressTransaction[]): void => {
      for (const { address, transaction } of items) {
        const counts = received.get(address)
        if (counts) counts.set(transaction.signature, (counts.get(transaction.signature) ?? 0) + 1)
      }
    }
    const held = new MemoryHeldIndex()
    const client = new IndexerClient({ baseUrl: indexer.httpUrl, retries: 0, timeoutMs: 2000 })
    const live = new LiveService({
      source: client,
      wsUrl: indexer.wsUrl,
      held,
      addresses: watched,
      transport: socketPoolTransport({ backoffBaseMs: 40, backoffCapMs: 200, welcomeTimeoutMs: 500 }),
      backfill: { retryBaseMs: 50, retryCapMs: 200, pageSize: 50 },
      handlers: { onAddressTransactions: onTransactions },
    })
    service = live
    const status = () => live.status()
    live.start()
    await waitFor(() => status().synced)

    // Transfers among the watched addresses, on the network itself: they go on while the server is down.
    publisher = setInterval(() => {
      const payer = traffic.pick(watched)
      const other = traffic.pick(watched)
      network.publishTransaction({ feePayer: payer, counterparty: other === payer ? undefined : other })
    }, PUBLISH_EVERY_MS)

    const restartToLive: number[] = []
    for (let restart = 0; restart < RESTARTS; restart++) {
      await sleep(plan.int(30, 250))
      const reconnectsBefore = status().socket.reconnects
      await indexer.close()
      await sleep(plan.int(20, 300))
      indexer = await startDemoIndexer({ port, ...serverOptions, network: { continueFrom: network } })
      const restartedAt = performance.now()
      // Most restarts wait for the service to be live and caught up; some hit it in the middle of that.
      if (plan.chance(0.75)) {
        await waitFor(() => status().synced && status().socket.reconnects > reconnectsBefore, 10_000)
        restartToLive.push(performance.now() - restartedAt)
      }
    }

    clearInterval(publisher)
    publisher = null
    network.setRate(0)
    const expected = new Map(watched.map((a) => [a, serverSignatures(network, a)]))
    const complete = (): boolean =>
      watched.every((a) => (received.get(a)?.size ?? 0) >= (expected.get(a)?.length ?? 0))
    await waitFor(() => status().synced && complete(), 10_000).catch(() => undefined)

    let serverTotal = 0
    let heldTotal = 0
    let missing = 0
    let duplicated = 0
    let unexpected = 0
    const heldMismatches: string[] = []
    for (const address of watched) {
      const serverSet = new Set(expected.get(address))
      const counts = received.get(address) ?? new Map<string, number>()
      serverTotal += serverSet.size
      heldTotal += counts.size
      for (const signature of serverSet) if (!counts.has(signature)) missing++
      for (const [signature, count] of counts) {
        if (count > 1) duplicated += count - 1
        if (!serverSet.has(signature)) unexpected++
      }
      const index = new Set(held.ids(heldKinds.address(address)))
      if (index.size !== serverSet.size || [...serverSet].some((s) => !index.has(s))) heldMismatches.push(address)
    }
    const sorted = [...restartToLive].sort((a, b) => a - b)
    console.log(
      `chaos: restarts=${RESTARTS} addresses=${watched.length} server=${serverTotal} held=${heldTotal} ` +
        `missing=${missing} duplicated=${duplicated} restart→live p50=${percentile(sorted, 0.5).toFixed(0)} ` +
        `max=${(sorted.at(-1) ?? NaN).toFixed(0)} ms (${sorted.length} measured; ` +
        `${status().counters.backfilled} fetched over HTTP after gaps, ${status().counters.duplicates} duplicates dropped, ` +
        `${status().socket.sockets ?? 1} sockets)`,
    )

    expect(serverTotal).toBeGreaterThan(watched.length * 10)
    // The restarts did open gaps that only the backfill could fill.
    expect(status().counters.backfilled).toBeGreaterThan(0)
    expect(missing).toBe(0)
    expect(duplicated).toBe(0)
    expect(unexpected).toBe(0)
    expect(heldTotal).toBe(serverTotal)
    expect(heldMismatches).toEqual([])
  })
})
