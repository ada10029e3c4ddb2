/// <reference lib="dom" />
/**
 * Issue 26 in Chromium (serve mode, demo indexer): notification rules are
 * previewed against the local cache before they are saved, then saved; a
 * centre entry says why it is there, and its reason leads to its rule in
 * Settings, focused and marked.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from '../../src/main/demo/catalog'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'
import { waitFor } from '../support/wait-for'

const skipReason = browserMissing()
const BUSY = DEMO_BUSY_ADDRESSES[0]!
const SHOTS = '/work/notes/shots-26/preview'

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim()
}

/** The first number of the preview's summary: the native notifications the draft would have raised. */
async function wouldRaise(page: Page): Promise<number> {
  const match = /Would have raised ([\d,]+) native notification/.exec(await text(page, 'rule-preview-summary'))
  return match ? Number(match[1]!.replace(/,/g, '')) : -1
}

describe.skipIf(skipReason !== null)('rule preview and reasons in Chromium (serve mode, demo indexer)', () => {
  const pageErrors: string[] = []
  const app = servedSuite({
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 26, pushAddressEvents: true }),
    serve: (demo) =>
      startServeWithPage(['--indexer', demo.httpUrl, '--port', '0', '--wallet', DEMO_WALLET, '--watch', BUSY], 'proofwatch-e2e-rule-preview-', {
        env: { PROOFWATCH_CREDENTIAL: `cookie:${demo.cookieName}=${demo.credential}` },
        errors: pageErrors,
      }),
  })

  beforeAll(async () => {
    await app.page.goto(new URL(app.baseUrl).href)
    await app.page.getByTestId('nav-notifications').click()
    // A burst of the watched address, and an announcement: entries in the centre, events in the cache.
    // Published until the user channels are up and both entries show (the first may precede the subscription).
    await waitFor(async () => {
      app.indexer.network.publishTransaction({ feePayer: BUSY })
      app.indexer.network.publishNotification('SYSTEM')
      return (await app.page.getByTestId('notification-reason').count()) > 1
    }, 30_000)
  })

  it('previews a change of the rules against the cache (counts shown), then saves it', async () => {
    await app.page.getByTestId('nav-settings').click()
    await expect.poll(() => wouldRaise(app.page), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await text(app.page, 'rule-preview-days')).toMatch(/\d/)
    expect(await app.page.getByTestId('rule-preview-latest').locator('li').count()).toBeGreaterThan(0)
    const saved = await wouldRaise(app.page)

    // Everything off but the indexer's own notifications: fewer pop-ups, nothing saved yet.
    for (const source of ['addresses', 'circuits', 'health']) await app.page.getByTestId(`preview-source-${source}`).uncheck()
    await expect.poll(() => wouldRaise(app.page), { timeout: 15_000 }).toBeLessThan(saved)
    expect(await app.page.getByTestId('rules-source-addresses').isChecked()).toBe(true)
    await app.page.getByTestId('rule-preview').screenshot({ path: join(SHOTS, 'rule-preview.png') })

    await app.page.getByTestId('rule-preview-save').click()
    await expect.poll(() => app.page.getByTestId('rules-source-addresses').isChecked(), { timeout: 10_000 }).toBe(false)
    await expect.poll(() => app.page.getByTestId('rule-preview-unsaved').count(), { timeout: 10_000 }).toBe(0)
    expect(await app.page.getByTestId('rules-source-notifications').isChecked()).toBe(true)
    expect(await app.page.getByTestId('rules-source-circuits').isChecked()).toBe(false)
  })

  it("leads from an entry's reason to its rule, focused and marked", async () => {
    await app.page.getByTestId('nav-notifications').click()
    const entry = app.page.getByTestId('notification-entry').filter({ hasText: 'because you watch' }).first()
    await entry.waitFor({ timeout: 15_000 })
    expect(await entry.getByTestId('notification-reason').textContent()).toMatch(/because you watch .+ · rule 'Watched addresses'/)
    await app.page.screenshot({ path: join(SHOTS, 'entry-reason.png') })

    await entry.getByTestId('notification-reason-rule').click()
    await app.page.waitForURL(/#\/settings\?rule=addresses/, { timeout: 10_000 })
    const row = app.page.getByTestId('rules-source-row-addresses')
    await expect.poll(() => row.getAttribute('data-linked'), { timeout: 10_000 }).toBe('true')
    await expect.poll(() => app.page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 10_000 }).toBe('rules-source-addresses')
    await app.page.screenshot({ path: join(SHOTS, 'reason-led-to-rule.png') })
    expect(pageErrors).toEqual([])
  })
})
