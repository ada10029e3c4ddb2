import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser } from 'playwright-core'
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
