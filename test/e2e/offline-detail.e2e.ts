/// <reference lib="dom" />
/**
 * Offline completeness for what the user watches, in serve mode in Chromium:
 * a backfilled transaction of a watched address and a proof first seen on
 * the socket open in full after the indexer is gone (their full records were
 * fetched in the background, never opened before), and a transaction held
 * only as a list item opens as its saved summary with a plain note.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { detailReads, startHttpFront, type HttpFront } from '../support/http-front'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage, stopInOrder, type ServedPage } from './processes'

const skipReason = browserMissing()
const WATCHED = DEMO_BUSY_ADDRESSES[0]!
const OTHER = DEMO_BUSY_ADDRESSES[1]!

describe.skipIf(skipReason !== null)('offline detail of what is watched, in serve mode', () => {
  let demo: DemoIndexer | null = null
  let front: HttpFront | null = null
  let served: ServedPage
  let page: Page
  let baseUrl: string

  beforeAll(async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 19 })
    // HTTP goes through a front that records which records were asked for; the socket goes straight to the demo.
    front = await startHttpFront(demo.httpUrl)
    served = await startServeWithPage(['--indexer', front.url, '--ws', demo.wsUrl, '--watch', WATCHED, '--port', '0'], 'proofwatch-offline-detail-e2e-')
    ;({ page, baseUrl } = served)
    await page.goto(baseUrl)
  })

  afterAll(() => stopInOrder(served, front, demo))

  it('opens a backfilled watched transaction and a socket-only proof in full offline, and a summary with a note', async () => {
    const details = page.getByTestId('health-details')
    const cachedCount = async () => (await details.textContent())?.trim() ?? ''
    // Every backfilled transaction of the watched address is fetched in full in the background.
    await expect.poll(cachedCount, { timeout: 120_000 }).toMatch(/^details cached ([\d,]+) of \1$/)
    expect(Number((await cachedCount()).split(' ')[2]!.replace(/,/g, ''))).toBeGreaterThan(5)
    await page.getByTestId('connection-health').screenshot({ path: join(SCREENSHOTS, 'offline-detail-progress.png') })

    // A backfilled (not live) transaction of the watched address, never opened.
    const watched = demo!.network.listTransactions({ pubkey: WATCHED, limit: 10 }).items[5]!
    expect(detailReads(front!)).toContain(watched.signature)

    // A proof of an address nobody watches, first seen on the socket: filled in over HTTP within
    // seconds, through a page of the proof list (or on its own where the page did not hold it).
    const askedBefore = front!.requests.length
    const proof = demo!.network.publishProof({ authority: OTHER }).proof
    const filledBy = (r: { path: string; status: number | null }) =>
      r.status === 200 && (/^\/api\/proofs\?limit=\d+$/.test(r.path) || r.path === `/api/proofs/${proof.proofAccount}`)
    await expect.poll(() => front!.requests.slice(askedBefore).some(filledBy), { timeout: 20_000 }).toBe(true)

    // A transaction of another address, seen only in the list.
    await page.goto(`${baseUrl}#/transactions`)
    await page.getByTestId('tx-row').first().waitFor({ timeout: 20_000 })
    const listed = await page.$$eval('[data-testid="tx-row"] a[href*="/transactions/"]', (links) => links.map((a) => a.getAttribute('href')!.split('/').pop()!))
    const summaryOnly = listed.find((signature) => {
      const record = demo!.network.getTransaction(signature)
      return record !== undefined && !record.accounts.includes(WATCHED) && record.signature !== proof.signature
    })
    expect(summaryOnly).toBeDefined()
    expect(detailReads(front!)).not.toContain(summaryOnly)

    // The indexer goes away.
    front!.down = true
    await demo!.close()
    demo = null
    await expect.poll(async () => page.getByTestId('connection-state').getAttribute('data-http'), { timeout: 30_000 }).not.toBe('ok')

    await openOffline(page, `${baseUrl}#/transactions/${watched.signature}`, 'tx-detail')
    expect(await page.getByTestId('tx-detail').textContent()).toContain(watched.signature)
    expect((await page.getByTestId('tx-logs').textContent())?.length).toBeGreaterThan(0)
    expect(await page.getByTestId('tx-instruction').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('detail-summary-only').count()).toBe(0)
    await page.screenshot({ path: join(SCREENSHOTS, 'offline-detail-watched-transaction.png'), fullPage: true })

    await openOffline(page, `${baseUrl}#/proofs/${proof.proofAccount}`, 'proof-detail')
    const proofText = (await page.getByTestId('proof-detail').textContent()) ?? ''
    expect(proofText).toContain(proof.signature)
    expect(proofText).toContain(proof.circuit.name)
    expect(await page.getByTestId('detail-summary-only').count()).toBe(0)
    expect(await page.locator('body').textContent()).not.toContain('This proof has no public inputs')
    await page.screenshot({ path: join(SCREENSHOTS, 'offline-detail-socket-proof.png'), fullPage: true })

    await openOffline(page, `${baseUrl}#/transactions/${summaryOnly}`, 'tx-detail')
    expect((await page.getByTestId('detail-summary-only').textContent())?.trim()).toBe(
      'Full detail was not fetched before going offline; showing the saved summary.',
    )
    expect(await page.getByTestId('tx-not-fetched').count()).toBe(1)
    await page.screenshot({ path: join(SCREENSHOTS, 'offline-detail-summary-note.png'), fullPage: true })
  }, 180_000)
})

/** Opens a detail page and waits for the record (never for an error panel). */
async function openOffline(page: Page, url: string, testId: string): Promise<void> {
  await page.goto(url)
  await page.locator(`[data-testid="${testId}"], [data-testid="error-panel"]`).first().waitFor({ timeout: 20_000 })
  expect(await page.getByTestId('error-panel').count()).toBe(0)
  await expect.poll(async () => (await page.getByTestId('freshness').textContent()) ?? '', { timeout: 10_000 }).toMatch(/Offline/)
}
