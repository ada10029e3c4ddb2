/// <reference lib="dom" />
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { browserMissing, launchBrowser, SCREENSHOTS, waitForTestId } from './browser'
import { startBuilt, stopInOrder, type Started, SERVE_LINE } from './processes'

const skipReason = browserMissing()

/** The proof accounts of the first rows the proofs explorer shows. */
async function firstProofAccounts(page: Page, count: number): Promise<string[]> {
  const rows = page.getByTestId('proof-row')
  await rows.first().waitFor({ timeout: 15_000 })
  const accounts: string[] = []
  for (let i = 0; i < count; i++) accounts.push(((await rows.nth(i).locator('a').first().getAttribute('href')) ?? '').split('/').pop()!)
  return accounts
}

describe.skipIf(skipReason !== null)('history read offline in serve mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'proofwatch-offline-e2e-'))
  let demo: DemoIndexer | null = null
  let serve: Started | null = null
  let browser: Browser
  let page: Page

  const startServe = async (indexerUrl: string): Promise<string> => {
    serve = await startBuilt('serve.js', ['--indexer', indexerUrl, '--port', '0'], SERVE_LINE, {
      PROOFWATCH_DATA_DIR: dataDir,
      PROOFWATCH_CREDENTIAL: 'cookie:zkhelios_session=demo',
    })
    return serve.match[1]!
  }

  beforeAll(async () => {
    // In this process, so the test decides when a notification is published; rate 0 keeps lists still.
    // Pushing: the announcement it publishes comes on the socket (the reference lists announcements only).
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 11, pushAddressEvents: true })
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.on('pageerror', (error) => console.error('page error:', error.message))
  })

  afterAll(() => stopInOrder(browser, serve, demo))

  it('shows the same proofs, transactions, a detail and notifications after the indexer is gone, marked as cached', async () => {
    const indexerUrl = demo!.httpUrl
    await page.goto(await startServe(indexerUrl))

    // Online: look at what the user would look at, so it is in the cache.
    await page.getByTestId('nav-proofs').click()
    const onlineProofs = await firstProofAccounts(page, 5)
    await page.getByTestId('nav-transactions').click()
    const firstTx = page.getByTestId('tx-row').first()
    await firstTx.waitFor({ timeout: 15_000 })
    const txHref = (await firstTx.locator('a').first().getAttribute('href'))!
    const signature = txHref.split('/').pop()!
    await firstTx.locator('a').first().click()
    await waitForTestId(page, 'tx-detail', 15_000)
    expect(await page.getByTestId('tx-detail').textContent()).toContain(signature)

    await page.getByTestId('nav-notifications').click()
    await expect.poll(async () => (await page.request.get(`${indexerUrl}/api/stats/overview`)).ok()).toBe(true)
    // The user channel needs the session: wait until main has it live, then publish.
    await page.waitForTimeout(500)
    const notification = demo!.network.publishNotification('SYSTEM')
    const item = page.getByTestId('notification-item').filter({ hasText: notification.title })
    await item.first().waitFor({ timeout: 15_000 })

    // The indexer goes away; ProofWatch restarts on the same data directory.
    await serve!.stop()
    await demo!.close()
    demo = null
    await page.goto(await startServe(indexerUrl))

    await page.getByTestId('nav-proofs').click()
    expect(await firstProofAccounts(page, 5)).toEqual(onlineProofs)
    const badge = page.getByTestId('freshness').first()
    await expect.poll(async () => (await badge.textContent()) ?? '', { timeout: 20_000 }).toMatch(/cached/i)
    await page.screenshot({ path: join(SCREENSHOTS, 'offline-proofs.png') })

    await page.getByTestId('nav-transactions').click()
    const cachedTx = page.locator(`[data-testid="tx-row"] a[href$="${signature}"]`).first()
    await cachedTx.waitFor({ timeout: 20_000 })
    await cachedTx.click()
    await waitForTestId(page, 'tx-detail', 20_000)
    expect(await page.getByTestId('tx-detail').textContent()).toContain(signature)
    await expect.poll(async () => (await page.getByTestId('freshness').first().textContent()) ?? '', { timeout: 20_000 }).toMatch(/cached/i)

    await page.getByTestId('nav-notifications').click()
    await page.getByTestId('notification-item').filter({ hasText: notification.title }).first().waitFor({ timeout: 20_000 })
    await page.screenshot({ path: join(SCREENSHOTS, 'offline-notifications.png') })
  })
})
