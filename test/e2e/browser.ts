import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { CHROMIUM, launchHeadlessChromium } from '../support/chromium'

export const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots')

/** Why the end-to-end tests cannot run here, or null when they can. In CI a missing browser is a failure. */
export function browserMissing(): string | null {
  if (existsSync(CHROMIUM)) return null
  const reason = `Chromium not found at ${CHROMIUM} (apt-get install chromium)`
  if (process.env.CI) throw new Error(`${reason}: the end-to-end tests must run in CI`)
  console.warn(`Skipping end-to-end tests: ${reason}`)
  return reason
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  return launchHeadlessChromium()
}

/**
 * Waits for the element with `testId` to be visible; on timeout the error
 * says where the page was and what it showed instead (a loading note, an
 * error panel), and a screenshot is saved, so a failure in CI can be read.
 */
export async function waitForTestId(page: Page, testId: string, timeout: number): Promise<void> {
  try {
    await page.getByTestId(testId).waitFor({ timeout })
  } catch (error) {
    const shown = await page
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no main element)')
    const screenshot = join(SCREENSHOTS, `timeout-${testId}-${Date.now()}.png`)
    await page.screenshot({ path: screenshot }).catch(() => undefined)
    throw new Error(
      `${testId} not shown within ${timeout} ms at ${page.url()}; the page showed: ${shown.replace(/\s+/g, ' ').slice(0, 600)} (screenshot ${screenshot})`,
      { cause: error },
    )
  }
}
