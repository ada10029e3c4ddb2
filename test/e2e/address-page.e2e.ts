/// <reference lib="dom" />
/**
 * An address page in serve mode, in Chromium, against the demo indexer run
 * in-process (to publish on cue): its header against the indexer's own
 * figures, the transactions paged to their end (every row once), the proofs
 * tab, the chart drawn, a live arrival in the totals, and the page offline.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

interface ApiPage<T> {
  items: T[]
  nextCursor: string | null
  total: string | number | null
}
interface ApiTransaction {
  signature: string
  status: string
  fee: string | null
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}

/** Every item of a list the indexer serves, page after page. */
async function everything<T>(url: string): Promise<T[]> {
  const items: T[] = []
  let cursor: string | null = null
  do {
    const page: ApiPage<T> = await json<ApiPage<T>>(`${url}&limit=200${cursor ? `&cursor=${cursor}` : ''}`)
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor !== null)
  return items
}

/** The text of a test id, trimmed, or '' when absent. */
async function text(page: Page, testId: string): Promise<string> {
  const found = page.getByTestId(testId)
  return (await found.count()) === 0 ? '' : ((await found.first().textContent()) ?? '').trim()
}

/** Clicks Load more of a list until its end shows; answers how many clicks it took. */
async function pageToEnd(page: Page, prefix: string): Promise<number> {
  let clicks = 0
  for (;;) {
    // Settled: either the end is shown, or Load more can be clicked again.
    await page.waitForFunction(
      (testPrefix) => document.querySelector(`[data-testid="${testPrefix}-end"]`) || document.querySelector(`[data-testid="${testPrefix}-load-more"]:enabled`),
      prefix,
      { timeout: 20_000 },
    )
    if ((await page.getByTestId(`${prefix}-end`).count()) > 0) return clicks
    await page.getByTestId(`${prefix}-load-more`).click()
    clicks++
    if (clicks > 50) throw new Error(`${prefix}: no end after 50 pages`)
  }
}

function digits(value: string): number {
  return Number(value.replace(/\D/g, ''))
}

describe.skipIf(skipReason !== null)('an address page in serve mode', () => {
  let address = ''
  let transactions: ApiTransaction[] = []
  const pageErrors: string[] = []
  const app = servedSuite({
    indexer: async () => {
      // A deployment that pushes address transactions: a live arrival is part of this page's test.
      const demo = await startDemoIndexer({ port: 0, rate: 0, seed: 21, pushAddressEvents: true })
      // The authority with the most transactions: several pages of them.
      let most = -1
      for (const authority of demo.network.authorities) {
        const count = Number((await json<ApiPage<unknown>>(`${demo.httpUrl}/api/transactions?pubkey=${authority}&limit=1`)).total)
        if (count > most) [most, address] = [count, authority]
      }
      // More than the first page and one Load more hold: the list really pages.
      for (let index = 0; index < 120; index++) demo.network.publishTransaction({ feePayer: address })
      transactions = await everything<ApiTransaction>(`${demo.httpUrl}/api/transactions?pubkey=${address}`)
      return demo
    },
    serve: (demo) => startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-address-e2e-', { errors: pageErrors }),
  })

  beforeAll(() => app.page.goto(`${app.baseUrl}#/address/${address}`))

  it('pages the transactions to their end: every row once, and the end said', async () => {
    expect(transactions.length).toBeGreaterThan(150)
    expect(transactions.length).toBeLessThanOrEqual(250)
    const rows = app.page.getByTestId('timeline-row')
    await rows.first().waitFor({ timeout: 20_000 })
    await expect.poll(() => text(app.page, 'figure-transactions-indexer'), { timeout: 20_000 }).not.toBe('')
    expect(digits(await text(app.page, 'figure-transactions-indexer'))).toBe(transactions.length)
    const failed = transactions.filter((tx) => tx.status === 'FAILED').length
    // Its own request, answered apart from the list's: an element not there yet reads as ''.
    await expect.poll(() => text(app.page, 'figure-failed-indexer'), { timeout: 20_000 }).not.toBe('')
    expect(digits(await text(app.page, 'figure-failed-indexer'))).toBe(failed)

    // The first page holds 50, each Load more 100: the list ends after two of them.
    expect(await pageToEnd(app.page, 'timeline')).toBe(2)
    const shown = await app.page.$$eval('[data-testid="timeline-row"]', (nodes) => nodes.map((node) => node.getAttribute('data-signature') ?? ''))
    expect(new Set(shown).size).toBe(shown.length)
    expect(shown).toEqual(transactions.map((tx) => tx.signature))
    expect(await text(app.page, 'timeline-end')).toMatch(new RegExp(`End of list · ${transactions.length.toLocaleString('en-US')} transactions`))
    expect(await text(app.page, 'list-cursor-repeated')).toBe('')

    // Every row read is in the cache now: its sums cover the whole list.
    await expect.poll(() => text(app.page, 'figure-transactions-cached'), { timeout: 20_000 }).toBe(`${transactions.length.toLocaleString('en-US')} in the cache`)
    const fees = transactions.reduce((sum, tx) => sum + BigInt(tx.fee ?? '0'), 0n)
    expect(await app.page.getByTestId('figure-fees').getAttribute('title')).toBe(`${fees.toLocaleString('en-US')} lamports`)
    expect(await text(app.page, 'figures-cache-behind')).toBe('')
    await app.page.getByTestId('address-figures').scrollIntoViewIfNeeded()
    await app.page.screenshot({ path: join(SCREENSHOTS, 'address-page-top.png') })
    await app.page.getByTestId('timeline-end').scrollIntoViewIfNeeded()
    await app.page.screenshot({ path: join(SCREENSHOTS, 'address-page-end.png') })
  })

  it('sorts the loaded rows by fee', async () => {
    await app.page.getByTestId('timeline-sort-fee').click()
    const fees = await app.page.$$eval('[data-testid="timeline-row"] td:nth-child(5)', (cells) => cells.map((cell) => (cell.getAttribute('title') ?? '').replace(/\D/g, '')))
    const numbers = fees.map(Number)
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a))
    expect(await app.page.getByTestId('timeline-sort-fee').locator('xpath=..').getAttribute('aria-sort')).toBe('descending')
    // Back to newest first: the indexer's order.
    await app.page.getByTestId('timeline-sort-time').click()
    expect(await app.page.getByTestId('timeline-sort-time').locator('xpath=..').getAttribute('aria-sort')).toBe('descending')
  })

  it('fits an 800×600 window', async () => {
    await app.page.setViewportSize({ width: 800, height: 600 })
    await app.page.getByTestId('address-figures').scrollIntoViewIfNeeded()
    expect(await app.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'address-page-800x600.png') })
    await app.page.setViewportSize({ width: 1280, height: 900 })
  })

  it('shows the proofs this address submitted, to their end', async () => {
    const proofs = await everything<{ proofAccount: string }>(`${app.indexer.httpUrl}/api/proofs?authority=${address}`)
    expect(proofs.length).toBeGreaterThan(0)
    await app.page.getByTestId('address-tab-proofs').click()
    const rows = app.page.getByTestId('address-proof-row')
    await rows.first().waitFor({ timeout: 20_000 })
    await pageToEnd(app.page, 'address-proofs')
    const shown = await app.page.$$eval('[data-testid="address-proof-row"]', (nodes) => nodes.map((node) => node.getAttribute('data-account') ?? ''))
    expect(shown).toEqual(proofs.map((proof) => proof.proofAccount))
    expect(digits(await text(app.page, 'address-tab-proofs'))).toBe(proofs.length)
    await app.page.getByTestId('address-figures').scrollIntoViewIfNeeded()
    await app.page.screenshot({ path: join(SCREENSHOTS, 'address-page-proofs.png') })
  })

  it('draws the activity per day', async () => {
    await app.page.getByTestId('address-tab-activity').click()
    const canvas = app.page.getByTestId('activity-chart')
    await canvas.waitFor({ timeout: 10_000 })
    // Drawn, not blank: some pixels are painted in the bar colours.
    await expect
      .poll(() =>
        canvas.evaluate((node) => {
          const element = node as HTMLCanvasElement
          const data = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data
          let painted = 0
          for (let index = 3; index < data.length; index += 4) if (data[index]! > 0) painted++
          return painted
        }),
      )
      .toBeGreaterThan(500)
    const label = (await canvas.getAttribute('aria-label')) ?? ''
    expect(label).toMatch(/^Transactions per day from /)
    await app.page.getByTestId('address-panel-activity').screenshot({ path: join(SCREENSHOTS, 'address-page-activity.png') })
    // The bars take the theme's colours: redrawn when the scheme changes.
    await app.page.emulateMedia({ colorScheme: 'dark' })
    await app.page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgb(255, 255, 255)')
    await app.page.getByTestId('address-panel-activity').screenshot({ path: join(SCREENSHOTS, 'address-page-activity-dark.png') })
    await app.page.emulateMedia({ colorScheme: 'light' })
  })

  it('puts a live arrival at the top and in the totals', async () => {
    await app.page.getByTestId('address-tab-transactions').click()
    await app.page.getByTestId('watch-button').click()
    // Live where the indexer is seen to push address events; checked every N s where it does not, or not yet (docs/wire.md).
    await expect.poll(() => text(app.page, 'live-state'), { timeout: 20_000 }).toMatch(/^(Live|Checked every \d+ s)$/)
    const before = digits(await text(app.page, 'figure-transactions-indexer'))
    const failedBefore = digits(await text(app.page, 'figure-failed-indexer'))
    const arrived = app.indexer.network.publishTransaction({ feePayer: address, failed: true })
    const top = app.page.getByTestId('timeline-row').first()
    await expect.poll(() => top.getAttribute('data-signature'), { timeout: 20_000 }).toBe(arrived.signature)
    expect(await top.getAttribute('data-origin')).toBe('live')
    await expect.poll(() => text(app.page, 'figure-transactions-indexer'), { timeout: 10_000 }).toBe((before + 1).toLocaleString('en-US'))
    expect(digits(await text(app.page, 'figure-failed-indexer'))).toBe(failedBefore + 1)
    await expect.poll(() => text(app.page, 'figure-transactions-cached'), { timeout: 10_000 }).toBe(`${(before + 1).toLocaleString('en-US')} in the cache`)
    expect(await text(app.page, 'timeline-live-count')).toBe('1 arrived live')
    await app.page.screenshot({ path: join(SCREENSHOTS, 'address-page-live.png') })
  })

  it('works offline from the cache, with a plain note', async () => {
    const cached = await text(app.page, 'figure-transactions-cached')
    await app.stopIndexer()
    await app.page.reload()
    await expect.poll(() => text(app.page, 'figures-offline'), { timeout: 30_000 }).toContain('The indexer cannot be reached')
    expect(`${await text(app.page, 'figure-transactions-cache')} in the cache`).toBe(cached)
    expect(await app.page.getByTestId('timeline-row').count()).toBeGreaterThan(0)
    expect(await app.page.getByTestId('timeline-row').first().getAttribute('data-origin')).toBe('cache')
    expect(await text(app.page, 'address-tab-transactions')).toBe(`Transactions ${cached.replace(' in the cache', '')}`)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'address-page-offline.png') })
    expect(pageErrors).toEqual([])
  })
})
