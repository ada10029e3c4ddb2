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
 * any wait for the page's thread; after it, the page's own work.
 */
import type { Page } from 'playwright-core'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import type { ForkedChild } from '../lib/processes'
import { browserMissing, withServedPage } from '../lib/browser'
import { clockOffset, sleep, wallNow } from '../lib/clock'
import { percentile } from '../lib/stats'
import { PollingView } from './polling-view'
import type { IndexerReady, PublishReply } from '../children/indexer'

interface View {
  /** In figure ids: latency.<key>.push-p99@1000. */
  key: string
  name: string
  hash: string
  /** A row of one proof. */
  row: string
  /** Shown once the view has loaded, with or without rows. */
  ready: string
}

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
/** In both views the row's first link carries the full proof account as its title. */
const ACCOUNT_OF_ROW = 'a[title]'

/** What watchRows and watchSocket leave on the page's window. */
interface RowWatch {
  seenAt: Map<string, number>
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
    const watch = window as unknown as RowWatch
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
    const watch = window as unknown as RowWatch
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

/** Notes, in the page, when a row for each proof account first appears in the DOM. */
async function watchRows(page: Page, rowSelector: string): Promise<void> {
  await page.evaluate(
    ({ rowSelector, accountSelector }) => {
      const seenAt = new Map<string, number>()
      ;(window as unknown as RowWatch).seenAt = seenAt
      const note = (row: Element, at: number) => {
        const account = row.querySelector(accountSelector)?.getAttribute('title')
        if (account && !seenAt.has(account)) seenAt.set(account, at)
      }
      new MutationObserver((records) => {
        const at = performance.timeOrigin + performance.now()
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue
            if (node.matches(rowSelector)) note(node, at)
            for (const row of node.querySelectorAll(rowSelector)) note(row, at)
          }
        }
      }).observe(document.body, { childList: true, subtree: true })
    },
    { rowSelector, accountSelector: ACCOUNT_OF_ROW },
  )
}

function seenCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as RowWatch).seenAt.size)
}

/** Opens `view` and checks that a short burst puts rows on screen; false when it does not show pushed proofs. */
async function openLiveView(page: Page, baseUrl: string, indexer: ForkedChild<IndexerReady>, view: View): Promise<boolean> {
  await page.goto(baseUrl + view.hash)
  const ready = await page.waitForSelector(view.ready, { timeout: 20_000 }).then(
    () => true,
    () => false,
  )
  if (!ready) return false
  await watchRows(page, view.row)
  await indexer.channel.request('publishAtRate', { proofsPerSecond: 100, durationMs: 300 })
  let shown = 0
  const deadline = Date.now() + 3_000
  while (shown === 0 && Date.now() < deadline) {
    await sleep(50)
    shown = await seenCount(page)
  }
  await indexer.channel.request('takeSendTimes')
  return shown > 0
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
  await page.evaluate(() => (window as unknown as RowWatch).seenAt.clear())
  await takeReceiveTimes(page)
  const poller = poll ? new PollingView(indexer.ready.httpUrl, ctx.sizes.pollIntervalMs) : null
  await poller?.start()
  await indexer.channel.request<PublishReply>('publishAtRate', { proofsPerSecond: rate, durationMs: ctx.sizes.latencyWindowMs, stamp: true })
  const lastSent = wallNow()
  // Whatever is still on its way reaches the screen well within half a second.
  await Promise.all([sleep(500), poller?.stopAfterPollStartedAfter(lastSent)])
  const sent = await indexer.channel.request<[string, number][]>('takeSendTimes')
  const seen = new Map(await page.evaluate(() => [...(window as unknown as RowWatch).seenAt]))
  const received = new Map(await takeReceiveTimes(page))
  const result: RunResult = { push: [], toPage: [], inPage: [], poll: [], sent: sent.length }
  for (const [account, sentAt] of sent) {
    const sentHere = sentAt - offsets.indexer
    const onScreen = seen.get(account)
    const receivedAt = received.get(account)
    if (onScreen !== undefined) result.push.push(onScreen - offsets.page - sentHere)
    if (onScreen !== undefined && receivedAt !== undefined) {
      result.toPage.push(receivedAt - offsets.page - sentHere)
      result.inPage.push(onScreen - receivedAt)
    }
    const polled = poller?.visibleAt.get(account)
    if (polled !== undefined) result.poll.push(polled - sentHere)
  }
  if (poll && result.poll.length === 0) throw new Error(`polling found none of ${sent.length} proofs sent at ${rate}/s`)
  return result
}

function pushIds(view: View, rate: number) {
  return { p50: `latency.${view.key}.push-p50@${rate}`, p99: `latency.${view.key}.push-p99@${rate}` }
}

function p99Target(rate: number) {
  return rate === 1_000 ? { atMost: 30, text: '< 30 ms' } : undefined
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
        indexer: await clockOffset(() => indexer.channel.request<number>('clock'), 15),
      }
      const figures: Figure[] = []
      let compared: View | null = null
      for (const view of VIEWS) {
        if (!(await openLiveView(page, serve.url, indexer, view))) {
          figures.push(...notMeasuredFigures(ctx, [view], `the ${view.name} shows no pushed proofs`))
          continue
        }
        // A new document has a new time origin.
        offsets.page = await clockOffset(() => page.evaluate(() => performance.timeOrigin + performance.now()), 15)
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
            const result = await oneRun(ctx, page, indexer, rate, offsets, withPolling)
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
