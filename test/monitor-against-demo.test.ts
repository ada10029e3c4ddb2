import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import type { ConnectionState, ErrorInfo, Overview, ProofSummary } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { startDemoIndexer, type DemoIndexer } from '../src/main/demo/server'
import { createMonitor, type Monitor } from '../src/main/core/monitor'
import { memorySettingsStore } from '../src/main/core/settings'
import { waitFor } from './support/wait-for'

function collect(monitor: Monitor) {
  const batches: BridgeEvent[][] = []
  monitor.onEvents((batch) => batches.push(batch))
  const of = <E extends BridgeEvent['event']>(event: E) =>
    batches.flat().filter((e): e is Extract<BridgeEvent, { event: E }> => e.event === event).map((e) => e.payload)
  return { batches, of }
}

let demo: DemoIndexer | null = null
let monitor: Monitor | null = null
afterEach(async () => {
  await monitor?.stop()
  await demo?.close()
  monitor = demo = null
})

describe('the core against the demo indexer over real HTTP and WebSocket', () => {
  it('serves every endpoint through the bridge methods', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 3 })
    monitor = createMonitor({ settings: memorySettingsStore({ indexerUrl: demo.httpUrl, wsUrl: demo.wsUrl, useDemo: false }) })
    await monitor.start()

    const overview = await monitor.getOverview()
    expect(overview.slot).toMatch(/^\d+$/)
    expect(overview.totalProofs).toMatch(/^\d+$/)

    // The seed's metric name is negotiated to what the server accepts.
    const series = await monitor.getSeries({ metric: 'proofs', period: '7d' })
    expect(series.serverMetric).toBe('proofs24h')
    expect(series.points.length).toBeGreaterThan(0)

    const leaderboard = await monitor.getLeaderboard({ period: '24h', limit: 5 })
    expect(leaderboard.map((e) => e.rank)).toEqual(leaderboard.map((_, i) => i + 1))

    const first = await monitor.listProofs({ limit: 20 })
    expect(first.items).toHaveLength(20)
    const second = await monitor.listProofs({ limit: 20, cursor: first.nextCursor! })
    const ids = new Set([...first.items, ...second.items].map((p) => p.proofAccount))
    expect(ids.size).toBe(40)

    const proof = await monitor.getProof(first.items[0]!.proofAccount)
    expect(proof.proofAccount).toBe(first.items[0]!.proofAccount)
    const balance = await monitor.listProofs({ type: 'BALANCE', limit: 10 })
    expect(balance.items.every((p) => p.proofType === 'BALANCE')).toBe(true)

    const txs = await monitor.listTransactions({ limit: 10 })
    const detail = await monitor.getTransaction(txs.items[0]!.signature)
    expect(detail.signature).toBe(txs.items[0]!.signature)
    expect(Array.isArray(detail.logs)).toBe(true)
    const failed = await monitor.listTransactions({ status: 'FAILED', limit: 10 })
    expect(failed.items.every((t) => t.status === 'FAILED')).toBe(true)

    await expect(monitor.getProof('1'.repeat(44))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(monitor.getTransaction('short')).rejects.toBeInstanceOf(ProofWatchError)
  })

  it('goes live over the socket and relays stats and proofs in batches', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 20, seed: 4, statsIntervalMs: 100 })
    monitor = createMonitor({ settings: memorySettingsStore({ indexerUrl: demo.httpUrl, wsUrl: demo.wsUrl, useDemo: false }) })
    const events = collect(monitor)
    await monitor.start()
    await waitFor(() => events.of('proofs').flat().length >= 10 && events.of('overview').length > 0)
    const connection = events.of('connection').at(-1) as ConnectionState
    expect(connection.socket.state).toBe('live')
    expect(connection.indexer.demo).toBe(false)
    expect(connection.channels.map((c) => [c.channel, c.state])).toEqual([
      ['stats', 'subscribed'],
      ['proofs', 'subscribed'],
    ])
    // Batched: fewer bridge messages than proofs.
    const proofs = events.of('proofs').flat() as ProofSummary[]
    expect(events.batches.length).toBeLessThan(proofs.length + events.of('overview').length)
    const recent = await monitor.getRecentProofs()
    expect(recent[0]!.proofAccount).toBe(proofs.at(-1)!.proofAccount)
    expect((events.of('overview').at(-1) as Overview).slot).toMatch(/^\d+$/)

    // A malformed event is reported with where it came from, and the feed goes on.
    const before = proofs.length
    demo.sendRawToAll(JSON.stringify({ type: 'stats', data: 'not an object' }))
    demo.sendRawToAll('{not json')
    await waitFor(() => events.of('problem').length >= 2 && events.of('proofs').flat().length > before + 5)
    const messages = (events.of('problem') as ErrorInfo[]).map((p) => p.message)
    expect(messages).toContainEqual(expect.stringMatching(/^Unreadable stats event/))
    expect(messages).toContainEqual(expect.stringMatching(/^Unreadable socket frame/))
  })

  it('starts the built-in demo indexer when none is configured and says so', async () => {
    monitor = createMonitor({ settings: memorySettingsStore() })
    await monitor.start()
    const connection = await monitor.getConnection()
    expect(connection.indexer.demo).toBe(true)
    expect(connection.indexer.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await monitor.getOverview()).slot).toMatch(/^\d+$/)
  })

  it('reports an unreachable indexer, keeps retrying, and recovers when it appears', async () => {
    // Reserve a free port, then free it: nothing listens there until the demo starts on it.
    const probe = await startDemoIndexer({ port: 0, rate: 0 })
    const port = probe.port
    await probe.close()
    const url = `http://127.0.0.1:${port}`
    monitor = createMonitor(
      { settings: memorySettingsStore({ indexerUrl: url, wsUrl: null, useDemo: false }) },
      { healthPollMs: 100, feedOptions: { backoffBaseMs: 50, backoffCapMs: 200 } },
    )
    const events = collect(monitor)
    await monitor.start()
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.http.state === 'unreachable')
    await expect(monitor.getOverview()).rejects.toMatchObject({ code: 'UNREACHABLE' })

    demo = await startDemoIndexer({ port, rate: 0 })
    await waitFor(() => {
      const last = events.of('connection').at(-1) as ConnectionState
      return last.http.state === 'ok' && last.socket.state === 'live'
    })
    expect(events.of('overview').length).toBeGreaterThan(0)
  })

  it('switches indexer when the settings change', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0 })
    monitor = createMonitor({ settings: memorySettingsStore() })
    await monitor.start()
    expect((await monitor.getConnection()).indexer.demo).toBe(true)
    const saved = await monitor.updateSettings({ indexerUrl: demo.httpUrl })
    expect(saved).toEqual({ indexerUrl: demo.httpUrl, wsUrl: null, useDemo: false })
    const connection = await monitor.getConnection()
    expect(connection.indexer).toEqual({ demo: false, httpUrl: demo.httpUrl, wsUrl: demo.wsUrl })
    await expect(monitor.updateSettings({ indexerUrl: 'ftp://nope' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })

    // Back to the demo, keeping the user's indexer for later.
    expect(await monitor.updateSettings({ useDemo: true })).toEqual({ indexerUrl: demo.httpUrl, wsUrl: null, useDemo: true })
    expect((await monitor.getConnection()).indexer.demo).toBe(true)
    await monitor.updateSettings({ useDemo: false })
    expect((await monitor.getConnection()).indexer.httpUrl).toBe(demo.httpUrl)
  })
})
