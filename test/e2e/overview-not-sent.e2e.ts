/// <reference lib="dom" />
/** Against an indexer that leaves epoch out (as the reference does), the dashboard keeps its tile and says so. */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

describe.skipIf(skipReason !== null)('an indexer without epoch', () => {
  const app = servedSuite({
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 17, sendEpoch: false }),
    serve: (demo) => startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-no-epoch-', { viewport: { width: 1280, height: 800 } }),
  })

  beforeAll(() => app.page.goto(app.baseUrl))

  it('shows the epoch tile as not sent, beside the fields that were', async () => {
    await expect.poll(async () => (await app.page.getByTestId('overview-value-slot').textContent()) ?? '', { timeout: 20_000 }).toMatch(/\d/)
    const epoch = app.page.getByTestId('overview-value-epoch')
    expect((await epoch.textContent())?.trim()).toBe('not sent by this indexer')
    expect(await epoch.getAttribute('data-missing')).toBe('true')
    await app.page.getByTestId('overview-tiles').screenshot({ path: join(SCREENSHOTS, 'overview-epoch-not-sent.png') })
  })
})
