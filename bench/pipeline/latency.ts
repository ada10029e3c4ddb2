/// <reference lib="dom" />
/**
 * Event to screen: from the demo indexer's sending a proof to its row being
 * in the renderer's DOM, in Chromium, in serve mode (indexer → core → bridge
 * socket → Pinia → Vue), at 100 and 1,000 events/s; p50 and p99. Side by
 * side, the same proofs made visible by polling the HTTP API (PollingView).
 *
 * Measured in each of VIEWS that shows pushed proofs (a short burst must put
 * rows on screen): the proofs list and the dashboard's live feed, one after
 * the other; polling is compared with the first. A view renders only the
 * rows in sight, and draws at most once per frame when it falls behind, so
 * at high rates some proofs are never on screen: the note says how many
 * were. Each p99 is split at the moment the page's script receives the
 * bridge message: before it, the core, the batching, the bridge socket and
 * any wait for the page's thread; after it, the page's own work. The p99
 * targets are ratios to the bare relay of the same frames to a plain page,
 * measured just before (bench/baselines/relay-to-page.ts).
 */
import type { Page } from 'playwright-core'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import type { ForkedChild } from '../lib/processes'
import { browserMissing, withServedPage } from '../lib/browser'
import { clockOffset } from '../lib/clock'
import { openLiveView, screenWindow, sentToScreen, type LiveView } from '../lib/rows-on-screen'
import { relayIds } from '../baselines/relay-to-page'
import { percentile } from '../lib/stats'
import { profiledPage } from '../lib/page-profile'
import { PollingView } from './polling-view'
import type { IndexerReady } from '../children/indexer'

type View = LiveView

const VIEWS: readonly View[] = [
  {
    key: 'list',
    name: 'proofs list',
    hash: '#/proofs',
    row: '[data-testid="proof-row"]',
    ready: '[data-testid="proof-row"], [data-testid="proofs-empty"]',
  },
  {
    key: 'feed',
    name: 'dashboard live feed',
    hash: '#/',
    row: 'tr[data-testid="live-proof-row"]',
    ready: '[data-testid="live-feed-empty"], tr[data-testid="live-proof-row"]',
  },
]
/** What watchSocket leaves on the page's window. */
interface SocketWatch {
  /** Bridge socket messages that carry pushed proofs, with when the page received each. */
  proofMessages: [number, string][]
}

/**
 * Notes when each bridge message carrying pushed proofs reaches the page's
 * script, before the app's own handler sees it: the split between getting
 * there (core, batching, bridge socket, and any wait for the page's thread,
 * busy drawing) and showing it (parse, Pinia, Vue).
 */
async function watchSocket(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = window as unknown as SocketWatch
    watch.proofMessages = []
    const Native = window.WebSocket
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args)
        // Registered before the app sets onmessage, so it runs first.
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data === 'string' && event.data.includes('"event":"proofs"')) {
            watch.proofMessages.push([performance.timeOrigin + performance.now(), event.data])
          }
        })
      }
    }
  })
}

/** When each pushed proof first reached the page, by proof account; the notes are then cleared. */
function takeReceiveTimes(page: Page): Promise<[string, number][]> {
  return page.evaluate(() => {
    const watch = window as unknown as SocketWatch
    const firstAt = new Map<string, number>()
    for (const [at, data] of watch.proofMessages) {
      const message = JSON.parse(data) as { events?: { event: string; payload: { proofAccount?: string }[] }[] }
      for (const event of message.events ?? []) {
        if (event.event !== 'proofs') continue
        for (const proof of event.payload) if (proof.proofAccount && !firstAt.has(proof.proofAccount)) firstAt.set(proof.proofAccount, at)
      }
    }
    watch.proofMessages = []
    return [...firstAt]
  })
}

interface RunResult {
  push: number[]
  /** Of the proofs on screen: sent → handed to the page's script, and from there → in the DOM. */
  toPage: number[]
  inPage: number[]
  poll: number[]
  sent: number
}

/** One window at `rate`: push latencies of the proofs that reached the screen, and with `poll`, of the same proofs found by polling. */
async function oneRun(
  ctx: BenchContext,
  page: Page,
  indexer: ForkedChild<IndexerReady>,
  rate: number,
  offsets: { page: number; indexer: number },
  poll: boolean,
): Promise<RunResult> {
  await takeReceiveTimes(page)
  const poller = poll ? new PollingView(indexer.ready.httpUrl, ctx.sizes.pollIntervalMs) : null
  await poller?.start()
  const window = await screenWindow(page, indexer, rate, ctx.sizes.latencyWindowMs, (lastSent) => poller?.stopAfterPollStartedAfter(lastSent) ?? Promise.resolve())
  const received = new Map(await takeReceiveTimes(page))
  const result: RunResult = { push: sentToScreen(window, offsets), toPage: [], inPage: [], poll: [], sent: window.sent.length }
  for (const [account, sentAt] of window.sent) {
    const sentHere = sentAt - offsets.indexer
    const onScreen = window.seen.get(account)
    const receivedAt = received.get(account)
    if (onScreen !== undefined && receivedAt !== undefined) {
      result.toPage.push(receivedAt - offsets.page - sentHere)
      result.inPage.push(onScreen - receivedAt)
    }
    const polled = poller?.visibleAt.get(account)
    if (polled !== undefined) result.poll.push(polled - sentHere)
  }
  if (poll && result.poll.length === 0) throw new Error(`polling found none of ${window.sent.length} proofs sent at ${rate}/s`)
  return result
}

function pushIds(view: View, rate: number) {
  return { p50: `latency.${view.key}.push-p50@${rate}`, p99: `latency.${view.key}.push-p99@${rate}` }
}

/** p99 at most 1.5× the bare relay's at the same rate, measured just before in the same run (issue 25). */
function p99Target(rate: number) {
  return { atMost: 1.5, baseline: relayIds(rate).p99, text: '≤ 1.5× bare relay' }
}

function pushFigures(view: View, rate: number) {
  const ids = pushIds(view, rate)
  return {
    p50: { id: ids.p50, figure: `event to screen at ${rate}/s, p50, ${view.name}`, unit: 'ms', short: 'push' },
    p99: { id: ids.p99, figure: `event to screen at ${rate}/s, p99, ${view.name}`, unit: 'ms', short: 'push', target: p99Target(rate) },
  }
}

function notMeasuredFigures(ctx: BenchContext, views: readonly View[], why: string): Figure[] {
  return views.flatMap((view) =>
    ctx.sizes.latencyRates.flatMap((rate) => {
      const figures = pushFigures(view, rate)
      return [notMeasured(figures.p50, why), notMeasured(figures.p99, why)]
    }),
  )
}

export const latency: Benchmark = {
  name: 'latency',
  title: 'Event to screen in Chromium (serve mode)',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const missing = browserMissing()
    if (missing) return notMeasuredFigures(ctx, VIEWS, missing)
    const maxRate = Math.max(...ctx.sizes.latencyRates)
    return withServedPage(ctx, {
      maxProofs: maxRate * (ctx.sizes.latencyWindowMs / 1000) * 2 + 1_000,
    }, async ({ indexer, serve, page }) => {
      await watchSocket(page)
      const offsets = {
        page: 0,
        indexer: await clockOffset(() => indexer.channel.request<number>('clock')),
      }
      const figures: Figure[] = []
      let compared: View | null = null
      for (const view of VIEWS) {
        if (!(await openLiveView(page, serve.url, indexer, view))) {
          figures.push(...notMeasuredFigures(ctx, [view], `the ${view.name} shows no pushed proofs`))
          continue
        }
        // A new document has a new time origin.
        offsets.page = await clockOffset(() => page.evaluate(() => performance.timeOrigin + performance.now()))
        const withPolling = compared === null
        compared ??= view
        for (const rate of ctx.sizes.latencyRates) {
          const samples = {
            pushP50: [] as number[],
            pushP99: [] as number[],
            toPageP99: [] as number[],
            inPageP99: [] as number[],
            pollP50: [] as number[],
            pollP99: [] as number[],
          }
          let sent = 0
          let shown = 0
          const runs = Math.min(ctx.sizes.runs, 3)
          for (let run = 0; run < runs; run++) {
            const result = await profiledPage(page, `${view.key}-${rate}-${run + 1}`, () => oneRun(ctx, page, indexer, rate, offsets, withPolling))
            // A run in which no proof reached the screen has no latency to give.
            if (result.push.length > 0) {
              samples.pushP50.push(percentile(result.push, 50))
              samples.pushP99.push(percentile(result.push, 99))
            }
            if (result.toPage.length > 0) {
              samples.toPageP99.push(percentile(result.toPage, 99))
              samples.inPageP99.push(percentile(result.inPage, 99))
            }
            if (withPolling) {
              samples.pollP50.push(percentile(result.poll, 50))
              samples.pollP99.push(percentile(result.poll, 99))
            }
            sent += result.sent
            shown += result.push.length
          }
          const push = pushFigures(view, rate)
          const onScreen = `${shown.toLocaleString('en-US')} of ${sent.toLocaleString('en-US')} proofs were on screen; ${runs} run${runs === 1 ? '' : 's'} of ${ctx.sizes.latencyWindowMs / 1000} s`
          if (samples.pushP50.length === 0) {
            const why = `none of ${sent.toLocaleString('en-US')} proofs reached the ${view.name} in ${runs} run${runs === 1 ? '' : 's'}`
            figures.push(notMeasured(push.p50, why), notMeasured(push.p99, why))
          } else {
            figures.push(measured({ ...push.p50, note: onScreen }, samples.pushP50), measured(push.p99, samples.pushP99))
          }
          if (samples.toPageP99.length > 0) {
            const part = (key: string, figure: string, note: string, values: number[]) =>
              measured({ id: `latency.${view.key}.${key}-p99@${rate}`, figure: `  of which ${figure}, p99`, unit: 'ms', note }, values)
            figures.push(
              part('to-page', 'indexer → page script', "core, batching, bridge socket, and any wait for the page's busy thread", samples.toPageP99),
              part('in-page', 'page script → DOM', 'parse, Pinia, Vue', samples.inPageP99),
            )
          }
          if (!withPolling) continue
          const polling = `HTTP polled every ${ctx.sizes.pollIntervalMs / 1000} s, rendering not included`
          figures.push(
            measured(
              { id: `latency.poll-p50@${rate}`, figure: `same by polling at ${rate}/s, p50`, unit: 'ms', target: { baseline: push.p50.id, text: 'side by side' }, note: polling },
              samples.pollP50,
            ),
            measured(
              { id: `latency.poll-p99@${rate}`, figure: `same by polling at ${rate}/s, p99`, unit: 'ms', target: { baseline: push.p99.id, text: 'side by side' }, note: polling },
              samples.pollP99,
            ),
          )
        }
      }
      return figures
    })
  },
}
