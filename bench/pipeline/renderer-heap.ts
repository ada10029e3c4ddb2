/// <reference lib="dom" />
/**
 * The page stays bounded: the renderer's JS heap (Chromium's
 * Performance.getMetrics, JSHeapUsedSize, after a collection each time) while
 * the proofs list is left following at 1,000 events/s, in serve mode. The
 * heap is sampled over the run, so a list that keeps every arrival shows as a
 * heap that grows at a steady rate; the figure is the last sample and the
 * growth per minute. Target (issue): under
 * 100 MB after 10 minutes and flat. A full run follows for 1 minute (10 would
 * not fit the suite's 12), quick mode for 10 s: the growth rate says what
 * 10 minutes or an hour would hold. The rate is the least-squares slope of the
 * samples once the list is full (its 5,000 rows fill in 5 s at this rate, and
 * the view's caches settle by the 20th second): a bump while it fills, or one
 * noisy sample at the end, does not decide it.
 */
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import { browserMissing, withServedPage } from '../lib/browser'
import { sleep } from '../lib/clock'
import { slope } from '../lib/stats'
import type { PublishReply } from '../children/indexer'

const RATE = 1_000
const SAMPLES = 13
/** Samples from here on count towards the growth: the list is full and its caches have settled. */
const SETTLED_MS = 20_000
const MB = 1024 * 1024

export const rendererHeap: Benchmark = {
  name: 'renderer-heap',
  title: 'The page stays bounded: renderer heap while a list follows at 1,000 events/s',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const durationMs = ctx.quick ? 10_000 : 60_000
    const ids = { heap: 'renderer-heap.after', growth: 'renderer-heap.growth' }
    const missing = browserMissing()
    if (missing) {
      return [
        notMeasured({ id: ids.heap, figure: 'renderer JS heap, proofs list following at 1,000 events/s', unit: 'MB' }, missing),
        notMeasured({ id: ids.growth, figure: '… its growth per minute', unit: 'MB/min' }, missing),
      ]
    }
    return withServedPage(ctx, { maxProofs: 20_000 }, async ({ indexer, serve, page }) => {
      await page.goto(`${serve.url}#/proofs`)
      await page.waitForSelector('[data-testid="proof-row"], [data-testid="proofs-empty"]', { timeout: 20_000 })
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Performance.enable')
      const heapMb = async (): Promise<number> => {
        await cdp.send('HeapProfiler.collectGarbage')
        const { metrics } = await cdp.send('Performance.getMetrics')
        return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / MB
      }
      const publishing = indexer.channel.request<PublishReply>('publishAtRate', { proofsPerSecond: RATE, durationMs })
      const startedAt = performance.now()
      const samples: { atMs: number; mb: number }[] = []
      for (let index = 0; index < SAMPLES; index++) {
        await sleep(Math.max(0, startedAt + (durationMs * index) / (SAMPLES - 1) - performance.now()))
        samples.push({ atMs: performance.now() - startedAt, mb: await heapMb() })
      }
      const sent = await publishing
      // The grid's content is one fixed-height row per held item under its header (VirtualList: 40 px rows, a 36 px header).
      const rows = await page.evaluate(() => {
        const row = document.querySelector('[data-testid="proof-row"]')
        let scroller = row?.parentElement ?? null
        while (scroller && !(scroller.scrollHeight > scroller.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(scroller).overflowY))) scroller = scroller.parentElement
        return scroller ? Math.round((scroller.scrollHeight - 36) / 40) : -1
      })
      // Quick mode's 10 s are over soon after SETTLED_MS would start: its rate is over its second half.
      const settled = samples.filter((sample) => sample.atMs >= Math.min(SETTLED_MS, durationMs / 2))
      const last = samples.at(-1)!
      const perMinute = slope(settled.map((sample) => ({ x: sample.atMs, y: sample.mb }))) * 60_000
      const trace = samples.map((sample) => `${Math.round(sample.atMs / 1000)} s ${sample.mb.toFixed(1)}`).join(', ')
      return [
        measured(
          {
            id: ids.heap,
            figure: 'renderer JS heap, proofs list following at 1,000 events/s',
            unit: 'MB',
            target: { atMost: 100, text: '< 100 MB' },
            note: `after ${Math.round(durationMs / 1000)} s (${sent.proofs.toLocaleString('en-US')} proofs sent, the list holds ${rows >= 0 ? rows.toLocaleString('en-US') : 'an unknown number of'} rows); CDP Performance.getMetrics after a collection; samples: ${trace} MB`,
          },
          [last.mb],
        ),
        measured(
          {
            id: ids.growth,
            figure: '… its growth per minute',
            unit: 'MB/min',
            target: { atMost: 1, text: 'flat (≤ 1 MB/min)' },
            note: `least-squares slope of the ${settled.length} samples from ${Math.round(settled[0]!.atMs / 1000)} s on; ${(perMinute * 10).toFixed(0)} MB in 10 minutes, ${(perMinute * 60).toFixed(0)} MB in an hour at this rate`,
          },
          [perMinute],
        ),
      ]
    })
  },
}
