/// <reference lib="dom" />
/**
 * Issue 23 in Chromium, serve mode at 800×600: the nav badge with three
 * digits never covers "Notifications" (defect 9), and "Mark all read" in one
 * page reads the rows in another (defect 3). The indexer runs in this
 * process, to publish on cue. Screenshots go to test-results/screenshots and,
 * when FIRST_HOUR_SHOTS is set, there too.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_WALLET } from '../../src/main/demo/catalog'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()
const SHOTS = process.env.FIRST_HOUR_SHOTS ?? SCREENSHOTS

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, name) })
}

describe.skipIf(skipReason !== null)('a new user’s first hour, in Chromium at 800×600', () => {
  const app = servedSuite({
    // Pushing mode: this test is about the badge's layout, and the reference pushes no announcements (they are only listed).
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 23, pushAddressEvents: true }),
    serve: (demo) =>
      startServeWithPage(['--indexer', demo.httpUrl, '--port', '0', '--wallet', DEMO_WALLET], 'proofwatch-e2e-first-hour-', {
        env: { PROOFWATCH_CREDENTIAL: `cookie:${demo.cookieName}=${demo.credential}` },
        viewport: { width: 800, height: 600 },
      }),
  })
  /** The served page, and a second page of the same serve. */
  let first: Page
  let second: Page

  beforeAll(async () => {
    first = app.page
    second = await (await app.served.browser.newContext({ viewport: { width: 800, height: 600 } })).newPage()
    await first.goto(app.baseUrl)
    await second.goto(app.baseUrl)
  }, 60_000)

  it('keeps a three-digit badge beside "Notifications", never over it', async () => {
    await first.getByTestId('nav-notifications').waitFor()
    // The user channels may come up after the first publish: publish until the count passes 100.
    await expect
      .poll(
        async () => {
          for (let index = 0; index < 40; index++) app.indexer.network.publishNotification('SYSTEM')
          const badge = first.getByTestId('nav-notifications-unread')
          return (await badge.count()) === 0 ? 0 : Number(((await badge.textContent()) ?? '0').replace(/\D/g, ''))
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(100)
    const overlap = await first.evaluate(() => {
      const link = document.querySelector('[data-testid="nav-notifications"]')!
      const label = [...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.includes('Notifications'))!
      const range = document.createRange()
      range.selectNodeContents(label)
      const text = range.getBoundingClientRect()
      const badge = link.querySelector('[data-testid="nav-notifications-unread"]')!.getBoundingClientRect()
      const apart = text.right <= badge.left || badge.right <= text.left || text.bottom <= badge.top || badge.bottom <= text.top
      return { apart, text: [text.left, text.top, text.right, text.bottom], badge: [badge.left, badge.top, badge.right, badge.bottom] }
    })
    expect(overlap.apart, JSON.stringify(overlap)).toBe(true)
    await shot(first, 'nav-badge-800x600.png')
  })

  it('reads the rows in another page when "Mark all read" is pressed in one', async () => {
    await first.getByTestId('nav-notifications').click()
    await second.getByTestId('nav-notifications').click()
    const unreadRows = (page: Page) => page.locator('[data-testid="notification-state"][data-read="false"]').count()
    await expect.poll(() => unreadRows(second), { timeout: 20_000 }).toBeGreaterThan(0)
    await shot(second, 'centre-before-mark-all-800x600.png')
    await first.getByTestId('notifications-mark-all').click()
    await expect.poll(() => unreadRows(first), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => unreadRows(second), { timeout: 10_000 }).toBe(0)
    expect(await second.getByTestId('nav-notifications-unread').count()).toBe(0)
    await shot(second, 'centre-after-mark-all-in-other-page-800x600.png')
  })

  it('warns of a weak credential in the profile editor, with the reason, as typed', async () => {
    await first.getByTestId('nav-settings').click()
    await first.getByTestId('profile-credential-kind').first().selectOption('cookie')
    await first.getByTestId('profile-secret').first().fill('demo')
    const warning = first.getByTestId('profile-secret-warning')
    await expect.poll(async () => (await warning.textContent()) ?? '', { timeout: 5_000 }).toMatch(/will be used, but it is shorter than 8 characters/)
    await warning.scrollIntoViewIfNeeded()
    await shot(first, 'profile-weak-credential-800x600.png')
  })
})
