/**
 * Polling what the socket does not push, against the demo indexer: series
 * and leaderboard with conditional requests, the overview only while the
 * socket does not bring it, failures shown once and backed off.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { ErrorInfo, LeaderboardEntry, Overview, Series } from '@shared/domain'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { IndexerClient } from '../../src/main/core/indexer/client'
import { closedPort } from '../support/test-server'
import { LiveService } from '../../src/main/core/live/live-service'
import { socketPoolTransport } from '../../src/main/core/live/live-transport'
import { Poller } from '../../src/main/core/polling/poller'
import { StatsPolls } from '../../src/main/core/polling/stats-polls'
import { waitFor } from '../support/wait-for'

let indexer: DemoIndexer | null = null
const stops: Array<() => void> = []
afterEach(async () => {
  stops.splice(0).forEach((stop) => stop())
  await indexer?.close()
  indexer = null
})

function pollerForTest(): Poller {
  const poller = new Poller()
  stops.push(() => poller.stop())
  return poller
}

describe('polling against the demo indexer', () => {
  it('polls the leaderboard with conditional requests and hands on only what changed', async () => {
    const server = (indexer = await startDemoIndexer({ port: 0, rate: 0, seed: 41 }))
    const client = new IndexerClient({ baseUrl: server.httpUrl })
    const poller = pollerForTest()
    const boards: LeaderboardEntry[][] = []
    const series: Series[] = []
    const polls = new StatsPolls({
      source: client,
      poller,
      intervals: { leaderboardMs: 20, seriesMs: 20 },
      onLeaderboard: (_query, entries) => boards.push(entries),
      onSeries: (value) => series.push(value),
    })
    polls.followLeaderboard({ period: '24h', limit: 5 })
    polls.followSeries([{ metric: 'proofs', period: '7d' }])
    await waitFor(() => (client.conditional?.counts.notModified ?? 0) >= 3 && series.length >= 1)
    // Unchanged on the server: answered 304 and not handed on again.
    expect(boards).toHaveLength(1)
    // The seed's metric name was negotiated once and remembered.
    expect(series[0]?.serverMetric).toBe('proofs24h')

    const shown = (entries: LeaderboardEntry[] | undefined) => entries?.map((e) => ({ pubkey: e.pubkey, proofCount: e.proofCount }))
    // Counts are decoded as exact decimal text.
    const onTheWire = (entries: Array<{ pubkey: string; proofCount: number }>) => entries.map((e) => ({ ...e, proofCount: String(e.proofCount) }))
    expect(shown(boards[0])).toEqual(onTheWire(server.network.leaderboard(5)))
    for (let index = 0; index < 30; index++) server.network.publishProof({ authority: DEMO_BUSY_ADDRESSES[2] })
    await waitFor(() => boards.length === 2)
    expect(shown(boards[1])).toEqual(onTheWire(server.network.leaderboard(5)))
    expect(boards[1]?.[0]?.pubkey).toBe(DEMO_BUSY_ADDRESSES[2])

    polls.stop()
    expect(poller.states()).toEqual([])
  })

  it('polls the overview while the socket cannot connect, and stops once stats stream', async () => {
    const server = (indexer = await startDemoIndexer({ port: 0, rate: 0, seed: 42, statsIntervalMs: 30 }))
    const poller = pollerForTest()
    const overviews: Array<[Overview, 'live' | 'poll']> = []
    const transport = socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 60, welcomeTimeoutMs: 200 })
    const down = new LiveService({
      source: new IndexerClient({ baseUrl: server.httpUrl }),
      wsUrl: `ws://127.0.0.1:${await closedPort()}/ws`,
      poller,
      overviewPollMs: 20,
      transport,
      handlers: { onOverview: (overview, origin) => overviews.push([overview, origin]) },
    })
    stops.push(() => down.stop())
    down.start()
    await waitFor(() => overviews.filter(([, origin]) => origin === 'poll').length >= 3)
    expect(overviews.every(([, origin]) => origin === 'poll')).toBe(true)
    expect(overviews[0]?.[0].slot).toMatch(/^\d+$/)
    down.stop()

    const streamed: Array<'live' | 'poll'> = []
    const up = new LiveService({
      source: new IndexerClient({ baseUrl: server.httpUrl }),
      wsUrl: server.wsUrl,
      poller,
      // Stats come every 30 ms, far more often than the overview would be read: it is not read.
      overviewPollMs: 500,
      transport,
      handlers: { onOverview: (_overview, origin) => streamed.push(origin) },
    })
    stops.push(() => up.stop())
    up.start()
    await waitFor(() => up.status().synced)
    const overviewPolls = () => poller.states().find((p) => p.key === 'overview')?.polls ?? 0
    const pollsWhenLive = overviewPolls()
    await waitFor(() => streamed.filter((origin) => origin === 'live').length >= 5)
    expect(overviewPolls()).toBe(pollsWhenLive)
    expect(poller.states().find((p) => p.key === 'overview')).toMatchObject({ active: false, nextAt: null })
  })

  /** The core's live service on a demo that pushes stats every 600 ms, while the overview is read every 40 ms. */
  async function slowStatsService(activity?: { visible: boolean; idle: boolean }) {
    const server = (indexer = await startDemoIndexer({ port: 0, rate: 0, seed: 42, statsIntervalMs: 600 }))
    const origins: Array<'live' | 'poll'> = []
    const slow = new LiveService({
      source: new IndexerClient({ baseUrl: server.httpUrl }),
      wsUrl: server.wsUrl,
      poller: pollerForTest(),
      overviewPollMs: 40,
      transport: socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 60, welcomeTimeoutMs: 200 }),
      handlers: { onOverview: (_overview, origin) => origins.push(origin) },
    })
    stops.push(() => slow.stop())
    if (activity) slow.setActivity(activity)
    slow.start()
    await waitFor(() => origins.filter((origin) => origin === 'live').length >= 2)
    return { slow, origins, stats: () => slow.status().following.find((f) => f.kind === 'stats') }
  }

  it('reads the overview between stats pushed less often than that, as on the reference (once a minute)', async () => {
    const { origins, stats } = await slowStatsService()
    // Once the slow period is measured, reads fill the gap after the last push.
    const pushes = origins.length
    await waitFor(() => origins.slice(pushes).filter((origin) => origin === 'poll').length >= 2)
    expect(stats()).toMatchObject({ how: 'pushed', intervalMs: 40 })
    expect(stats()?.reason).toMatch(/^pushed about every .+; the overview is read every .+ in between$/)
  })

  it('leaves the gaps between slow stats pushes alone while the window is hidden, and fills them again once shown', async () => {
    const { slow, origins, stats } = await slowStatsService({ visible: false, idle: false })
    const pushes = origins.length
    await waitFor(() => origins.slice(pushes).filter((origin) => origin === 'live').length >= 2)
    expect(origins.slice(pushes)).not.toContain('poll')
    expect(stats()).toMatchObject({ how: 'pushed', intervalMs: null })
    expect(stats()?.reason).toMatch(/read in between while the window is in front$/)
    slow.setActivity({ visible: true, idle: false })
    const shown = origins.length
    await waitFor(() => origins.slice(shown).includes('poll'))
  })

  it('reports an overview it cannot fetch once, and backs off', async () => {
    const port = await closedPort()
    const poller = new Poller({ random: () => 0.5, maxBackoffMs: 10_000 })
    stops.push(() => poller.stop())
    const problems: ErrorInfo[] = []
    const live = new LiveService({
      source: new IndexerClient({ baseUrl: `http://127.0.0.1:${port}`, retries: 0 }),
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      poller,
      overviewPollMs: 20,
      transport: socketPoolTransport({ backoffBaseMs: 50, backoffCapMs: 100 }),
      handlers: { onProblem: (problem) => problems.push(problem) },
    })
    stops.push(() => live.stop())
    live.start()
    const overview = () => poller.states().find((p) => p.key === 'overview')
    await waitFor(() => (overview()?.failures ?? 0) >= 3 && overview()?.inFlight === false)
    const overviewProblems = problems.filter((p) => p.message.startsWith('The overview cannot be fetched'))
    expect(overviewProblems).toHaveLength(1)
    expect(overviewProblems[0]).toMatchObject({ code: 'UNREACHABLE' })
    expect(overviewProblems[0]?.message).toMatch(/connection refused/)
    const state = overview()
    const failures = state?.failures ?? 0
    // After n failures in a row: the interval plus a jittered interval·2^(n-1) (jitter at 0.5).
    expect((state?.nextAt ?? 0) - (state?.lastPolledAt ?? 0)).toBe(20 + Math.floor(0.5 * 20 * 2 ** (failures - 1)))
    expect(state?.lastError?.code).toBe('UNREACHABLE')
  })

  it('polls less while the window is hidden and the system idle', async () => {
    const server = (indexer = await startDemoIndexer({ port: 0, rate: 0, seed: 43 }))
    const poller = pollerForTest()
    const live = new LiveService({
      source: new IndexerClient({ baseUrl: server.httpUrl }),
      wsUrl: server.wsUrl,
      poller,
      transport: socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 60 }),
      handlers: {},
    })
    stops.push(() => live.stop())
    live.start()
    const overview = () => poller.states().find((p) => p.key === 'overview')
    expect(overview()?.effectiveIntervalMs).toBe(10_000)
    live.setActivity({ visible: false, idle: false })
    expect(overview()?.effectiveIntervalMs).toBe(40_000)
    live.setActivity({ visible: true, idle: true })
    expect(overview()?.effectiveIntervalMs).toBe(100_000)
    live.setActivity({ visible: true, idle: false })
    expect(overview()?.effectiveIntervalMs).toBe(10_000)
  })
})
