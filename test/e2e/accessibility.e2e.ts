/// <reference lib="dom" />
/**
 * An automated accessibility audit (axe-core, WCAG 2.1 A and AA rules) of
 * every view, in light and in dark, on the built-in demo in serve mode. No
 * serious or critical finding may remain; the counts per view are printed.
 */
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_WALLET } from '../../src/main/demo/catalog'
import { browserMissing, SCREENSHOTS, waitForTestId } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

interface Finding {
  view: string
  scheme: string
  rule: string
  impact: string
  targets: string[]
}

describe.skipIf(skipReason !== null)('accessibility audit of every view', () => {
  const app = servedSuite({ serve: () => startServeWithPage(['--port', '0'], 'proofwatch-e2e-a11y-') })
  /** axe needs a page of an explicit browser context. */
  let page: Page
  const findings: Finding[] = []
  const counts: string[] = []

  beforeAll(async () => {
    const context = await app.served.browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    page.on('pageerror', (error) => console.error('page error:', error.message))
  })

  afterAll(() => {
    console.log(`accessibility audit (axe-core, WCAG 2.1 A/AA), findings per view:\n${counts.join('\n')}`)
  })

  /** The views, each reached as a person would (through the app's own links where a view needs an id). */
  async function views(): Promise<Array<[string, () => Promise<void>]>> {
    const { baseUrl } = app
    const go = (hash: string) => async () => {
      await page.goto(baseUrl)
      await page.getByTestId('nav-dashboard').waitFor({ timeout: 15_000 })
      if (hash !== '') await page.getByTestId(hash).click()
    }
    return [
      ['dashboard', go('')],
      ['proofs', go('nav-proofs')],
      [
        'proof detail',
        async () => {
          await go('nav-proofs')()
          const row = page.getByTestId('proof-row').first()
          await row.waitFor({ timeout: 15_000 })
          await row.locator('a').first().click()
          await page.waitForURL(/\/proofs\/[^/?]+/, { timeout: 10_000 })
        },
      ],
      ['transactions', go('nav-transactions')],
      [
        'transaction detail',
        async () => {
          await go('nav-transactions')()
          const row = page.getByTestId('tx-row').first()
          await row.waitFor({ timeout: 15_000 })
          await row.locator('a').first().click()
          await waitForTestId(page, 'tx-detail', 15_000)
        },
      ],
      ['watchlist', go('nav-watchlist')],
      [
        'address',
        async () => {
          await page.goto(`${baseUrl}#/address/${DEMO_WALLET}`)
          await page.getByTestId('nav-dashboard').waitFor({ timeout: 15_000 })
        },
      ],
      ['circuits', go('nav-circuits')],
      ['notifications', go('nav-notifications')],
      [
        'snooze choices',
        async () => {
          await go('nav-notifications')()
          const snooze = page.getByTestId('notification-snooze-open').first()
          await snooze.waitFor({ timeout: 15_000 })
          await snooze.click()
          await page.getByTestId('snooze-target-source').first().waitFor({ timeout: 5_000 })
        },
      ],
      // The rule preview stands at the top of the notification rules, with its counts once they come.
      ['settings', go('nav-settings')],
    ]
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical finding in ${scheme}`, async () => {
      await page.emulateMedia({ colorScheme: scheme })
      for (const [view, open] of await views()) {
        await open()
        // Let the view's first data arrive, so the audit sees what a person sees.
        await page.waitForLoadState('load')
        await page.waitForTimeout(500)
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
        const byImpact = new Map<string, number>()
        for (const violation of result.violations) {
          const impact = violation.impact ?? 'unknown'
          byImpact.set(impact, (byImpact.get(impact) ?? 0) + violation.nodes.length)
          findings.push({ view, scheme, rule: violation.id, impact, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) })
        }
        counts.push(
          `  ${scheme.padEnd(5)} ${view.padEnd(18)} ${['critical', 'serious', 'moderate', 'minor'].map((impact) => `${impact} ${byImpact.get(impact) ?? 0}`).join(', ')}; ${result.passes.length} rules passed${result.violations.length > 0 ? `; ${result.violations.map((v) => `${v.id} (${v.impact ?? '?'}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')})`).join(', ')}` : ''}`,
        )
        if (scheme === 'dark') await page.screenshot({ path: join(SCREENSHOTS, `a11y-${view.replace(/ /g, '-')}-dark.png`) })
      }
      const blocking = findings.filter((f) => f.scheme === scheme && (f.impact === 'serious' || f.impact === 'critical'))
      expect(blocking, JSON.stringify(blocking, null, 1)).toEqual([])
    }, 240_000)
  }

  it('moves through a list with the keyboard alone: j, Enter, Esc and ? for the shortcuts', async () => {
    await page.goto(app.baseUrl)
    await page.getByTestId('nav-proofs').click()
    await page.getByTestId('proof-row').first().waitFor({ timeout: 15_000 })
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    // j twice: the focus goes down the proof rows' links (compared by link, as live rows may arrive above).
    const focusedHref = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? null)
    await page.keyboard.press('j')
    await expect.poll(focusedHref).toMatch(/^#\/proofs\/[^/?]+$/)
    const firstRow = await focusedHref()
    await page.keyboard.press('j')
    await expect.poll(focusedHref).not.toBe(firstRow)
    const leftFrom = await focusedHref()
    expect(leftFrom).toMatch(/^#\/proofs\/[^/?]+$/)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/proofs\/[^/?]+/, { timeout: 10_000 })
    await page.keyboard.press('Escape')
    await page.waitForURL(/#\/proofs(\?|$)/, { timeout: 10_000 })
    // Back on the list, the keyboard goes on from the row it left (rows may have arrived above it meanwhile).
    await expect.poll(focusedHref).toBe(leftFrom)
    await page.keyboard.press('?')
    await page.getByTestId('shortcuts-help').waitFor({ timeout: 5_000 })
    await page.screenshot({ path: join(SCREENSHOTS, 'shortcuts.png') })
    // Tab stays in the list of shortcuts; Esc closes it and the focus is back on that row.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="shortcuts-help"]') !== null)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('shortcuts-help').count()).toBe(0)
    expect(await focusedHref()).toBe(leftFrom)
    // The audit runs last: after it, the focus was seen off the row.
    await page.keyboard.press('?')
    await page.getByTestId('shortcuts-help').waitFor({ timeout: 5_000 })
    const audit = await new AxeBuilder({ page }).include('[data-testid="shortcuts-help"]').withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('shortcuts-help').count()).toBe(0)
  }, 120_000)
  it('keeps the keyboard focus through Settings changes and the Snooze panel of a notification', async () => {
    const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null)
    await page.goto(`${app.baseUrl.split('#')[0]}#/settings`)
    await page.getByTestId('rules-privacy-full').waitFor({ timeout: 15_000 })
    // A radio changed with an arrow saves at once; the section is disabled meanwhile, and the focus comes back.
    await page.getByTestId('rules-privacy-full').focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.getByTestId('rules-privacy-noAddresses').isChecked(), { timeout: 10_000 }).toBe(true)
    await expect.poll(focusedTestId).toBe('rules-privacy-noAddresses')
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => page.getByTestId('rules-privacy-full').isChecked(), { timeout: 10_000 }).toBe(true)
    await expect.poll(focusedTestId).toBe('rules-privacy-full')

    // Enter on an entry's Snooze… opens its panel (not the entry), the focus goes there; Esc closes it and comes back.
    await page.getByTestId('nav-notifications').focus()
    await page.keyboard.press('Enter')
    const snoozeOpen = page.getByTestId('notification-snooze-open').first()
    await snoozeOpen.waitFor({ timeout: 20_000 })
    await snoozeOpen.focus()
    const url = page.url()
    await page.keyboard.press('Enter')
    await page.getByTestId('notification-snooze').waitFor({ timeout: 5_000 })
    await expect.poll(focusedTestId).toBe('notification-snooze')
    await page.screenshot({ path: join(SCREENSHOTS, 'snooze-panel-focused.png') })
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('notification-snooze').count()).toBe(0)
    await expect.poll(focusedTestId).toBe('notification-snooze-open')
    expect(page.url()).toBe(url)
  }, 120_000)
})
