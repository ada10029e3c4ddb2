/// <reference lib="dom" />
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserMissing, SCREENSHOTS, waitForTestId } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

interface ApiTransaction {
  signature: string
  feePayer?: string
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}

/** The same view in the light and the dark scheme, at the window size of the page. */
async function screenshotBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    // Let transitions of the scheme change settle before the picture.
    await page.waitForTimeout(150)
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${colorScheme}.png`) })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** The address that pays for most of the newest transactions: a busy one, so its timeline has rows. */
function busiestFeePayer(items: ApiTransaction[]): string {
  const counts = new Map<string, number>()
  for (const item of items) if (item.feePayer) counts.set(item.feePayer, (counts.get(item.feePayer) ?? 0) + 1)
  const [address] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!
  return address
}

describe.skipIf(skipReason !== null)('watchlist, notifications, settings and search in Chromium (serve mode, built-in demo)', () => {
  const pageErrors: string[] = []
  const app = servedSuite({
    serve: () =>
      startServeWithPage(['--port', '0'], 'proofwatch-e2e-workspace-', {
        env: {
          PROOFWATCH_INDEXER_URL: '',
        },
        viewport: { width: 1280, height: 800 },
        errors: pageErrors,
      }),
  })
  let indexerUrl: string
  let address: string

  beforeAll(async () => {
    await app.page.goto(app.baseUrl)
    const shownUrl = app.page.getByTestId('indexer-url')
    await shownUrl.waitFor({ timeout: 15_000 })
    indexerUrl = (await shownUrl.textContent())!.trim()
    const { items } = await json<{ items: ApiTransaction[] }>(`${indexerUrl}/api/transactions?limit=100`)
    address = busiestFeePayer(items)
  })

  it('watches an address from the watchlist and shows it live', async () => {
    await app.page.getByTestId('nav-watchlist').click()
    await app.page.getByTestId('watchlist-addresses-empty').waitFor({ timeout: 10_000 })
    await app.page.getByTestId('watch-address-id').fill('not-an-address')
    await app.page.getByTestId('watch-address-submit').click()
    expect(await app.page.getByTestId('watch-address-problem').textContent()).toMatch(/base58/)

    await app.page.getByTestId('watch-address-id').fill(address)
    await app.page.getByTestId('watch-address-label').fill('Busy wallet')
    await app.page.getByTestId('watch-address-submit').click()
    const row = app.page.getByTestId('watched-address-row')
    await row.waitFor({ timeout: 10_000 })
    expect(await row.getByTestId('label-text').textContent()).toBe('Busy wallet')
    // Live where the indexer is seen to push address events; checked every N s where it does not, or not yet (docs/wire.md).
    await expect.poll(() => row.getByTestId('live-state').textContent(), { timeout: 20_000 }).toMatch(/^(Live|Checked every \d+ s)$/)
    const { items: proofs } = await json<{ items: Array<{ circuitId: string | number }> }>(`${indexerUrl}/api/proofs?limit=1`)
    await app.page.getByTestId('follow-circuit-id').fill(String(proofs[0]!.circuitId))
    await app.page.getByTestId('follow-circuit-submit').click()
    await app.page.getByTestId('followed-circuit-row').waitFor({ timeout: 10_000 })
    await screenshotBothSchemes(app.page, 'watchlist')
  })

  it('opens the address timeline with the indexer’s transactions of that address', async () => {
    const { items } = await json<{ items: ApiTransaction[] }>(`${indexerUrl}/api/transactions?pubkey=${address}&limit=5`)
    await app.page.getByTestId('watched-address-link').click()
    const rows = app.page.getByTestId('timeline-row')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    const shown = await app.page.locator('[data-testid="timeline-row"] a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(shown.some((href) => href.endsWith(items[0]!.signature))).toBe(true)
    await expect.poll(async () => (await app.page.getByTestId('freshness').textContent())?.trim(), { timeout: 15_000 }).toMatch(/Live|Updated|Checked every/)
    expect(await app.page.getByTestId('watch-button').getAttribute('aria-pressed')).toBe('true')
    await screenshotBothSchemes(app.page, 'address-timeline')
  })

  it('finds a transaction with Ctrl+K and opens it', async () => {
    const { items } = await json<{ items: ApiTransaction[] }>(`${indexerUrl}/api/transactions?limit=1`)
    const wanted = items[0]!.signature
    await app.page.keyboard.press('Control+k')
    const palette = app.page.getByTestId('search-palette')
    await palette.waitFor({ timeout: 5_000 })
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-input')
    await app.page.keyboard.type(wanted)
    const result = app.page.getByTestId('search-result').first()
    await result.waitFor({ timeout: 15_000 })
    expect(await app.page.getByTestId('search-shape').textContent()).toBe('Looks like a transaction signature.')
    await screenshotBothSchemes(app.page, 'search-palette')
    await app.page.keyboard.press('Enter')
    await waitForTestId(app.page, 'tx-detail', 15_000)
    expect(await app.page.getByTestId('tx-detail').textContent()).toContain(wanted)
    expect(await palette.count()).toBe(0)
  })

  it('keeps the demo user’s notifications, marks them read and links their subject', async () => {
    await app.page.getByTestId('nav-notifications').click()
    const items = app.page.getByTestId('notification-item')
    // The demo wallet proves every few seconds; each proof is a notification on its user channel.
    await expect.poll(() => items.count(), { timeout: 45_000 }).toBeGreaterThan(0)
    await expect.poll(async () => (await app.page.getByTestId('notifications-unread').textContent())?.trim(), { timeout: 10_000 }).toMatch(/^[1-9]\d* unread$/)
    await screenshotBothSchemes(app.page, 'notifications')
    await app.page.getByTestId('notifications-mark-all').click()
    await expect.poll(async () => (await app.page.getByTestId('notifications-unread').textContent())?.trim(), { timeout: 10_000 }).toBe('0 unread')
    expect(await app.page.locator('[data-testid="notification-state"][data-read="false"]').count()).toBe(0)
    const open = app.page.getByTestId('notification-open').first()
    if ((await open.count()) > 0) {
      await open.click()
      await app.page.waitForURL(/#\/(proofs|transactions|address)\//, { timeout: 10_000 })
    }
  })

  it('tests a connection, keeps the credential hidden, and switches the theme', async () => {
    await app.page.getByTestId('nav-settings').click()
    await app.page.getByTestId('profile-editor').waitFor({ timeout: 10_000 })
    await app.page.getByTestId('profile-name').fill('Local demo')
    await app.page.getByTestId('settings-indexer-url').fill('ftp://nope')
    await app.page.getByTestId('profile-test').click()
    expect(await app.page.getByTestId('profile-httpUrl-problem').textContent()).toContain('must start with http:// or https://')

    await app.page.getByTestId('settings-indexer-url').fill(indexerUrl)
    await app.page.getByTestId('profile-credential-kind').selectOption('cookie')
    // Whatever is typed becomes a secret redacted everywhere: a word such as 'demo' would blank the profile's name.
    await app.page.getByTestId('profile-secret').fill('typed-session-7f3a91')
    await app.page.getByTestId('profile-test').click()
    const checks = app.page.getByTestId('connection-check')
    await expect.poll(() => checks.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    expect(await app.page.locator('[data-testid="connection-check"][data-ok="true"]').count()).toBeGreaterThan(0)
    await app.page.getByTestId('profile-save').click()
    const saved = app.page.locator('[data-testid="profile-row"]', { hasText: 'Local demo' })
    await saved.waitFor({ timeout: 10_000 })
    expect(await saved.textContent()).toContain('Credential set')
    expect(await app.page.content()).not.toContain('typed-session-7f3a91')
    await app.page.evaluate(() => window.scrollTo(0, 0))
    await app.page.locator('main').evaluate((main) => main.scrollTo(0, 0))
    await screenshotBothSchemes(app.page, 'settings')
    // The whole page once, in a window tall enough to hold every section.
    await app.page.setViewportSize({ width: 1280, height: 2600 })
    await screenshotBothSchemes(app.page, 'settings-all')
    await app.page.setViewportSize({ width: 1280, height: 800 })

    await app.page.getByTestId('theme-dark').check()
    await expect.poll(() => app.page.evaluate(() => document.documentElement.getAttribute('data-theme')), { timeout: 10_000 }).toBe('dark')
    // System, with the system light (screenshotBothSchemes ends there): the store resolves it to light.
    await app.page.getByTestId('theme-system').check()
    await expect.poll(() => app.page.evaluate(() => document.documentElement.getAttribute('data-theme')), { timeout: 10_000 }).toBe('light')
  })

  it('stays usable at 800×600', async () => {
    await app.page.setViewportSize({ width: 800, height: 600 })
    for (const [nav, name] of [
      ['nav-watchlist', 'watchlist'],
      ['nav-notifications', 'notifications'],
      ['nav-settings', 'settings'],
    ] as const) {
      await app.page.getByTestId(nav).click()
      await app.page.waitForTimeout(300)
      // Nothing wider than the window: the page itself never scrolls sideways.
      expect(await app.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
      await app.page.screenshot({ path: join(SCREENSHOTS, `${name}-800x600.png`) })
    }
    await app.page.setViewportSize({ width: 1280, height: 800 })
    expect(pageErrors).toEqual([])
  })
})
