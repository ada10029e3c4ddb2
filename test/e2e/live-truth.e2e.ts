/// <reference lib="dom" />
/**
 * "Live" means live (issue 22), in serve mode, in Chromium, on the built-in
 * demo. In its default (reference-like) mode the demo never pushes on
 * `address:{pubkey}:txs`: a watched address's new transactions must still
 * reach its open page, and the notification centre, by polling; and the page
 * must say "Checked every N s", not "Live". With `--push-address-events` the
 * same arrives pushed, and the page says "Live".
 *
 * Latency is measured from the moment the indexer lists a transaction
 * (`GET /api/transactions?pubkey=…&limit=1`, read every 100 ms) to its row on
 * the page. It is printed beside the 5 s target, not asserted: a loaded
 * machine would make a time bound flaky, while the row arriving at all is what
 * fails when polling or pushing is broken.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()
const ADDRESS = DEMO_BUSY_ADDRESSES[0] as string
/** Arrivals measured per mode. */
const ARRIVALS = 4
const TARGET_MS = 5000

/** The built-in demo's address: serve mode keeps its port in the data folder's demo-indexer.json. */
async function builtInDemoUrl(dataDir: string): Promise<string> {
  // Written once the demo listens, which serve mode waits for before it prints its address.
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    try {
      const { port } = JSON.parse(readFileSync(join(dataDir, 'demo-indexer.json'), 'utf8')) as { port?: number }
      if (typeof port === 'number' && port > 0) return `http://127.0.0.1:${port}`
    } catch {
      // Not written yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`no demo port in ${dataDir}/demo-indexer.json`)
}

async function newestSignature(indexerUrl: string): Promise<string | null> {
  const response = await fetch(`${indexerUrl}/api/transactions?pubkey=${ADDRESS}&limit=1`)
  if (!response.ok) throw new Error(`the demo answered ${response.status}`)
  const body = (await response.json()) as { items: Array<{ signature: string }> }
  return body.items[0]?.signature ?? null
}

/** Waits for the indexer to list a transaction of the address newer than `after`; answers it and when it was first seen. */
async function nextListed(indexerUrl: string, after: string | null): Promise<{ signature: string; listedAt: number }> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const signature = await newestSignature(indexerUrl)
    if (signature !== null && signature !== after) return { signature, listedAt: Date.now() }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`the demo listed no new transaction of ${ADDRESS} in 60 s`)
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

function describeMode(mode: 'default' | 'pushing'): void {
  const pushing = mode === 'pushing'
  describe.skipIf(skipReason !== null)(`a watched address on the built-in demo, ${mode} mode`, () => {
    const app = servedSuite({
      serve: () => startServeWithPage(['--port', '0', '--watch', ADDRESS, ...(pushing ? ['--push-address-events'] : [])], `proofwatch-live-truth-${mode}-`),
    })
    let indexerUrl: string

    beforeAll(async () => {
      indexerUrl = await builtInDemoUrl(app.served.dataDir)
      await app.page.goto(`${app.baseUrl}#/address/${ADDRESS}`)
      await app.page.getByTestId('timeline-row').first().waitFor({ timeout: 20_000 })
    })

    it(pushing ? 'says "Live" for the address' : 'says how the address is followed, not "Live"', async () => {
      const state = app.page.getByTestId('live-state')
      if (pushing) {
        await expect.poll(async () => (await state.textContent())?.trim(), { timeout: 30_000 }).toMatch(/^Live/)
      } else {
        // Until the check finds the channel silent it may be "Connecting"; it must settle on polling.
        await expect.poll(async () => (await state.textContent())?.trim(), { timeout: 30_000 }).toMatch(/^Checked every \d+ s/)
        expect(await app.page.getByTestId('freshness').first().textContent()).not.toMatch(/\bLive\b/)
      }
    })

    it('shows each new transaction the indexer lists on the open page', { timeout: 240_000 }, async () => {
      const latencies: number[] = []
      let newest = await newestSignature(indexerUrl)
      for (let index = 0; index < ARRIVALS; index++) {
        const { signature, listedAt } = await nextListed(indexerUrl, newest)
        newest = signature
        // The row appearing at all is the assertion; how soon is printed against the target.
        await app.page.locator(`[data-testid="timeline-row"][data-signature="${signature}"]`).waitFor({ timeout: 60_000 })
        latencies.push(Date.now() - listedAt)
      }
      const sorted = [...latencies].sort((a, b) => a - b)
      console.log(
        `live-truth ${mode}: listed → row on the open address page, ${ARRIVALS} arrivals: ` +
          `${latencies.map((ms) => `${ms} ms`).join(', ')}; p50 ${percentile(sorted, 50)} ms, max ${sorted.at(-1)} ms (target ${TARGET_MS} ms)`,
      )
      expect(latencies).toHaveLength(ARRIVALS)
      // Still followed the same way once the rows came.
      expect((await app.page.getByTestId('live-state').textContent())?.trim()).toMatch(pushing ? /^Live/ : /^Checked every \d+ s/)
      // And the header says the same of the connection as a whole.
      const header = (await app.page.getByTestId('connection-state').textContent())?.trim()
      if (pushing) expect(header).toMatch(/^Live/)
      else expect(header).toContain('partly polled')
      await app.page.screenshot({ path: join(SCREENSHOTS, `live-truth-address-${mode}.png`) })
    })

    it('puts the address activity in the notification centre', async () => {
      await app.page.getByTestId('nav-notifications').click()
      // "New transaction on 5nrh…shmy", "3 new transactions on demo_5nrh (5nrh…shmy)" once its display name is read:
      // the address's own entries, not any entry.
      const entries = app.page.getByTestId('notification-item').filter({ hasText: new RegExp(`on (\\S+ \\()?${ADDRESS.slice(0, 4)}…${ADDRESS.slice(-4)}`) })
      await expect.poll(() => entries.count(), { timeout: 30_000 }).toBeGreaterThan(0)
      await app.page.screenshot({ path: join(SCREENSHOTS, `live-truth-notifications-${mode}.png`) })
    })
  })
}

describeMode('default')
describeMode('pushing')
