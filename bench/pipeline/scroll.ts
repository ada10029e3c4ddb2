/// <reference lib="dom" />
/**
 * Renderer: scrolling the proofs list in Chromium (serve mode), frames per
 * second and the longest frame, from requestAnimationFrame timestamps while
 * the list scrolls down and back up a fixed distance every frame. Target at
 * 100,000 rows: ≥ 55 fps, longest frame under 50 ms.
 *
 * The list is filled the way a user fills it: the demo indexer holds a
 * history of 100,000 proofs, and scrolling to the end of the list loads the
 * next page (200 proofs, the most the indexer gives) from the indexer
 * through ProofWatch, until the list holds them all. Quick mode fills a
 * short list only: the target needs the full one.
 */
import type { Page } from 'playwright-core'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, notMeasured, type Figure } from '../lib/figures'
import { browserMissing, withServedPage } from '../lib/browser'

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
    // Clicked in the page in one step: scrolling to the end may start the next page and hide the button
    // between a check from here and the click (a Playwright click would then wait for it in vain).
    await page.evaluate((selector) => {
      const button = document.querySelector<HTMLButtonElement>(selector)
      if (button && !button.disabled && button.offsetParent !== null) button.click()
    }, LOAD_MORE)
    await page
      .waitForFunction((before) => (window as unknown as PageHelpers).benchList.stateAtEnd().held > before, state.held, {
        timeout: 20_000,
      })
      .catch(async (error: unknown) => {
        // Where the list stood and what the page said: a stall is then told apart from an error shown.
        const shown = await page.evaluate(() =>
          [...document.querySelectorAll('.list-footer, [role="alert"]')].map((element) => element.textContent?.replace(/\s+/g, ' ').trim()).join(' | '),
        )
        throw new Error(`the list stopped at ${state.held.toLocaleString('en-US')} proofs (${error instanceof Error ? error.message : String(error)}); the list's footer and alerts read: ${shown}`)
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

/** The target's list. */
const TARGET_ROWS = 100_000

function targetFigures() {
  return {
    fps: { id: 'scroll.100k-fps', figure: 'scroll 100,000 proofs: frame rate', unit: 'fps', target: { atLeast: 55, text: '≥ 55 fps' } },
    longest: { id: 'scroll.100k-longest', figure: 'scroll 100,000 proofs: longest frame', unit: 'ms', target: { atMost: 50, text: '< 50 ms' } },
  }
}

export const scroll: Benchmark = {
  name: 'scroll',
  title: 'Scrolling the proofs list in Chromium',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const target = targetFigures()
    const missing = browserMissing()
    if (missing) return [notMeasured(target.fps, missing), notMeasured(target.longest, missing)]
    const rows = ctx.quick ? ctx.sizes.scrollRows : TARGET_ROWS
    return withServedPage(ctx, { historyProofs: rows, maxProofs: rows + 1_000 }, async ({ serve, page }) => {
      await page.goto(serve.url + VIEW_HASH)
      const filledAt = performance.now()
      const list = await loadRows(page, rows)
      ctx.log(`  filled the list with ${list.held.toLocaleString('en-US')} proofs in ${((performance.now() - filledAt) / 1000).toFixed(1)} s`)
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
      const note = `${kind}, ${PIXELS_PER_FRAME} px a frame; filled by scrolling to the end, 200 proofs a page`
      if (list.held >= TARGET_ROWS) return [measured({ ...target.fps, note }, fps), measured({ ...target.longest, note }, longest)]
      const why = `quick mode fills ${held} rows`
      return [
        notMeasured(target.fps, why),
        notMeasured(target.longest, why),
        measured({ id: 'scroll.short-fps', figure: `scroll ${held} proofs: frame rate`, unit: 'fps', note }, fps),
        measured({ id: 'scroll.short-longest', figure: `scroll ${held} proofs: longest frame`, unit: 'ms', note }, longest),
      ]
    })
  },
}
