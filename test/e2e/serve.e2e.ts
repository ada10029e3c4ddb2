/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { drawnPixels } from './canvas'
import { browserMissing, SCREENSHOTS } from './browser'
import { startBuilt, startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

/** A port nothing listens on: taken from the system, then released. */
function freedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url)
  return (await response.json()) as T
}

/** A cheap fingerprint of what the canvas shows, to see that a redraw changed it. */
function canvasSignature(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (canvas) => {
    const c = canvas as HTMLCanvasElement
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
    let hash = 0
    for (let i = 3; i < data.length; i += 4) hash = (hash * 31 + data[i]! + i) % 1_000_000_007
    return hash
  })
}

describe.skipIf(skipReason !== null)('serve mode in Chromium against a separate demo indexer', () => {
  let indexerUrl: string
  const app = servedSuite({
    // Rate 0: no new proofs, so totals on screen can be compared exactly.
    indexer: () => startBuilt('demo-indexer.js', ['--port', '0', '--rate', '0', '--seed', '7'], /(http:\/\/127\.0\.0\.1:\d+)/),
    serve: (demo) => {
      indexerUrl = demo.match[1]!
      return startServeWithPage(['--indexer', indexerUrl, '--ws', indexerUrl.replace('http', 'ws') + '/ws', '--port', '0'], 'proofwatch-e2e-', {
        viewport: { width: 1280, height: 800 },
      })
    },
  })

  beforeAll(() => app.page.goto(app.baseUrl))

  it('shows the indexer overview numbers and a drawn chart on the dashboard', async () => {
    const { stats } = await json<{ stats: { totalProofs: string; slot: string } }>(`${indexerUrl}/api/stats/overview`)
    const total = app.page.getByTestId('overview-value-totalProofs')
    await expect.poll(async () => (await total.textContent())?.replace(/\D/g, ''), { timeout: 15_000 }).toBe(stats.totalProofs)
    const shownSlot = BigInt((await app.page.getByTestId('overview-value-slot').textContent())!.replace(/\D/g, ''))
    expect(shownSlot).toBeGreaterThanOrEqual(BigInt(stats.slot) - 100n)
    await expect.poll(() => drawnPixels(app.page, '[data-testid="series-chart"]'), { timeout: 15_000 }).toBeGreaterThan(500)
    await expect.poll(() => app.page.getByTestId('leaderboard-row').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await app.page.getByTestId('demo-badge').count()).toBe(0)
    // The demo's series and overview come from the same numbers: the chart has nothing to warn about.
    expect(await app.page.getByTestId('series-tile-gap').count()).toBe(0)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'dashboard.png') })
  })

  it('switches the chart period and redraws', async () => {
    for (const period of ['7d', '30d', '24h']) {
      const before = await canvasSignature(app.page, '[data-testid="series-chart"]')
      await app.page.getByTestId(`series-period-${period}`).click()
      await expect.poll(() => canvasSignature(app.page, '[data-testid="series-chart"]'), { timeout: 15_000 }).not.toBe(before)
      await expect.poll(() => drawnPixels(app.page, '[data-testid="series-chart"]'), { timeout: 15_000 }).toBeGreaterThan(500)
    }
  })

  it('pages the proofs list with load more', async () => {
    const { total } = await json<{ total: number }>(`${indexerUrl}/api/proofs?limit=1`)
    await app.page.getByTestId('nav-proofs').click()
    // The list is virtualised: only visible rows are in the page, so count what the footer says is loaded.
    await app.page.getByTestId('proof-row').first().waitFor({ timeout: 10_000 })
    const shown = async () => Number(((await app.page.getByTestId('proofs-total').textContent()) ?? '').split(' of ')[0]!.replace(/\D/g, ''))
    await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.min(50, Number(total)))
    const firstPage = await shown()
    await app.page.getByTestId('proofs-load-more').click()
    await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.min(firstPage + 50, Number(total)))
    await app.page.screenshot({ path: join(SCREENSHOTS, 'proofs.png') })
  })

  it('exports a partly cached list with its note, then fetches the rest and exports all of it', async () => {
    const { total } = await json<{ total: number }>(`${indexerUrl}/api/transactions?limit=1`)
    await app.page.getByTestId('nav-transactions').click()
    await app.page.getByTestId('tx-row').first().waitFor({ timeout: 10_000 })
    const csvRows = async () => {
      const [download] = await Promise.all([app.page.waitForEvent('download', { timeout: 15_000 }), app.page.getByTestId('export-csv').click()])
      const text = readFileSync((await download.path())!, 'utf8')
      return text.split('\n').filter((line) => line.trim() !== '').length - 1
    }
    const partly = await csvRows()
    expect(partly).toBeLessThan(Number(total))
    expect(await app.page.getByTestId('export-outcome').textContent()).toContain(`of the ${Number(total).toLocaleString('en-US')} the indexer counts`)

    await app.page.getByTestId('export-fetch-all').click()
    await expect.poll(async () => (await app.page.getByTestId('export-fetch-progress').textContent()) ?? '', { timeout: 60_000 }).toContain('fetched and cached')
    await app.page.screenshot({ path: join(SCREENSHOTS, 'export-fetched-all.png') })
    expect(await app.page.getByTestId('export-fetch-all').count()).toBe(0)
    expect(await csvRows()).toBe(Number(total))
  })

  it('opens a transaction detail from the list', async () => {
    const { items } = await json<{ items: Array<{ signature: string }> }>(`${indexerUrl}/api/transactions?limit=1`)
    await app.page.getByTestId('nav-transactions').click()
    const first = app.page.getByTestId('tx-row').first()
    await first.waitFor({ timeout: 10_000 })
    await first.locator('a').first().click()
    const detail = app.page.getByTestId('tx-detail')
    await detail.waitFor({ timeout: 10_000 })
    expect(await detail.textContent()).toContain(items[0]!.signature)
    expect(await app.page.getByTestId('raw-json').textContent()).toContain('"signature"')
    await app.page.screenshot({ path: join(SCREENSHOTS, 'transaction-detail.png'), fullPage: true })
  })
})

describe.skipIf(skipReason !== null)('serve mode with no indexer configured', () => {
  const app = servedSuite({
    serve: () => startServeWithPage(['--port', '0'], 'proofwatch-e2e-demo-', { env: { PROOFWATCH_INDEXER_URL: '' }, viewport: { width: 1280, height: 800 } }),
  })

  it('runs on the built-in demo indexer and says so', async () => {
    const page = app.page
    await page.goto(app.baseUrl)
    await page.getByTestId('demo-badge').waitFor({ timeout: 15_000 })
    await expect.poll(async () => (await page.getByTestId('overview-value-slot').textContent())?.replace(/\D/g, '').length ?? 0, { timeout: 15_000 }).toBeGreaterThan(5)
    await expect.poll(() => page.getByTestId('live-proof-row').count(), { timeout: 20_000 }).toBeGreaterThan(0)
  })

  it('explains a missing or stale access token instead of blaming the indexer', async () => {
    const page = await app.served.browser.newPage()
    await page.goto(app.baseUrl.replace(/\?token=.*/, ''))
    await expect.poll(async () => (await page.getByTestId('error-panel').first().textContent()) ?? '', { timeout: 15_000 }).toMatch(/no access token/i)
    await page.goto(app.baseUrl.replace(/\?token=.*/, '?token=stale'))
    await expect.poll(async () => (await page.getByTestId('error-panel').first().textContent()) ?? '', { timeout: 15_000 }).toMatch(/access token is not valid/i)
    expect(await page.getByTestId('error-panel').first().textContent()).not.toMatch(/indexer cannot be reached/i)
  })
})

describe.skipIf(skipReason !== null)('serve mode pointed at an unreachable indexer', () => {
  const app = servedSuite({
    serve: async () => startServeWithPage(['--indexer', `http://127.0.0.1:${await freedPort()}`, '--port', '0'], 'proofwatch-e2e-down-', { viewport: { width: 1280, height: 800 } }),
  })

  it('starts, says the indexer is unreachable, and keeps running', async () => {
    const page = app.page
    await page.goto(app.baseUrl)
    await expect.poll(async () => (await page.getByTestId('connection-state').textContent())?.toLowerCase() ?? '', { timeout: 15_000 }).toMatch(/unreachable|offline|reconnect/)
    // Overview, series and leaderboard each say so in place, with a retry.
    await expect.poll(() => page.getByTestId('error-panel').count(), { timeout: 30_000 }).toBe(3)
    expect(await page.getByTestId('error-panel').first().textContent()).toMatch(/connection refused/i)
    expect(await page.getByTestId('retry-button').count()).toBe(3)
    await page.screenshot({ path: join(SCREENSHOTS, 'unreachable.png') })
    expect(app.served.serve.child.exitCode).toBeNull()
  })
})
