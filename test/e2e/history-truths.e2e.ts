/// <reference lib="dom" />
/**
 * The watcher's history in serve mode, in Chromium: the connection panel
 * during and after an outage of the indexer, the epoch tile on the demo, and
 * a one-day date filter that returns that day.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

describe.skipIf(skipReason !== null)('the watcher’s history in serve mode', () => {
  const app = servedSuite({
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 13 }),
    serve: (demo) => startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-history-e2e-'),
  })

  beforeAll(() => app.page.goto(app.baseUrl))

  it('shows the epoch tile the demo sends', async () => {
    const epoch = app.page.getByTestId('overview-value-epoch')
    await expect.poll(async () => (await epoch.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^\d[\d,.\s ]*$/)
    const slot = Number(((await app.page.getByTestId('overview-value-slot').textContent()) ?? '').replace(/\D/g, ''))
    expect(Number(((await epoch.textContent()) ?? '').replace(/\D/g, ''))).toBe(Math.floor(slot / 432_000))
    await app.page.getByTestId('overview-tiles').screenshot({ path: join(SCREENSHOTS, 'overview-epoch.png') })
  })

  it('tells the truth in the connection panel during and after an outage', async () => {
    const health = app.page.getByTestId('connection-health')
    await expect.poll(async () => (await app.page.getByTestId('health-channels').textContent())?.trim(), { timeout: 20_000 }).toMatch(/^(\d+) of \1 subscribed$/)
    await expect.poll(async () => (await app.page.getByTestId('health-http').textContent())?.trim()).toBe('HTTP ok')
    app.indexer.network.publishProof()
    await expect.poll(async () => (await app.page.getByTestId('health-last-event').textContent())?.trim(), { timeout: 20_000 }).not.toBe('None yet')

    const port = app.indexer.port
    await app.stopIndexer()
    // The header says unreachable without any view asking, at the first failing request.
    await expect.poll(async () => app.page.getByTestId('connection-state').getAttribute('data-http'), { timeout: 20_000 }).toBe('unreachable')
    await expect.poll(async () => (await app.page.getByTestId('health-channels').textContent())?.trim(), { timeout: 20_000 }).toMatch(/^0 of \d+ subscribed$/)
    await expect.poll(async () => (await app.page.getByTestId('health-attempts').textContent()) ?? '', { timeout: 20_000 }).toMatch(/^\d+ since it was last live$/)
    expect((await app.page.getByTestId('health-reconnects').textContent())?.trim()).toBe('0')
    const since = await app.page.getByTestId('health-since').locator('time').getAttribute('datetime')
    await health.screenshot({ path: join(SCREENSHOTS, 'connection-outage.png') })
    // Another failed attempt later, "since" has not moved.
    const attempts = Number(((await app.page.getByTestId('health-attempts').textContent()) ?? '').split(' ')[0])
    await expect.poll(async () => Number(((await app.page.getByTestId('health-attempts').textContent()) ?? '').split(' ')[0]), { timeout: 30_000 }).toBeGreaterThan(attempts)
    expect(await app.page.getByTestId('health-since').locator('time').getAttribute('datetime')).toBe(since)

    app.indexerBack(await startDemoIndexer({ port, rate: 0, seed: 13 }))
    await app.page.getByTestId('health-reconnect').click()
    await expect.poll(async () => app.page.getByTestId('connection-state').getAttribute('data-http'), { timeout: 20_000 }).toBe('ok')
    await expect.poll(async () => (await app.page.getByTestId('health-reconnects').textContent())?.trim(), { timeout: 20_000 }).toBe('1')
    await expect.poll(async () => (await app.page.getByTestId('health-channels').textContent())?.trim(), { timeout: 20_000 }).toMatch(/^(\d+) of \1 subscribed$/)
    await health.screenshot({ path: join(SCREENSHOTS, 'connection-recovered.png') })
  })

  it('returns the whole local day for From = To one day', async () => {
    // Yesterday in the browser's time zone: the demo holds 30 days of history.
    const day = await app.page.evaluate(() => {
      const d = new Date(Date.now() - 86_400_000)
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    })
    await app.page.goto(`${app.baseUrl.replace(/\/\?/, '/?')}#/transactions?fromDate=${day}&toDate=${day}`)
    const rows = app.page.getByTestId('tx-row')
    await rows.first().waitFor({ timeout: 20_000 })
    const times = await app.page.$$eval('[data-testid="tx-row"] time[datetime]', (nodes) =>
      nodes.map((node) => {
        const at = new Date(node.getAttribute('datetime')!)
        return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`
      }),
    )
    expect(times.length).toBeGreaterThan(0)
    expect(new Set(times)).toEqual(new Set([day]))
    await app.page.screenshot({ path: join(SCREENSHOTS, 'transactions-one-day.png') })
  })
})
