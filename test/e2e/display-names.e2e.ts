/// <reference lib="dom" />
/**
 * Names beside short keys in serve mode, in Chromium, against the demo
 * indexer run in-process (it answers GET /api/users/:pubkey as the reference
 * does): the indexer's display names in the proofs and transactions lists
 * and a proof's page, a watchlist label winning over a display name with the
 * name on hover; then the Circuits view with a circuit's proofs, light and dark.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS, waitForTestId } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()
const LABELLED = DEMO_BUSY_ADDRESSES[0]!
const NAMED = DEMO_BUSY_ADDRESSES[1]!
/** The demo names its busy addresses so (src/main/demo/http-api.ts). */
const demoName = (pubkey: string) => `demo_${pubkey.slice(0, 4).toLowerCase()}`

describe.skipIf(skipReason !== null)('display names in Chromium (serve mode, demo indexer)', () => {
  const pageErrors: string[] = []
  const app = servedSuite({
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 21 }),
    serve: (demo) => startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-e2e-names-', { viewport: { width: 1280, height: 800 }, errors: pageErrors }),
  })

  /** The texts of one test id inside the rows of a list. */
  const textsIn = (rows: string, testId: string) => app.page.locator(`[data-testid="${rows}"] [data-testid="${testId}"]`).allTextContents()

  beforeAll(async () => {
    await app.page.goto(`${app.baseUrl}#/watchlist`)
    await app.page.getByTestId('watch-address-id').fill(LABELLED)
    await app.page.getByTestId('watch-address-label').fill('Treasury')
    await app.page.getByTestId('watch-address-submit').click()
    await app.page.getByTestId('watched-address-row').first().waitFor({ timeout: 15_000 })
  })

  it('shows the indexer’s display names beside authorities in the proofs list, and a label in place of one', async () => {
    await app.page.goto(`${app.baseUrl}#/proofs`)
    await app.page.getByTestId('proof-row').first().waitFor({ timeout: 20_000 })
    await expect.poll(() => textsIn('proof-row', 'display-name'), { timeout: 20_000 }).toContain(demoName(NAMED))
    const names = app.page.locator('[data-testid="proof-row"] [data-testid="display-name"]').first()
    expect(await names.getAttribute('title')).toMatch(/^Display name on the indexer: demo_/)
    // The row into view, not the name: a cell clips its content, and would scroll it sideways.
    await app.page.locator('[data-testid="proof-row"]', { has: app.page.getByTestId('display-name') }).first().scrollIntoViewIfNeeded()
    await app.page.screenshot({ path: join(SCREENSHOTS, 'names-proofs-list.png') })

    // The labelled address's own proofs: its label, with its display name on hover.
    await app.page.goto(`${app.baseUrl}#/proofs?authority=${LABELLED}`)
    await app.page.getByTestId('proof-row').first().waitFor({ timeout: 20_000 })
    const label = app.page.locator('[data-testid="proof-row"] [data-testid="watch-label"]').first()
    await expect.poll(() => label.getAttribute('title'), { timeout: 20_000 }).toBe(`Display name on the indexer: ${demoName(LABELLED)}`)
    expect(await label.textContent()).toContain('Treasury')
    expect(await app.page.locator('[data-testid="proof-row"] [data-testid="display-name"]').count()).toBe(0)
  })

  it('shows them in the transactions list and on a proof’s page', async () => {
    await app.page.goto(`${app.baseUrl}#/transactions?pubkey=${NAMED}`)
    await app.page.getByTestId('tx-row').first().waitFor({ timeout: 20_000 })
    await expect.poll(() => textsIn('tx-row', 'display-name'), { timeout: 20_000 }).toContain(demoName(NAMED))
    await app.page.screenshot({ path: join(SCREENSHOTS, 'names-transactions-list.png') })

    await app.page.goto(`${app.baseUrl}#/proofs?authority=${NAMED}`)
    await app.page.getByTestId('proof-row').first().click()
    await waitForTestId(app.page, 'proof-detail', 20_000)
    await expect.poll(() => app.page.locator('[data-testid="proof-detail"] [data-testid="display-name"]').allTextContents(), { timeout: 20_000 }).toEqual([demoName(NAMED)])
    await app.page.screenshot({ path: join(SCREENSHOTS, 'names-proof-detail.png') })
    expect(pageErrors).toEqual([])
  })

  it('shows them on the dashboard’s leaderboard', async () => {
    await app.page.goto(`${app.baseUrl}#/`)
    await app.page.getByTestId('leaderboard-row').first().waitFor({ timeout: 20_000 })
    await expect.poll(() => textsIn('leaderboard-row', 'display-name'), { timeout: 20_000 }).toContain(demoName(NAMED))
    expect(await textsIn('leaderboard-row', 'watch-label')).toContain('Treasury')
    await app.page.locator('[data-testid="leaderboard-row"]').first().scrollIntoViewIfNeeded()
    await app.page.screenshot({ path: join(SCREENSHOTS, 'names-leaderboard.png') })
  })

  it('shows the Circuits view with a circuit’s proofs, light and dark', async () => {
    await app.page.goto(`${app.baseUrl}#/circuits`)
    await app.page.getByTestId('circuit-name').first().click()
    await app.page.getByTestId('circuit-proof-row').first().waitFor({ timeout: 20_000 })
    // The page scrolls inside its pane: a tall window shows the list and the circuit's proofs at once.
    await app.page.setViewportSize({ width: 1280, height: 1500 })
    for (const scheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme: scheme })
      await app.page.screenshot({ path: join(SCREENSHOTS, `circuits-${scheme}.png`) })
    }
    await app.page.emulateMedia({ colorScheme: 'light' })
    await app.page.setViewportSize({ width: 1280, height: 800 })
    expect(pageErrors).toEqual([])
  })
})
