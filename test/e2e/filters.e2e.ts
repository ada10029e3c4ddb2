/// <reference lib="dom" />
/**
 * The list filters in serve mode, in Chromium: the circuit filter with the
 * demo's circuit names (every row shown is of the circuit picked), the state
 * filter applied here and said to be, filters that survive a trip to another
 * view, the same filter on the saved proofs while the indexer is away, and
 * a preset period on transactions.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_CIRCUITS } from '../../src/main/demo/catalog'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

/** The circuit labels of the proof rows in view. */
async function circuitsShown(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="proof-row"] [data-testid="circuit-label"]', (nodes) => nodes.map((node) => node.textContent?.trim() ?? ''))
}

/** What the note under the proof filters says. */
async function filterNote(page: Page): Promise<string | undefined> {
  return (await page.getByTestId('proofs-filter-note').textContent())?.trim()
}

/** The times of the rows of a list in view, in ms. */
function rowTimes(page: Page, rowTestId: string): Promise<number[]> {
  return page.$$eval(`[data-testid="${rowTestId}"] time[datetime]`, (nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime')!)))
}

describe.skipIf(skipReason !== null)('list filters in serve mode', () => {
  /** The demo's port, to start it again there after the outage. */
  let port = 0
  const app = servedSuite({
    indexer: async () => {
      const demo = await startDemoIndexer({ port: 0, rate: 0, seed: 19 })
      // Revoked proofs among the newest, for the state filter.
      for (let index = 0; index < 4; index++) demo.network.revokeProof()
      return demo
    },
    serve: (demo) => startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-filters-e2e-'),
  })

  beforeAll(() => app.page.goto(`${app.baseUrl}#/proofs`))

  it('names circuits in the dashboard feed as in the list, though the socket sends only their ids', async () => {
    await app.page.getByTestId('nav-dashboard').click()
    await expect.poll(async () => app.page.getByTestId('connection-state').getAttribute('data-http'), { timeout: 20_000 }).toBe('ok')
    for (let index = 0; index < 3; index++) app.indexer.network.publishProof()
    const labels = app.page.locator('[data-testid="live-proof-row"] [data-testid="circuit-label"]')
    await expect.poll(async () => labels.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
    const names = new Set(DEMO_CIRCUITS.map((circuit) => circuit.name))
    await expect.poll(async () => (await labels.allTextContents()).every((text) => names.has(text.trim())), { timeout: 20_000 }).toBe(true)
    await app.page.locator('[data-testid="live-proof-row"]').first().locator('xpath=ancestor::section[1]').screenshot({ path: join(SCREENSHOTS, 'dashboard-feed-circuits.png') })
    await app.page.getByTestId('nav-proofs').click()
  })

  it('filters proofs by a circuit picked by its name: every row shown has it', async () => {
    await app.page.getByTestId('proof-row').first().waitFor({ timeout: 20_000 })
    const select = app.page.getByTestId('proofs-filter-circuit')
    // The demo's own list of circuits, by name.
    await expect
      .poll(async () => select.locator('option').allTextContents(), { timeout: 20_000 })
      .toEqual(['All circuits', ...DEMO_CIRCUITS.map((circuit) => circuit.name)])
    const before = await circuitsShown(app.page)
    expect(new Set(before).size).toBeGreaterThan(1)

    await select.selectOption({ label: 'dao_voter_membership' })
    await expect.poll(() => app.page.url()).toContain('circuit=6')
    await expect.poll(async () => new Set(await circuitsShown(app.page)), { timeout: 20_000 }).toEqual(new Set(['dao_voter_membership']))
    expect((await circuitsShown(app.page)).length).toBeGreaterThan(1)
    expect(await filterNote(app.page)).toBe('Filtered by the indexer.')
    await app.page.screenshot({ path: join(SCREENSHOTS, 'proofs-circuit-filter.png') })
  })

  it('applies the state filter here, as the indexer has none, and says so', async () => {
    await app.page.getByTestId('proofs-filter-circuit').selectOption({ label: 'All circuits' })
    await app.page.getByTestId('proofs-filter-state').selectOption({ label: 'Revoked' })
    await expect.poll(() => app.page.url()).toContain('state=revoked')
    await expect
      .poll(() => filterNote(app.page), { timeout: 20_000 })
      .toBe('The state filter was applied here, on each page the indexer sent: it has no such filter.')
    const states = await app.page.$$eval('[data-testid="proof-row"]', (rows) => rows.map((row) => (row.textContent ?? '').includes('Revoked')))
    expect(states.length).toBeGreaterThanOrEqual(4)
    expect(states.every(Boolean)).toBe(true)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'proofs-state-filter.png') })
  })

  it('keeps the filters over a trip to another view', async () => {
    await app.page.getByTestId('proofs-filter-state').selectOption({ label: 'Any state' })
    await app.page.getByTestId('proofs-filter-circuit').selectOption({ label: 'age_proof' })
    await expect.poll(async () => new Set(await circuitsShown(app.page)), { timeout: 20_000 }).toEqual(new Set(['age_proof']))
    await app.page.getByTestId('nav-transactions').click()
    await app.page.getByTestId('tx-row').first().waitFor({ timeout: 20_000 })
    await app.page.getByTestId('nav-proofs').click()
    await expect.poll(() => app.page.url()).toContain('circuit=3')
    expect(await app.page.getByTestId('proofs-filter-circuit').inputValue()).toBe('3')
    await expect.poll(async () => new Set(await circuitsShown(app.page)), { timeout: 20_000 }).toEqual(new Set(['age_proof']))
  })

  it('filters the saved proofs by circuit while the indexer is away', async () => {
    port = app.indexer.port
    await app.stopIndexer()
    await app.page.getByTestId('proofs-filter-circuit').selectOption({ label: 'balance_proof' })
    await expect
      .poll(() => filterNote(app.page), { timeout: 30_000 })
      .toBe('Filtered here, on the proofs saved on this computer (the indexer cannot be reached).')
    await expect.poll(async () => new Set(await circuitsShown(app.page)), { timeout: 20_000 }).toEqual(new Set(['balance_proof']))
    await app.page.screenshot({ path: join(SCREENSHOTS, 'proofs-circuit-filter-offline.png') })
  })

  it('lists the transactions of the last hour with the preset', async () => {
    app.indexerBack(await startDemoIndexer({ port, rate: 0, seed: 19 }))
    // Proofs just now: each is verified by a transaction of this hour.
    for (let index = 0; index < 5; index++) app.indexer.network.publishProof()
    await app.page.getByTestId('nav-transactions').click()
    await app.page.getByTestId('tx-filter-within').selectOption({ label: 'Last hour' })
    await expect.poll(() => app.page.url()).toContain('within=1h')
    await app.page.getByTestId('tx-row').first().waitFor({ timeout: 30_000 })
    const now = await app.page.evaluate(() => Date.now())
    const times = await rowTimes(app.page, 'tx-row')
    expect(times.length).toBeGreaterThan(0)
    expect(times.every((time) => time >= now - 3_600_000 - 60_000 && time <= now + 60_000)).toBe(true)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'transactions-last-hour.png') })
  })

  it('lists the proofs verified in the last 24 hours with the preset, and says the date filter was applied here', async () => {
    await app.page.getByTestId('nav-proofs').click()
    await app.page.getByTestId('proofs-filter-circuit').selectOption({ label: 'All circuits' })
    await app.page.getByTestId('proofs-filter-within').selectOption({ label: 'Last 24 hours' })
    await expect.poll(() => app.page.url()).toContain('within=24h')
    await expect
      .poll(() => filterNote(app.page), { timeout: 20_000 })
      .toBe('The date filter was applied here, on each page the indexer sent: it has no such filter.')
    const now = await app.page.evaluate(() => Date.now())
    const times = await rowTimes(app.page, 'proof-row')
    expect(times.length).toBeGreaterThan(3)
    expect(times.every((time) => time >= now - 86_400_000 - 60_000 && time <= now + 60_000)).toBe(true)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'proofs-last-24-hours.png') })
  })
})
