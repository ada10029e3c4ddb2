/// <reference lib="dom" />
/** What the page shows through the browser's Notification API, seen by a test. */
import type { Browser, BrowserContext, Page } from 'playwright-core'

declare global {
  interface Window {
    /** What the page handed to the Notification constructor. */
    shownNotices: Array<{ title: string; body: string | undefined }>
  }
}

/** Wraps the page's Notification constructor so the test sees every browser notification the page shows. */
export async function observeNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.shownNotices = []
    const Real = window.Notification
    const Observed = function (this: unknown, title: string, options?: NotificationOptions) {
      window.shownNotices.push({ title, body: options?.body })
      try {
        return new Real(title, options)
      } catch {
        // Headless Chromium may refuse to show one; the page asked, which is what is observed.
        return { close() {}, onclick: null } as unknown as Notification
      }
    } as unknown as typeof Notification
    Object.defineProperty(Observed, 'permission', { get: () => Real.permission })
    Observed.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => Real.requestPermission(...args)
    window.Notification = Observed
  })
}

/** Every browser notification the page has shown so far, oldest first. */
export function shownNotifications(page: Page): Promise<Array<{ title: string; body: string | undefined }>> {
  return page.evaluate(() => window.shownNotices)
}

/**
 * A page of serve mode at `serveUrl` that may show browser notifications,
 * each observed, opened on the notification centre; page errors go to `errors`.
 */
export async function openNotifyingPage(browser: Browser, serveUrl: string, errors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const url = new URL(serveUrl)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.grantPermissions(['notifications'], { origin: url.origin })
  await observeNotifications(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(url.href)
  await page.getByTestId('nav-notifications').click()
  await page.getByTestId('notifications-popups').waitFor({ timeout: 15_000 })
  return { context, page }
}
