/**
 * What polling costs (issue 22): against the demo in its default,
 * reference-like mode, the core (bench/children/idle-core.ts: the monitor in
 * the tray, no bridge client) follows 1, 20 and 200 watched addresses that
 * the indexer does not push, with the first one's page open in a visible
 * window (the busiest steady state: the open page is read every 3 s). HTTP
 * requests are counted at the demo's server over a window after the start-up
 * sync, as the indexer's rate limit counts them (1,000 a minute advertised,
 * docs/wire.md). Beside them, a fourth follower of 20 addresses, its window
 * hidden and no page open from the start: the core's CPU per hour once its
 * start-up work has settled and a minute more has passed (getrusage, as the
 * idle benchmark reads it). All four run side by side, each with its own
 * indexer and core.
 */
import { randomBytes } from 'node:crypto'
import bs58 from 'bs58'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { forkChild, type ForkedChild } from '../lib/processes'
import { sleep } from '../lib/clock'
import type { IndexerReady } from '../children/indexer'
import type { IdleCoreArgs, IdleReading } from '../children/idle-core'

const HOUR_MS = 3_600_000
const ADVERTISED_PER_MINUTE = 1_000

/** `count` addresses: the network's authorities first (they have history), then fresh keys (none). */
function addresses(authorities: readonly string[], count: number): string[] {
  const picked = authorities.slice(0, count)
  while (picked.length < count) picked.push(bs58.encode(randomBytes(32)))
  return picked
}

async function untilLive(core: ForkedChild<null>): Promise<void> {
  const deadline = performance.now() + 60_000
  while ((await core.channel.request<string>('socketState', {})) !== 'live') {
    if (performance.now() > deadline) throw new Error('the core was not live within 60 s')
    await sleep(50)
  }
}

/** Detail reads (a transaction or proof by key): what the start-up's filler fetches, paced, for what the first sync listed. */
function detailReads(counts: Record<string, number>): number {
  return Object.entries(counts).reduce((sum, [route, count]) => (/\/\{key\}$/.test(route) && !route.includes('/addresses/') ? sum + count : sum), 0)
}

/**
 * Start-up work (each address read once, then the listed records' details
 * filled in at the filler's paced rate) is not the steady rate: waits until a
 * slice of `sliceMs` passes without detail reads, or `capMs`; returns how long.
 */
async function untilSettled(indexer: ForkedChild<IndexerReady>, sliceMs: number, capMs: number): Promise<number> {
  const startedAt = performance.now()
  await indexer.channel.request('takeHttpRequests')
  while (performance.now() - startedAt < capMs) {
    await sleep(sliceMs)
    if (detailReads(await indexer.channel.request<Record<string, number>>('takeHttpRequests')) === 0) break
  }
  return performance.now() - startedAt
}

function topRoutes(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([route, count]) => `${route} ${count}`)
    .join(', ')
}

interface Follower {
  count: number
  watch: string[]
  indexer: ForkedChild<IndexerReady>
  core: ForkedChild<null>
}

/**
 * An indexer and a core in the tray following `count` addresses: the first one's page open in a visible
 * window, or (`hidden`) no page open and the window hidden from the start. The caller stops both.
 */
async function startFollower(ctx: BenchContext, count: number, hidden: boolean, started: (child: ForkedChild<unknown>) => void): Promise<Follower> {
  const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', { historyProofs: 50, historyTransactions: 100, pushAddressEvents: false })
  started(indexer)
  const watch = addresses(indexer.ready.authorities, count)
  const args: IdleCoreArgs = { httpUrl: indexer.ready.httpUrl, wsUrl: indexer.ready.wsUrl, watch }
  const core = await forkChild<null>(ctx.benchDir, 'idle-core', args, { timeoutMs: 90_000 })
  started(core)
  await untilLive(core)
  if (hidden) await core.channel.request('activity', { visible: false, idle: false })
  else await core.channel.request('openAddress', { pubkey: watch[0] })
  return { count, watch, indexer, core }
}

/** Requests a minute at the follower's indexer over `windowMs` once its start-up work settled. */
async function requestsFigure(follower: Follower, sliceMs: number, settleCapMs: number, windowMs: number): Promise<Figure> {
  const { count, indexer } = follower
  const settledMs = await untilSettled(indexer, sliceMs, settleCapMs)
  const startedAt = performance.now()
  await sleep(windowMs)
  const counts = await indexer.channel.request<Record<string, number>>('takeHttpRequests')
  const perMinute = (Object.values(counts).reduce((sum, value) => sum + value, 0) * 60_000) / (performance.now() - startedAt)
  return measured(
    {
      id: `address-polling.requests-${count}`,
      figure: `requests a minute to the indexer, ${count} watched address${count === 1 ? '' : 'es'}`,
      unit: '/min',
      target: { atMost: ADVERTISED_PER_MINUTE * 0.2, text: '≤ 200 (20% of 1,000/min)' },
      note: `reference mode, one page open, window visible; counted at the demo’s server over ${(windowMs / 1000).toFixed(0)} s after start-up work settled (${(settledMs / 1000).toFixed(0)} s); busiest: ${topRoutes(counts) || 'none'}; 1, 20 and 200 side by side`,
    },
    [perMinute],
  )
}

/**
 * The follower's core CPU per hour, its window hidden and no page open since
 * it went live, measured from `hiddenSettleMs` after it was hidden, once its
 * start-up work has settled.
 */
async function hiddenCpuFigure(follower: Follower, hiddenAt: number, sliceMs: number, settleCapMs: number, windowMs: number, hiddenSettleMs: number): Promise<Figure> {
  const { core, indexer } = follower
  const traceMs = sliceMs * 2
  await untilSettled(indexer, sliceMs, settleCapMs)
  // The hour is measured in its steady state: the first minute after the window hides holds one-off work
  // (V8's memory reducer collecting after the busy start-up, the polls regrouping), not idle polling.
  // Which timer fires most is read over the end of that minute, apart from the CPU window (tracing costs CPU);
  // the reading counts firings since the one before.
  await sleep(Math.max(0, hiddenSettleMs - traceMs - (performance.now() - hiddenAt)))
  await core.channel.request('reading', {})
  const tracedAt = performance.now()
  await sleep(Math.max(0, hiddenSettleMs - (performance.now() - hiddenAt)))
  const traced = await core.channel.request<IdleReading>('reading', {})
  const tracedMs = performance.now() - tracedAt
  await core.channel.request('trackTimers', { on: false })
  await indexer.channel.request('takeHttpRequests')
  const before = await core.channel.request<IdleReading>('reading', {})
  const cpuStartedAt = performance.now()
  await sleep(windowMs)
  const after = await core.channel.request<IdleReading>('reading', {})
  const elapsed = performance.now() - cpuStartedAt
  const requests = await indexer.channel.request<Record<string, number>>('takeHttpRequests')
  const timers = traced.timers
  return measured(
    {
      id: `address-polling.cpu-hidden-${follower.count}`,
      figure: `core CPU per hour, idle, window hidden, ${follower.count} polled addresses`,
      unit: 's',
      target: { atMost: 10, text: '< 10 s' },
      note: `reference mode (addresses polled, stats every 60 s); hidden since it went live; ${(windowMs / 1000).toFixed(0)} s window from ${(hiddenSettleMs / 1000).toFixed(0)} s after that, its start-up work settled, beside the other followers, getrusage of every thread, × ${(HOUR_MS / windowMs).toFixed(0)}, timers not traced meanwhile; requests meanwhile: ${topRoutes(requests) || 'none'}; busiest timer ${timers[0]?.site ?? 'none'} over the ${(tracedMs / 1000).toFixed(0)} s before the window`,
    },
    [((after.cpuMicros - before.cpuMicros) / 1e6) * (HOUR_MS / elapsed)],
  )
}

export const addressPolling: Benchmark = {
  name: 'address-polling',
  title: 'Live truth: requests to the indexer and idle CPU while polling watched addresses',
  limitMs: 600_000,
  quiet: true,
  async run(ctx: BenchContext): Promise<Figure[]> {
    const sliceMs = ctx.quick ? 1_000 : 5_000
    const settleCapMs = ctx.quick ? 3_000 : 60_000
    const windowMs = ctx.quick ? 3_000 : 60_000
    const hiddenSettleMs = ctx.quick ? 3_000 : 60_000
    const children: ForkedChild<unknown>[] = []
    const stopAll = (followers: readonly Follower[]) =>
      Promise.all(followers.map(async ({ core, indexer }) => {
        await core.channel.request('stop', {}).catch(() => undefined)
        await core.stop()
        await indexer.stop()
      }))
    try {
      // Side by side: each follower's requests are counted at its own indexer and follow its own timers, and
      // each core's CPU is its own process's, so the windows overlap without changing what they measure.
      const started = (child: ForkedChild<unknown>) => void children.push(child)
      const visible = await Promise.all([1, 20, 200].map((count) => startFollower(ctx, count, false, started)))
      const hidden = await startFollower(ctx, 20, true, started)
      // Hiding is the last thing startFollower does.
      const hiddenAt = performance.now()
      const [figures, cpu] = await Promise.all([
        Promise.all(visible.map((follower) => requestsFigure(follower, sliceMs, settleCapMs, windowMs))).finally(() => stopAll(visible)),
        hiddenCpuFigure(hidden, hiddenAt, sliceMs, settleCapMs, windowMs, hiddenSettleMs).finally(() => stopAll([hidden])),
      ])
      return [...figures, cpu]
    } finally {
      await Promise.all(children.map((child) => child.stop()))
    }
  },
}
