/// <reference lib="dom" />
/**
 * Renderer: scrolling the proofs list in Chromium (serve mode), frames per
 * second and the longest frame, from requestAnimationFrame timestamps while
 * the list scrolls down and back up a fixed distance every frame. Target at
 * 100,000 rows: ≥ 55 fps, longest frame under 50 ms.
 *
 * Filling today's proofs view takes one indexer page (50 rows) per Load more
 * or scroll to the end, so 100,000 rows are out of reach: the target row is
 * not measured and today's view is measured with sizes.scrollRows rows. When
 * the list can be filled with 100,000 rows from the cache, load them and
 * measure the target here.
 */
import type { Page } from 'playwright-core'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import { forkChild } from '../lib/processes'
import { browserMissing, launchChromium, startServeMode } from '../lib/browser'
import type { IndexerReady } from '../children/indexer'

const VIEW_HASH = '#/proofs'
const ROW_SELECTOR = '[data-testid="proof-row"]'
/** A paged list's button; a virtualised list asks for more when scrolled near its end instead. */
const LOAD_MORE = '[data-testid="proofs-load-more"]'
const PIXELS_PER_FRAME = 60

interface ScrollRun {
  frames: number
  elapsedMs: number
  longestMs: number
}

interface ListState {
  /** Rows the list holds: the highest aria-rowindex less the header, or the rows in the DOM. */
  held: number
  /** Rows in the DOM: fewer than held when the list is virtualised. */
  inDom: number
}

/** What installHelpers leaves on the page's window. */
interface PageHelpers {
  benchList: {
    /** The nearest ancestor of a row that scrolls vertically, or the page. */
    scroller(): Element
    /** Scrolls to the end first: a virtualised list renders its last rows (and asks for more) only there. */
    stateAtEnd(): ListState
  }
}

/** Defines the helpers in the page once (functions cannot be passed to evaluate, and the CSP forbids eval). */
function installHelpers(page: Page): Promise<void> {
  return page.evaluate((selector) => {
    const scroller = (): Element => {
      let element: Element | null = document.querySelector(selector)
      while (element && !(element.scrollHeight > element.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(element).overflowY))) {
        element = element.parentElement
      }
      return element ?? document.scrollingElement ?? document.documentElement
    }
    ;(window as unknown as PageHelpers).benchList = {
      scroller,
      stateAtEnd() {
        const target = scroller()
        target.scrollTop = target.scrollHeight
        const rows = [...document.querySelectorAll(selector)]
        const indexes = rows.map((row) => Number(row.getAttribute('aria-rowindex'))).filter((index) => index > 0)
        return { held: indexes.length ? Math.max(...indexes) - 1 : rows.length, inDom: rows.length }
      },
    }
  }, ROW_SELECTOR)
}

/** Loads pages until the list holds `rows`: by scrolling to the end, and with Load more where it is offered. */
async function loadRows(page: Page, rows: number): Promise<ListState> {
  await page.waitForSelector(ROW_SELECTOR, { timeout: 20_000 })
  await installHelpers(page)
  for (;;) {
    const state = await page.evaluate(() => (window as unknown as PageHelpers).benchList.stateAtEnd())
    if (state.held >= rows) return state
    const button = page.locator(LOAD_MORE)
    if ((await button.count()) > 0 && (await button.isVisible()) && (await button.isEnabled())) await button.click()
    await page.waitForFunction((before) => (window as unknown as PageHelpers).benchList.stateAtEnd().held > before, state.held, {
      timeout: 20_000,
    })
  }
}

/** Scrolls the list down and back a fixed distance every frame for `durationMs`, timing the frames. */
function scrollFor(page: Page, durationMs: number): Promise<ScrollRun> {
  return page.evaluate(
    ({ durationMs, step }) =>
      new Promise<ScrollRun>((resolve) => {
        const target = (window as unknown as PageHelpers).benchList.scroller()
        target.scrollTop = 0
        let direction = 1
        let frames = 0
        let longest = 0
        let start = 0
        let last = 0
        const frame = (time: number) => {
          if (start === 0) {
            start = last = time
          } else {
            frames++
            longest = Math.max(longest, time - last)
            last = time
          }
          if (time - start >= durationMs) {
            resolve({ frames, elapsedMs: time - start, longestMs: longest })
            return
          }
          target.scrollTop += direction * step
          if (target.scrollTop + target.clientHeight >= target.scrollHeight - 1) direction = -1
          else if (target.scrollTop <= 0) direction = 1
          requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      }),
    { durationMs, step: PIXELS_PER_FRAME },
  )
}

/** Filling the list a 50-row indexer page per scroll to its end takes minutes for 100,000 rows. */
const TARGET_MISSING = 'needs the proofs list filled with 100,000 rows from the history cache, not there yet'

export const scroll: Benchmark = {
  name: 'scroll',
  title: 'Scrolling the proofs list in Chromium',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const targets = [
      notMeasured({ id: 'scroll.100k-fps', figure: 'scroll 100,000 proofs: frame rate', unit: 'fps', target: { atLeast: 55, text: '≥ 55 fps' } }, TARGET_MISSING),
      notMeasured({ id: 'scroll.100k-longest', figure: 'scroll 100,000 proofs: longest frame', unit: 'ms', target: { atMost: 50, text: '< 50 ms' } }, TARGET_MISSING),
    ]
    const missing = browserMissing()
    if (missing) return targets
    const rows = ctx.sizes.scrollRows
    const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', { historyProofs: rows + 100, maxProofs: rows + 1_000 })
    const cleanups: (() => Promise<unknown>)[] = [() => indexer.stop()]
    try {
      const serve = await startServeMode(ctx, indexer.ready)
      cleanups.unshift(() => serve.stop())
      const browser = await launchChromium()
      cleanups.unshift(() => browser.close())
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      page.on('pageerror', (error) => ctx.log(`  page error: ${error.message}`))
      await page.goto(serve.url + VIEW_HASH)
      const list = await loadRows(page, rows)
      await scrollFor(page, 300)

      const fps: number[] = []
      const longest: number[] = []
      for (let run = 0; run < ctx.sizes.runs; run++) {
        const result = await scrollFor(page, ctx.sizes.scrollMs)
        fps.push(result.frames / (result.elapsedMs / 1000))
        longest.push(result.longestMs)
      }
      const held = list.held.toLocaleString('en-US')
      const kind = list.inDom < list.held ? `virtualised, ${list.inDom} rows in the DOM` : 'every row in the DOM'
      const note = `today's proofs view (${kind}), ${PIXELS_PER_FRAME} px a frame`
      return [
        ...targets,
        measured({ id: 'scroll.current-fps', figure: `scroll ${held} proofs: frame rate`, unit: 'fps', note }, fps),
        measured({ id: 'scroll.current-longest', figure: `scroll ${held} proofs: longest frame`, unit: 'ms', note }, longest),
      ]
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => {})
    }
  },
}
