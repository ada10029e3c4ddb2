/**
 * Followed circuits: streamed on `proofs:circuit:{id}` where the server
 * allows it, polled over HTTP (and shown as polled) where it refuses.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { CircuitProof, ErrorInfo } from '@shared/domain'
import type { CircuitFollowMode } from '@shared/watchlist'
import { startDemoIndexer, type DemoIndexer, type DemoIndexerOptions } from '../../src/main/demo/server'
import { IndexerClient } from '../../src/main/core/indexer/client'
import { LiveService, type EventOrigin } from '../../src/main/core/live/live-service'
import { socketPoolTransport } from '../../src/main/core/live/live-transport'
import { Poller } from '../../src/main/core/polling/poller'
import { WatchlistModel } from '../../src/main/core/watchlist/watchlist-model'
import { memoryWatchlistStorage } from '../../src/main/core/watchlist/watchlist-storage'
import { idsDelivered, type DeliveredBatch } from '../support/delivered'
import { waitFor } from '../support/wait-for'

let indexer: DemoIndexer | null = null
let service: LiveService | null = null
afterEach(async () => {
  service?.stop()
  await indexer?.close()
  indexer = service = null
})

function proofAccountsOfCircuit(server: DemoIndexer, circuitId: number): string[] {
  const accounts: string[] = []
  let cursor: string | undefined
  for (;;) {
    const page = server.network.listProofs({ circuitId, cursor, limit: 200 })
    accounts.push(...page.items.map((p) => p.proofAccount))
    if (page.nextCursor === null) return accounts
    cursor = page.nextCursor
  }
}

async function follow(options: DemoIndexerOptions, circuits: string[]) {
  const server = await startDemoIndexer({ port: 0, rate: 0, seed: 31, ...options })
  indexer = server
  const delivered: Array<DeliveredBatch<CircuitProof>> = []
  const modes: Array<[string, CircuitFollowMode, string | null]> = []
  const problems: ErrorInfo[] = []
  const poller = new Poller()
  const watchlist = new WatchlistModel({ store: memoryWatchlistStorage() })
  for (const circuitId of circuits) watchlist.followCircuit({ circuitId })
  const live = new LiveService({
    source: new IndexerClient({ baseUrl: server.httpUrl, retries: 0 }),
    wsUrl: server.wsUrl,
    circuits: watchlist.followedCircuitIds(),
    circuitPollMs: 40,
    poller,
    transport: socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 100, welcomeTimeoutMs: 300 }),
    handlers: {
      onCircuitProofs: (items, meta) => {
        delivered.push({ origin: meta.origin, items })
        watchlist.noteCircuitProofs(items)
      },
      onCircuitMode: (circuitId, mode, reason) => {
        modes.push([circuitId, mode, reason])
        watchlist.setCircuitMode(circuitId, mode, reason)
      },
      onProblem: (problem) => problems.push(problem),
    },
  })
  service = live
  live.start()
  const accounts = (circuitId: string, origin?: EventOrigin): string[] =>
    idsDelivered(delivered, (item) => item.proof.proofAccount, { origin, belongs: (item) => item.circuitId === circuitId })
  const polls = (circuitId: string): number => poller.states().find((p) => p.key === `circuit:${circuitId}`)?.polls ?? 0
  return { server, live, delivered, modes, problems, watchlist, accounts, polls }
}

describe('following circuits', () => {
  it('falls back to polling a circuit the server refuses to stream, and shows that it is polled', async () => {
    const { server, live, modes, watchlist, accounts, polls } = await follow({ refuseCircuitChannel: true }, ['3'])
    await waitFor(() => live.followedCircuits()[0]?.mode === 'polled' && accounts('3').length > 0)
    expect(modes).toEqual([['3', 'polled', 'Channel not allowed: proofs:circuit:3']])
    expect(watchlist.snapshot().circuits[0]).toMatchObject({
      circuitId: '3',
      mode: 'polled',
      modeReason: 'Channel not allowed: proofs:circuit:3',
    })
    const channel = live.status().channels.find((c) => c.channel === 'proofs:circuit:3')
    expect(channel).toEqual({ channel: 'proofs:circuit:3', state: 'refused', mode: 'polled', error: 'Channel not allowed: proofs:circuit:3' })
    // The history came by the first poll; new proofs come by the next ones.
    expect(accounts('3', 'initial')).toEqual([...proofAccountsOfCircuit(server, 3)].reverse())
    const fresh = [server.network.publishProof({ circuitId: 3 }), server.network.publishProof({ circuitId: 3 })]
    const other = server.network.publishProof({ circuitId: 4 })
    await waitFor(() => accounts('3', 'poll').length === 2)
    expect(accounts('3', 'poll')).toEqual(fresh.map((f) => f.proof.proofAccount))
    expect(accounts('3')).not.toContain(other.proof.proofAccount)
    // Polled again and again: nothing twice, nothing more.
    const held = accounts('3').length
    const pollsSoFar = polls('3')
    await waitFor(() => polls('3') >= pollsSoFar + 3)
    expect(accounts('3')).toHaveLength(held)
    expect(new Set(accounts('3')).size).toBe(held)
    expect(watchlist.snapshot().circuits[0]).toMatchObject({ lastProofAccount: fresh[1]?.proof.proofAccount })
    expect(live.status().synced).toBe(true)
  })

  it('streams a circuit the server allows, and backfills it after a reconnect', async () => {
    const { server, live, modes, accounts } = await follow({}, ['2'])
    await waitFor(() => live.status().synced)
    expect(live.followedCircuits()).toEqual([{ circuitId: '2', mode: 'live', reason: null }])
    const streamed = server.network.publishProof({ circuitId: 2 })
    await waitFor(() => accounts('2', 'live').includes(streamed.proof.proofAccount))
    const reconnects = live.status().socket.reconnects
    const port = server.port
    await server.close()
    const missed = server.network.publishProof({ circuitId: 2 })
    indexer = await startDemoIndexer({ port, rate: 0, network: { continueFrom: server.network } })
    await waitFor(() => live.status().synced && live.status().socket.reconnects > reconnects)
    expect(accounts('2', 'backfill')).toEqual([missed.proof.proofAccount])
    expect(modes).toEqual([])
    expect(new Set(accounts('2')).size).toBe(accounts('2').length)
  })

  it('says so when polling a refused circuit fails, and recovers', async () => {
    const { server, live, problems, accounts } = await follow({ refuseCircuitChannel: true }, ['5'])
    await waitFor(() => live.followedCircuits()[0]?.mode === 'polled' && accounts('5').length > 0)
    server.failNextHttp(3, 'internal')
    const after = server.network.publishProof({ circuitId: 5 })
    await waitFor(() => accounts('5').includes(after.proof.proofAccount))
    expect(problems.map((p) => p.message)).toContain('Polling circuit 5 failed: connection to the database was lost')
  })

  it('stops following a circuit: its poll and its channel go', async () => {
    const { live } = await follow({ refuseCircuitChannel: true }, ['3', '4'])
    await waitFor(() => live.followedCircuits().every((c) => c.mode === 'polled'))
    live.unfollowCircuit('3')
    expect(live.followedCircuits().map((c) => c.circuitId)).toEqual(['4'])
    expect(live.status().channels.map((c) => c.channel)).not.toContain('proofs:circuit:3')
  })
})
