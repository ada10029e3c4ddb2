/// <reference lib="dom" />
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { browserMissing, launchBrowser, SCREENSHOTS, waitForTestId } from './browser'
import { startBuilt, stopInOrder, type Started, SERVE_LINE } from './processes'

const skipReason = browserMissing()
const SCHEMES = ['light', 'dark'] as const

function shot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

/** Whether the page scrolls sideways: nothing should, at any window size from 800×600 up. */
function pageOverflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
}

/** The number in "40 of 412 proofs". */
async function shownCount(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? ''
  return Number(text.split(' of ')[0]!.replace(/\D/g, ''))
}

function backgroundOf(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (element) => getComputedStyle(element).backgroundColor)
}

describe.skipIf(skipReason !== null)('dashboard, explorers and details in Chromium', () => {
  let demo: Started
  let serve: Started
  let browser: Browser
  let url: string
  const contexts: BrowserContext[] = []

  async function openPage(scheme: (typeof SCHEMES)[number], viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme: scheme })
    contexts.push(context)
    const page = await context.newPage()
    page.on('pageerror', (error) => console.error('page error:', error.message))
    await page.goto(url)
    return page
  }

  beforeAll(async () => {
    // Two proofs a second: the live feed and the lists get arrivals while the test looks.
    demo = await startBuilt('demo-indexer.js', ['--port', '0', '--rate', '2', '--seed', '11'], /(http:\/\/127\.0\.0\.1:\d+)/)
    const indexerUrl = demo.match[1]!
    serve = await startBuilt(
      'serve.js',
      ['--indexer', indexerUrl, '--ws', indexerUrl.replace('http', 'ws') + '/ws', '--port', '0'],
      SERVE_LINE,
      { PROOFWATCH_DATA_DIR: mkdtempSync(join(tmpdir(), 'proofwatch-e2e-explorers-')) },
    )
    url = serve.match[1]!
    browser = await launchBrowser()
  })

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await stopInOrder(browser, serve, demo)
  })

  for (const scheme of SCHEMES) {
    describe(`${scheme} theme at 1280×800`, () => {
      let page: Page

      beforeAll(async () => {
        page = await openPage(scheme)
      })

      it('shows the dashboard: tiles, chart, connection, live proofs and leaderboard', async () => {
        await page.getByTestId('overview-value-slot').waitFor({ timeout: 15_000 })
        await expect.poll(() => page.getByTestId('leaderboard-row').count(), { timeout: 15_000 }).toBeGreaterThan(0)
        await expect.poll(() => page.getByTestId('live-proof-row').count(), { timeout: 15_000 }).toBeGreaterThan(0)
        await page.getByTestId('series-chart').waitFor({ timeout: 15_000 })
        // "Live" only when everything followed is pushed; otherwise the panel lists what is checked instead.
        await expect.poll(async () => page.getByTestId('health-state').textContent(), { timeout: 15_000 }).toMatch(/^(Live|Connected · partly polled)$/)
        expect(await page.getByTestId('health-reconnects').textContent()).toBe('0')
        expect(await pageOverflowsSideways(page)).toBe(false)
        // Let a live stats event or two land, so the picture shows the page as it is used.
        await page.waitForTimeout(1_500)
        await shot(page, `dashboard-${scheme}`)
      })

      it('scrolls the proofs list into the next page by itself and opens a proof from the keyboard', async () => {
        await page.getByTestId('nav-proofs').click()
        const grid = page.getByRole('grid', { name: 'Proofs, newest first' })
        await grid.waitFor({ timeout: 15_000 })
        await expect.poll(() => shownCount(page, 'proofs-total'), { timeout: 15_000 }).toBeGreaterThanOrEqual(50)
        const firstPage = await shownCount(page, 'proofs-total')
        await grid.evaluate((element) => (element.scrollTop = element.scrollHeight))
        await expect.poll(() => shownCount(page, 'proofs-total'), { timeout: 15_000 }).toBeGreaterThan(firstPage)
        // Only the rows in view are in the page, however many are loaded.
        expect(await page.getByTestId('proof-row').count()).toBeLessThan(60)
        await grid.evaluate((element) => (element.scrollTop = 0))
        await page.waitForTimeout(300)
        await shot(page, `proofs-${scheme}`)

        await grid.focus()
        await page.keyboard.press('ArrowDown')
        await page.keyboard.press('Enter')
        await waitForTestId(page, 'proof-detail', 15_000)
        expect(page.url()).toMatch(/#\/proofs\/\w{32,44}$/)
        await page.getByTestId('raw-json').waitFor()
        expect(await page.getByTestId('explorer-button').count()).toBeGreaterThan(0)
        await shot(page, `proof-detail-${scheme}`)
      })

      it('filters transactions by status and opens one with its instructions and logs', async () => {
        await page.getByTestId('nav-transactions').click()
        await page.getByTestId('tx-row').first().waitFor({ timeout: 15_000 })
        await page.getByTestId('tx-filter-status').selectOption('FAILED')
        await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('status=FAILED')
        await expect
          .poll(async () => (await page.getByTestId('tx-row').allTextContents()).every((text) => text.includes('Failed')), { timeout: 10_000 })
          .toBe(true)
        await page.getByTestId('tx-filter-status').selectOption('')
        await expect.poll(() => page.url(), { timeout: 10_000 }).not.toContain('status=')
        await page.getByTestId('tx-row').first().waitFor({ timeout: 15_000 })
        expect(await pageOverflowsSideways(page)).toBe(false)
        await shot(page, `transactions-${scheme}`)

        await page.getByTestId('tx-row').first().click()
        await waitForTestId(page, 'tx-detail', 15_000)
        await expect.poll(() => page.getByTestId('tx-instruction').count(), { timeout: 10_000 }).toBeGreaterThan(0)
        await shot(page, `transaction-detail-${scheme}`)
      })
    })
  }

  it('picks the palette by data-theme on <html> alone, which the theme store sets from the system when the setting says system', async () => {
    const page = await openPage('light')
    await page.getByTestId('overview-value-slot').waitFor({ timeout: 15_000 })
    const themeOf = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'))
    expect(await themeOf()).toBe('light')
    const light = await backgroundOf(page, 'body')
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
    const forcedDark = await backgroundOf(page, 'body')
    expect(forcedDark).not.toBe(light)
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'))
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(themeOf, { timeout: 10_000 }).toBe('dark')
    expect(await backgroundOf(page, 'body')).toBe(forcedDark)
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'))
    expect(await backgroundOf(page, 'body')).toBe(light)
  })

  it('keeps the rows being read in place when proofs arrive at the top', async () => {
    const page = await openPage('light')
    await page.goto(`${url}#/proofs`)
    const grid = page.getByRole('grid', { name: 'Proofs, newest first' })
    await grid.waitFor({ timeout: 15_000 })
    await page.getByTestId('proof-row').nth(5).waitFor({ timeout: 15_000 })
    await grid.evaluate((element) => (element.scrollTop = 400))
    await page.waitForTimeout(200)
    /** The account of the row at the top of the view, under the header. */
    const topRow = () =>
      grid.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const hit = document.elementFromPoint(box.left + 40, box.top + 36 + 20)
        return hit?.closest('[role="row"]')?.querySelector('a')?.getAttribute('title') ?? null
      })
    const before = await topRow()
    expect(before).not.toBeNull()
    await page.getByTestId('list-new-above').waitFor({ timeout: 20_000 })
    expect(await topRow()).toBe(before)
    await page.getByTestId('list-new-above').click()
    await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBe(0)
  })

  for (const scheme of SCHEMES) {
    it(`is usable at 800×600 in the ${scheme} theme: no sideways scrolling, lists show rows`, async () => {
      const page = await openPage(scheme, { width: 800, height: 600 })
      await page.getByTestId('overview-value-slot').waitFor({ timeout: 15_000 })
      await page.getByTestId('series-chart').waitFor({ timeout: 15_000 })
      expect(await pageOverflowsSideways(page)).toBe(false)
      await shot(page, `dashboard-800x600-${scheme}`)

      for (const view of ['proofs', 'transactions'] as const) {
        await page.getByTestId(`nav-${view}`).click()
        const row = page.getByTestId(view === 'proofs' ? 'proof-row' : 'tx-row')
        await row.first().waitFor({ timeout: 15_000 })
        expect(await pageOverflowsSideways(page)).toBe(false)
        // The grid does not scroll sideways either: the narrow columns fit.
        const grid = page.getByRole('grid')
        expect(await grid.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)
        expect(await row.count()).toBeGreaterThanOrEqual(5)
        await shot(page, `${view}-800x600-${scheme}`)
      }

      await page.getByTestId('tx-row').first().click()
      await waitForTestId(page, 'tx-detail', 15_000)
      expect(await pageOverflowsSideways(page)).toBe(false)
      await shot(page, `transaction-detail-800x600-${scheme}`)
    })
  }
})
