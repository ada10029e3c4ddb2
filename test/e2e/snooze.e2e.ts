/**
 * Snooze and privacy in serve mode, in Chromium, on the demo indexer: a
 * watched address snoozed from its page stays quiet (no browser notification,
 * no toast) while its transaction still reaches the centre, and speaks again
 * once "End snooze" is pressed; the Snooze menu of a centre entry; and the
 * "Something happened" privacy, which keeps the pop-up's words to that while
 * the centre keeps the whole entry. The demo indexer runs in this process, to
 * publish on cue.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import type { DemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { shownNotifications } from './observed-notifications'
import { startNotifyingServe, type NotifyingServe } from './notifying-serve'

const skipReason = browserMissing()
const BUSY = DEMO_BUSY_ADDRESSES[0]!
/** A second watched address, for the "No addresses" privacy. */
const OTHER = DEMO_BUSY_ADDRESSES[1]!

describe.skipIf(skipReason !== null)('snooze and privacy in Chromium (serve mode, demo indexer)', () => {
  let demo: DemoIndexer
  let page: Page
  const pageErrors: string[] = []

  const shown = () => shownNotifications(page)
  const toasts = () => page.getByTestId('notice-toast').count()
  const openAddressPage = async (pubkey: string) => {
    await page.getByTestId('nav-watchlist').click()
    await page.locator(`[data-testid="watched-address-link"][href*="${pubkey}"]`).click()
  }

  let started: NotifyingServe | undefined

  beforeAll(async () => {
    started = await startNotifyingServe({ name: 'snooze', seed: 26, watch: [BUSY, OTHER], errors: pageErrors })
    ;({ demo, page } = started)
  })

  afterAll(async () => {
    await started?.stop()
  })

  it('pops up a notification in full before anything is snoozed or hidden', async () => {
    await expect.poll(() => page.getByTestId('notifications-popups').textContent(), { timeout: 15_000 }).toContain('browser notifications')
    const first = demo.network.publishNotification('SYSTEM')
    await expect.poll(async () => (await shown()).map((n) => n.title), { timeout: 20_000 }).toContain(first.title)
  })

  it('keeps a snoozed address quiet while its transaction reaches the centre, and speaks again after End snooze', async () => {
    await openAddressPage(BUSY)
    await page.getByTestId('address-snooze-open').click()
    await page.getByTestId('snooze-address-8h').waitFor()
    await page.screenshot({ path: join(SCREENSHOTS, 'snooze-address-choices.png') })
    await page.getByTestId('snooze-address-8h').click()
    const state = page.getByTestId('snooze-state-text')
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toMatch(/^Snoozed until (tomorrow )?\d\d:\d\d$/)
    await page.screenshot({ path: join(SCREENSHOTS, 'snooze-address-page.png') })

    const before = (await shown()).length
    const quiet = demo.network.publishTransaction({ feePayer: BUSY, failed: false })
    await expect.poll(() => page.getByTestId('timeline-live-count').count(), { timeout: 20_000 }).toBe(1)
    await page.getByTestId('nav-notifications').click()
    await expect.poll(async () => (await page.getByTestId('notification-title').allTextContents()).some((t) => /New transaction on /.test(t)), { timeout: 20_000 }).toBe(true)
    // Well past the burst window: nothing popped up for it, natively or as a toast.
    await page.waitForTimeout(2_500)
    expect((await shown()).length).toBe(before)
    expect(await toasts()).toBe(0)
    expect(quiet.signature).toBeTruthy()

    await openAddressPage(BUSY)
    await page.getByTestId('snooze-end').click()
    await expect.poll(() => page.getByTestId('snooze-state').count(), { timeout: 10_000 }).toBe(0)
    // A failure is a burst's second candidate: the address speaks again.
    demo.network.publishTransaction({ feePayer: BUSY, failed: true })
    await expect.poll(async () => (await shown()).slice(before).map((n) => n.title).join(' | '), { timeout: 20_000 }).toMatch(/failed/i)
  })

  it('offers an entry\'s address, rule and kind in its Snooze menu', async () => {
    await page.getByTestId('nav-notifications').click()
    const row = page.getByTestId('notification-item').filter({ hasText: /Transaction failed on |failed transactions on / }).first()
    await row.getByTestId('notification-snooze-open').click()
    const panel = page.getByTestId('notification-snooze')
    await expect.poll(() => panel.textContent(), { timeout: 10_000 }).toContain('This address (')
    expect(await panel.textContent()).toContain('All: Watched addresses')
    expect(await panel.textContent()).toContain('All: Revocations and failures')
    await page.screenshot({ path: join(SCREENSHOTS, 'snooze-entry-menu.png') })
    await panel.getByTestId('snooze-source-1h').click()
    await expect.poll(() => row.getByTestId('notification-snooze-open').textContent(), { timeout: 10_000 }).toMatch(/^\s*Snoozed until (tomorrow )?\d\d:\d\d\s*$/)
    // Settings lists it too, and ends it.
    await page.getByTestId('nav-settings').click()
    const list = page.getByTestId('rules-snoozes')
    await expect.poll(() => list.textContent(), { timeout: 10_000 }).toMatch(/Watched addresses: snoozed until (tomorrow )?\d\d:\d\d/)
    await list.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SCREENSHOTS, 'snooze-settings-list.png') })
    await list.getByTestId('snooze-end').first().click()
    await expect.poll(() => page.getByTestId('rules-snoozes-none').count(), { timeout: 10_000 }).toBe(1)
    await page.getByTestId('nav-notifications').click()
    await expect.poll(() => row.getByTestId('notification-snooze-open').textContent(), { timeout: 10_000 }).toContain('Snooze…')
  })

  it('names no address in a pop-up under "No addresses", while the centre keeps its name', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('rules-privacy-noAddresses').check()
    await expect.poll(() => page.getByTestId('rules-privacy-noAddresses').isChecked(), { timeout: 10_000 }).toBe(true)
    const before = (await shown()).length
    const transaction = demo.network.publishTransaction({ feePayer: OTHER, failed: false })
    await expect.poll(async () => (await shown()).length, { timeout: 20_000 }).toBeGreaterThan(before)
    const popped = JSON.stringify((await shown()).slice(before))
    expect(popped).toContain('a watched address')
    await page.getByTestId('nav-notifications').click()
    const entry = page.getByTestId('notification-title').filter({ hasText: /New transaction on / })
    await expect.poll(() => entry.count(), { timeout: 10_000 }).toBeGreaterThan(0)
    // What the centre names the address by (its label, else its short key) is not in the pop-up, nor any key.
    const named = ((await entry.first().textContent()) ?? '').replace(/^New transaction on /, '').trim()
    expect(named).not.toBe('')
    for (const leak of [named, OTHER, OTHER.slice(0, 4), transaction.signature.slice(0, 4)]) expect(popped).not.toContain(leak)
  })

  it('says only "Something happened" in a pop-up under that privacy, while the centre keeps the whole entry', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('rules-privacy-nothing').check()
    await expect.poll(() => page.getByTestId('rules-privacy-nothing').isChecked(), { timeout: 10_000 }).toBe(true)
    await page.getByTestId('rules-privacy').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SCREENSHOTS, 'snooze-privacy-setting.png') })
    const before = (await shown()).length
    const published = demo.network.publishNotification('SYSTEM')
    await expect.poll(async () => (await shown()).length, { timeout: 20_000 }).toBeGreaterThan(before)
    const popped = (await shown()).slice(before)
    expect(popped).toEqual([{ title: 'ProofWatch', body: 'Something happened — open ProofWatch to see it' }])
    expect(JSON.stringify(popped)).not.toContain(published.title)
    await page.getByTestId('nav-notifications').click()
    await expect.poll(async () => await page.getByTestId('notification-title').allTextContents(), { timeout: 10_000 }).toContain(published.title)
    expect(pageErrors).toEqual([])
  })
})
