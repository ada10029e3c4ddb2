/// <reference lib="dom" />
/** Against an indexer that leaves epoch out (as the reference does), the dashboard keeps its tile and says so. */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage, stopInOrder, type ServedPage } from './processes'

const skipReason = browserMissing()

describe.skipIf(skipReason !== null)('an indexer without epoch', () => {
  let demo: DemoIndexer
  let served: ServedPage
  let page: Page

  beforeAll(async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 17, sendEpoch: false })
    served = await startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-no-epoch-', { viewport: { width: 1280, height: 800 } })
    page = served.page
    await page.goto(served.baseUrl)
  })

  afterAll(() => stopInOrder(served, demo))

  it('shows the epoch tile as not sent, beside the fields that were', async () => {
    await expect.poll(async () => (await page.getByTestId('overview-value-slot').textContent()) ?? '', { timeout: 20_000 }).toMatch(/\d/)
    const epoch = page.getByTestId('overview-value-epoch')
    expect((await epoch.textContent())?.trim()).toBe('not sent by this indexer')
    expect(await epoch.getAttribute('data-missing')).toBe('true')
    await page.getByTestId('overview-tiles').screenshot({ path: join(SCREENSHOTS, 'overview-epoch-not-sent.png') })
  })
})
