/**
 * Baseline of event to screen: the same `proofs` frames from the demo
 * indexer to a row in a page's DOM in Chromium through a bare relay
 * (bench/children/relay.ts: socket in, socket out, one DOM append per batch),
 * at the latency benchmark's rates and windows, measured as it measures the
 * views (bench/lib/rows-on-screen.ts). What is left between indexer and
 * screen without ProofWatch: two sockets, two processes, a parse and a DOM
 * append; the latency benchmark's p99 targets are ratios to it.
 */
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import { forkChild } from '../lib/processes'
import { browserMissing, launchChromium } from '../lib/browser'
import { clockOffset } from '../lib/clock'
import { openLiveView, screenWindow, sentToScreen, type LiveView } from '../lib/rows-on-screen'
import { percentile } from '../lib/stats'
import { profiledPage } from '../lib/page-profile'
import type { IndexerReady } from '../children/indexer'
import type { RelayArgs, RelayReady } from '../children/relay'

const RELAY_PAGE: LiveView = {
  key: 'relay',
  name: 'bare relay page',
  hash: '',
  row: '[data-testid="relay-row"]',
  // Visible text, as the wait for it asks.
  ready: '#relay[data-state="open"]',
}

export function relayIds(rate: number) {
  return { p50: `relay.push-p50@${rate}`, p99: `relay.push-p99@${rate}` }
}

function relayFigures(rate: number) {
  const ids = relayIds(rate)
  const figure = (p: number) => `bare relay, event to screen at ${rate}/s, p${p}`
  return {
    p50: { id: ids.p50, figure: figure(50), unit: 'ms', baseline: true, short: 'bare relay' },
    p99: { id: ids.p99, figure: figure(99), unit: 'ms', baseline: true, short: 'bare relay' },
  }
}

export const relayToPage: Benchmark = {
  name: 'relay',
  title: 'Bare relay of the indexer’s frames to a page in Chromium (baseline of event to screen)',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const missing = browserMissing()
    if (missing) return ctx.sizes.latencyRates.flatMap((rate) => Object.values(relayFigures(rate)).map((figure) => notMeasured(figure, missing)))
    const maxRate = Math.max(...ctx.sizes.latencyRates)
    // As the latency benchmark's indexer, so that both publish the same frames at the same cost.
    const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', { maxProofs: maxRate * (ctx.sizes.latencyWindowMs / 1000) * 2 + 1_000 })
    const cleanups: (() => Promise<unknown>)[] = [() => indexer.stop()]
    try {
      const relay = await forkChild<RelayReady>(ctx.benchDir, 'relay', { wsUrl: indexer.ready.wsUrl } satisfies RelayArgs)
      cleanups.unshift(() => relay.stop())
      const browser = await launchChromium()
      cleanups.unshift(() => browser.close())
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      page.on('pageerror', (error) => ctx.log(`  page error: ${error.message}`))
      if (!(await openLiveView(page, relay.ready.url, indexer, RELAY_PAGE))) throw new Error('the relay page showed none of a burst of proofs')
      const offsets = {
        indexer: await clockOffset(() => indexer.channel.request<number>('clock')),
        page: await clockOffset(() => page.evaluate(() => performance.timeOrigin + performance.now())),
      }
      const figures: Figure[] = []
      // As many runs as the latency benchmark makes of each view.
      const runs = Math.min(ctx.sizes.runs, 3)
      for (const rate of ctx.sizes.latencyRates) {
        const p50: number[] = []
        const p99: number[] = []
        let sent = 0
        let shown = 0
        for (let run = 0; run < runs; run++) {
          const window = await profiledPage(page, `relay-${rate}-${run + 1}`, () => screenWindow(page, indexer, rate, ctx.sizes.latencyWindowMs))
          const latencies = sentToScreen(window, offsets)
          if (latencies.length === 0) throw new Error(`none of ${window.sent.length} proofs sent at ${rate}/s reached the relay page`)
          p50.push(percentile(latencies, 50))
          p99.push(percentile(latencies, 99))
          sent += window.sent.length
          shown += latencies.length
        }
        const note = `${shown.toLocaleString('en-US')} of ${sent.toLocaleString('en-US')} proofs were on screen; ${runs} run${runs === 1 ? '' : 's'} of ${ctx.sizes.latencyWindowMs / 1000} s; ws in, ws out, one append a batch`
        const figure = relayFigures(rate)
        figures.push(measured({ ...figure.p50, note }, p50), measured(figure.p99, p99))
      }
      return figures
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined)
    }
  },
}
