/// <reference lib="dom" />
/**
 * Notifications in serve mode, in Chromium: the core decides, the page
 * shows the decisions through the browser's Notification API (observed in
 * the page), the rules visibly apply, one unread number everywhere, a burst
 * is one summary and one group, and a health alert fires when the indexer
 * goes away. The demo indexer runs in this process, to publish on cue.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import type { DemoIndexer } from '../../src/main/demo/server'
import { browserMissing, launchBrowser, SCREENSHOTS } from './browser'
import { observeNotifications, shownNotifications } from './observed-notifications'
import { startBuilt, type Started, SERVE_LINE } from './processes'
import { startNotifyingServe, type NotifyingServe } from './notifying-serve'

const skipReason = browserMissing()
const BUSY = DEMO_BUSY_ADDRESSES[0]!

function hhmm(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
}

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim()
}

describe.skipIf(skipReason !== null)('notifications in Chromium (serve mode, demo indexer with a signed-in wallet)', () => {
  let demo: DemoIndexer
  let page: Page
  const pageErrors: string[] = []

  const shown = () => shownNotifications(page)

  let started: NotifyingServe | undefined

  beforeAll(async () => {
    // A deployment that pushes address transactions and announcements, which these tests publish.
    started = await startNotifyingServe({ name: 'notifications', seed: 21, watch: [BUSY], errors: pageErrors })
    ;({ demo, page } = started)
  })

  afterAll(async () => {
    await started?.stop()
  })

  it('shows a user:notifications event as a browser notification', async () => {
    await expect.poll(() => text(page, 'notifications-popups'), { timeout: 15_000 }).toContain('browser notifications')
    // The user channels are up once the socket says so; publish until one arrives (the first may precede the subscription).
    const published = demo.network.publishNotification('SYSTEM')
    await expect.poll(async () => (await shown()).map((n) => n.title), { timeout: 20_000 }).toContain(published.title)
    expect(await page.getByTestId('notice-prompt').count()).toBe(0)
  })

  it('shows nothing during quiet hours, while the entry still reaches the centre', async () => {
    await page.getByTestId('nav-settings').click()
    const now = new Date()
    await page.getByTestId('rules-quiet-start').fill(hhmm(new Date(now.getTime() - 2 * 60_000)))
    await page.getByTestId('rules-quiet-end').fill(hhmm(new Date(now.getTime() + 60 * 60_000)))
    await page.getByTestId('rules-quiet-enabled').check()
    await expect.poll(() => page.getByTestId('rules-quiet-enabled').isChecked(), { timeout: 10_000 }).toBe(true)
    await page.waitForTimeout(300)
    const before = (await shown()).length
    const quiet = demo.network.publishNotification('SYSTEM')
    await page.getByTestId('nav-notifications').click()
    await expect.poll(async () => (await page.getByTestId('notification-title').allTextContents()).includes(quiet.title), { timeout: 20_000 }).toBe(true)
    // Well past the burst window: nothing was shown for it.
    await page.waitForTimeout(2_500)
    expect((await shown()).length).toBe(before)
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('rules-quiet-enabled').uncheck()
    await expect.poll(() => page.getByTestId('rules-quiet-enabled').isChecked(), { timeout: 10_000 }).toBe(false)
  })

  it('shows a burst as one pop-up at most, and one group entry in the centre', async () => {
    await page.waitForTimeout(300)
    const before = (await shown()).length
    for (let index = 0; index < 8; index++) demo.network.publishTransaction({ feePayer: BUSY })
    await page.getByTestId('nav-notifications').click()
    const group = page.getByRole('row').filter({ hasText: /\d+ (new|failed) transactions on / })
    await group.first().waitFor({ timeout: 20_000 })
    // Quiet by default: a watched address's burst interrupts once (its first transaction, and its first failure), or
    // not at all when an open burst of it already did; the group entry keeps counting.
    await page.waitForTimeout(2_500)
    expect((await shown()).length - before).toBeLessThanOrEqual(2)
    await group.first().getByTestId('notification-expand').click()
    await expect.poll(() => page.getByTestId('notification-group-item').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(8)
    await page.screenshot({ path: join(SCREENSHOTS, 'notifications-centre-group.png') })
  })

  it('gives one unread number in the centre, the navigation and the watchlist', async () => {
    // Something unread about the watched address, and something not about it.
    demo.network.publishTransaction({ feePayer: BUSY })
    demo.network.publishNotification('SYSTEM')
    await page.getByTestId('nav-notifications').click()
    await expect.poll(async () => Number((await text(page, 'notifications-unread')).split(' ')[0]), { timeout: 20_000 }).toBeGreaterThan(1)
    await page.waitForTimeout(1_000)
    const centre = Number((await text(page, 'notifications-unread')).split(' ')[0])
    expect(await text(page, 'nav-notifications-unread')).toBe(`${centre} unread`)
    await page.getByTestId('notifications-topic').selectOption(`address:${BUSY}`)
    await page.waitForTimeout(500)
    const aboutBusy = await page.locator('[data-testid="notification-state"][data-read="false"]').count()
    await page.getByTestId('nav-watchlist').click()
    const watchUnread = await text(page, 'watch-unread')
    expect(watchUnread).toBe(`${aboutBusy} unread`)
    expect(await text(page, 'nav-watchlist-unread')).toBe(`${aboutBusy} unread`)
    await page.screenshot({ path: join(SCREENSHOTS, 'notifications-watchlist-unread.png') })
    // Reading the address's entries lowers every count by as many.
    await page.getByTestId('watched-address-link').first().click()
    await expect.poll(() => page.getByTestId('nav-watchlist-unread').count(), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => text(page, 'nav-notifications-unread'), { timeout: 10_000 }).toBe(`${centre - aboutBusy} unread`)
  })

  it('raises a health alert when the indexer is stopped (threshold shortened in Settings)', async () => {
    await page.getByTestId('nav-settings').click()
    const minutes = page.getByTestId('rules-health-unreachableMinutes')
    await minutes.fill('0.05')
    await minutes.dispatchEvent('change')
    await page.waitForTimeout(500)
    await minutes.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SCREENSHOTS, 'notifications-health-rules.png') })
    await demo.close()
    await expect.poll(async () => (await shown()).map((n) => n.title), { timeout: 30_000 }).toContain('Indexer unreachable')
    await page.getByTestId('nav-notifications').click()
    await expect.poll(async () => await page.getByTestId('notification-title').allTextContents(), { timeout: 10_000 }).toContain('Indexer unreachable')
    await page.screenshot({ path: join(SCREENSHOTS, 'notifications-health-alert.png') })
    expect(pageErrors).toEqual([])
  })
})

describe.skipIf(skipReason !== null)('notifications in Chromium without the browser permission', () => {
  let serve: Started
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    serve = await startBuilt('serve.js', ['--port', '0'], SERVE_LINE, {
      PROOFWATCH_DATA_DIR: mkdtempSync(join(tmpdir(), 'proofwatch-e2e-notices-')),
      PROOFWATCH_INDEXER_URL: '',
    })
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await observeNotifications(context)
    page = await context.newPage()
    await page.goto(serve.match[1]!)
  })

  afterAll(async () => {
    await browser?.close()
    await serve?.stop()
  })

  it('asks in the page, and shows toasts while the browser may not show notifications', async () => {
    const prompt = page.getByTestId('notice-prompt')
    const permission = await page.evaluate(() => Notification.permission)
    if (permission === 'default') {
      await prompt.waitFor({ timeout: 15_000 })
      await page.screenshot({ path: join(SCREENSHOTS, 'notifications-permission-prompt.png') })
      await page.getByTestId('notice-not-now').click()
    }
    // Quiet by default: the wallet's own proofs (every few seconds on the demo) neither pop up nor toast until
    // switched on, as here, with room in the hour's toast budget for them.
    await page.getByTestId('nav-settings').click()
    for (const id of ['rules-source-userProofs', 'rules-toast-ownProofs']) {
      await page.getByTestId(id).check()
      await expect.poll(() => page.getByTestId(id).isChecked(), { timeout: 10_000 }).toBe(true)
    }
    await page.getByTestId('rules-toasts-per-hour').fill('60')
    await page.getByTestId('rules-toasts-per-hour').press('Tab')
    await page.getByTestId('notice-toast').first().waitFor({ timeout: 45_000 })
    expect(await page.evaluate(() => window.shownNotices.length)).toBe(0)
    await page.screenshot({ path: join(SCREENSHOTS, 'notifications-toast.png') })
  })
})
