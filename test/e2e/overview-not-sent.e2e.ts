/// <reference lib="dom" />
/** Against an indexer that leaves epoch out (as the reference does), the dashboard keeps its tile and says so. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { browserMissing, launchBrowser, SCREENSHOTS } from './browser'
import { startBuilt, type Started, SERVE_LINE } from './processes'

const skipReason = browserMissing()

describe.skipIf(skipReason !== null)('an indexer without epoch', () => {
  let demo: DemoIndexer
  let serve: Started
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 17, sendEpoch: false })
    serve = await startBuilt('serve.js', ['--indexer', demo.httpUrl, '--port', '0'], SERVE_LINE, {
      PROOFWATCH_DATA_DIR: mkdtempSync(join(tmpdir(), 'proofwatch-no-epoch-')),
    })
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.on('pageerror', (error) => console.error('page error:', error.message))
    await page.goto(serve.match[1]!)
  })

  afterAll(async () => {
    await browser?.close()
    await serve?.stop()
    await demo?.close()
  })

  it('shows the epoch tile as not sent, beside the fields that were', async () => {
    await expect.poll(async () => (await page.getByTestId('overview-value-slot').textContent()) ?? '', { timeout: 20_000 }).toMatch(/\d/)
    const epoch = page.getByTestId('overview-value-epoch')
    expect((await epoch.textContent())?.trim()).toBe('not sent by this indexer')
    expect(await epoch.getAttribute('data-missing')).toBe('true')
    await page.getByTestId('overview-tiles').screenshot({ path: join(SCREENSHOTS, 'overview-epoch-not-sent.png') })
  })
})
