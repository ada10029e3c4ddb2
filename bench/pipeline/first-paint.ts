/// <reference lib="dom" />
/**
 * First paint of the dashboard from a cold serve-mode start on the
 * 1,000,000-row cache: from spawning the process to the overview tiles with
 * values in Chromium's DOM, and the page's first contentful paint after it
 * was asked for (Chromium's own paint timing). The browser is already running
 * (its own start is not ProofWatch's); the indexer is up, as at a normal start.
 */
import { mkdtempSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import { forkChild } from '../lib/processes'
import { browserMissing, launchChromium, startServeMode } from '../lib/browser'
import { rekeyHistory } from '../lib/history-fixture'
import type { IndexerReady } from '../children/indexer'

const TILE_VALUE = '[data-testid^="overview-value-"]'

export const firstPaint: Benchmark = {
  name: 'first-paint',
  title: 'First paint of the dashboard from a cold serve-mode start',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const figure = {
      id: 'first-paint.dashboard',
      figure: 'cold serve start to the dashboard tiles',
      unit: 'ms',
      target: { atMost: 1_000, text: '< 1 s' },
    }
    const paintFigure = {
      id: 'first-paint.contentful',
      figure: 'dashboard’s first contentful paint, from navigation',
      unit: 'ms',
      target: { atMost: 300, text: '< 300 ms' },
    }
    const missing = browserMissing()
    if (missing) return [notMeasured(figure, missing), notMeasured(paintFigure, missing)]
    const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', { historyProofs: 100, historyTransactions: 100 })
    const browser = await launchChromium()
    try {
      const dataDir = mkdtempSync(join(ctx.workDir, 'first-paint-'))
      const cache = ctx.fixtures.copyOfCache()
      rekeyHistory(cache, indexer.ready.httpUrl)
      renameSync(cache, join(dataDir, 'history.sqlite'))
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      const samples: number[] = []
      const paints: number[] = []
      // One unmeasured start warms the file system cache, as any second start of an app would.
      for (let run = 0; run <= ctx.sizes.runs; run++) {
        const startedAt = performance.now()
        const serve = await startServeMode(ctx, indexer.ready, dataDir)
        try {
          await page.goto(serve.url)
          await page.waitForFunction(
            (selector) => [...document.querySelectorAll(selector)].some((value) => /\d/.test(value.textContent ?? '')),
            TILE_VALUE,
            { timeout: 30_000, polling: 'raf' },
          )
          if (run > 0) {
            samples.push(performance.now() - startedAt)
            const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null)
            if (paint !== null) paints.push(paint)
          }
          await page.goto('about:blank')
        } finally {
          await serve.stop()
        }
      }
      const note = `${ctx.sizes.cacheRows.toLocaleString('en-US')}-row cache; spawn of out/main/serve.js to a tile with a value; Chromium already running`
      const paintNote = 'performance.getEntriesByName(first-contentful-paint) in the page, serve mode already up; route-split renderer'
      return [
        measured({ ...figure, note }, samples),
        paints.length > 0 ? measured({ ...paintFigure, note: paintNote }, paints) : notMeasured(paintFigure, 'Chromium reported no contentful paint'),
      ]
    } finally {
      await browser.close()
      await indexer.stop()
    }
  },
}
