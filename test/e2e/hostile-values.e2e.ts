/// <reference lib="dom" />
/**
 * What a hostile indexer sends, seen in Chromium through serve mode:
 * integers above 2^53 shown exact (a slot, a fee), and 100,000-character
 * strings (a field name, a circuit name, an error message, a log line, a
 * public input) cut with the whole on hover, never pushing the page wider
 * than the window.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startHostileIndexer } from '../hostile/hostile-indexer'
import { answerWithBigIntegers, type BigIntegerRecords } from '../support/big-integer-answers'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()
const HUGE = `Z${'W'.repeat(99_998)}Z`
const WIDTH = 1280

/** How far the page reaches past the window's right edge (0 when everything fits). */
async function overflowPx(page: Page): Promise<number> {
  const found = await page.evaluate(() => {
    let right = document.documentElement.scrollWidth
    let worst = ''
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return parent.getBoundingClientRect().right <= window.innerWidth
      }
      return false
    }
    for (const element of document.querySelectorAll('main *')) {
      const r = element.getBoundingClientRect().right
      if (r > right && !clipped(element)) { right = r; worst = element.tagName + '.' + element.className + ' ' + (element.textContent ?? '').slice(0, 80) }
      // A box that scrolls sideways pushes what is in it out of view; raw text (logs, raw JSON) scrolls in its own box by design.
      const scrolls = !element.matches('pre.block') && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1
      if (scrolls) { right = Math.max(right, window.innerWidth + element.scrollWidth - element.clientWidth); worst = 'scrolls: ' + element.tagName + '.' + element.className }
    }
    return { px: Math.max(0, Math.round(right - window.innerWidth)), worst, scroll: document.documentElement.scrollWidth }
  })
  if (found.px > 0) console.log('OVERFLOW', JSON.stringify(found))
  return found.px
}

/** The longest text any one element shows on its own (its own text nodes). */
function longestShownText(page: Page): Promise<number> {
  return page.evaluate(() => {
    let longest = 0
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) longest = Math.max(longest, node.textContent?.length ?? 0)
    return longest
  })
}

describe.skipIf(skipReason !== null)('a hostile indexer’s values in the page', () => {
  let records: BigIntegerRecords
  const app = servedSuite({
    indexer: async () => {
      const indexer = await startHostileIndexer()
      records = answerWithBigIntegers(indexer, HUGE)
      return indexer
    },
    serve: (indexer) => startServeWithPage(['--indexer', indexer.httpUrl, '--ws', indexer.wsUrl, '--port', '0'], 'proofwatch-hostile-values-', { viewport: { width: WIDTH, height: 800 }, locale: 'en-US' }),
  })

  beforeAll(() => app.page.goto(app.baseUrl))

  it('shows the slot 2^53 + 1 exact on the dashboard, and the unknown 100,000-character field cut', async () => {
    const slot = app.page.getByTestId('overview-value-slot')
    await expect.poll(async () => (await slot.textContent())?.trim(), { timeout: 20_000 }).toBe('9,007,199,254,740,993')
    expect((await app.page.getByTestId('overview-value-totalProofs').textContent())?.trim()).toBe('18,446,744,073,709,551,615')
    expect((await app.page.getByTestId('overview-value-proofs24h').textContent())?.trim()).toBe('9,007,199,254,740,993')
    const cut = app.page.locator('.long-text[title^="ZWWW"]').first()
    await cut.waitFor({ timeout: 20_000 })
    expect((await cut.textContent())!.length).toBeLessThanOrEqual(200)
    expect(await longestShownText(app.page)).toBeLessThanOrEqual(200)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'hostile-values-dashboard.png') })
    expect(await overflowPx(app.page)).toBe(0)
  })

  it('shows a fee of 2^53 + 1 lamports exact in the transactions list', async () => {
    await app.page.getByTestId('nav-transactions').click()
    const first = app.page.getByTestId('tx-row').first()
    await first.waitFor({ timeout: 20_000 })
    await expect.poll(async () => (await app.page.getByTestId('tx-row').allTextContents()).join(' '), { timeout: 20_000 }).toContain('9,007,199.254740993 SOL')
    expect(await app.page.locator('[data-testid="tx-row"] [title="9,007,199,254,740,993 lamports"]').count()).toBeGreaterThan(0)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'hostile-values-transactions.png') })
    expect(await overflowPx(app.page)).toBe(0)
  })

  it('cuts a 100,000-character error message and log line on the transaction page, which stays within the window', async () => {
    await app.page.goto(`${app.baseUrl}#/transactions/${records.signatures[0]}`)
    const detail = app.page.getByTestId('tx-detail')
    await detail.waitFor({ timeout: 20_000 })
    await expect.poll(async () => (await detail.textContent()) ?? '', { timeout: 20_000 }).toContain('9,007,199,254,740,995')
    expect(await detail.textContent()).toContain('18,446,744,073,709,551,615')
    expect(await app.page.locator('[data-testid="tx-detail"] .long-text[title^="ZWWW"]').count()).toBeGreaterThan(0)
    expect(await overflowPx(app.page)).toBe(0)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'hostile-values-transaction.png'), fullPage: true })
  })

  it('cuts 100,000-character circuit names in the proofs list and public inputs on the proof page', async () => {
    await app.page.goto(`${app.baseUrl}#/proofs`)
    await app.page.getByTestId('proof-row').first().waitFor({ timeout: 20_000 })
    await app.page.screenshot({ path: join(SCREENSHOTS, 'hostile-values-proofs.png') })
    expect(await longestShownText(app.page)).toBeLessThanOrEqual(200)
    expect(await overflowPx(app.page)).toBe(0)

    await app.page.goto(`${app.baseUrl}#/proofs/${records.proofAccounts[0]}`)
    const detail = app.page.getByTestId('proof-detail')
    await detail.waitFor({ timeout: 20_000 })
    await expect.poll(async () => (await detail.textContent()) ?? '', { timeout: 20_000 }).toContain('9,007,199,254,740,995')
    expect(await overflowPx(app.page)).toBe(0)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'hostile-values-proof.png'), fullPage: true })
  })
})
