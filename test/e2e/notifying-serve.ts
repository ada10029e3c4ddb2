/**
 * Serve mode signed in to a demo indexer that pushes address events (run in
 * the test's process, to publish on cue), watching some addresses, and a
 * Chromium page on its notification centre that may show notifications.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { DEMO_WALLET } from '../../src/main/demo/catalog'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { launchBrowser } from './browser'
import { openNotifyingPage } from './observed-notifications'
import { startBuilt, type Started, SERVE_LINE } from './processes'

export interface NotifyingServe {
  demo: DemoIndexer
  serve: Started
  browser: Browser
  page: Page
  stop(): Promise<void>
}

/** `name` names the data folder; page errors go to `errors`. */
export async function startNotifyingServe(options: { name: string; seed: number; watch: string[]; errors: string[] }): Promise<NotifyingServe> {
  const demo = await startDemoIndexer({ port: 0, rate: 0, seed: options.seed, pushAddressEvents: true })
  const serve = await startBuilt('serve.js', ['--indexer', demo.httpUrl, '--port', '0', '--wallet', DEMO_WALLET, ...options.watch.flatMap((pubkey) => ['--watch', pubkey])], SERVE_LINE, {
    PROOFWATCH_DATA_DIR: mkdtempSync(join(tmpdir(), `proofwatch-e2e-${options.name}-`)),
    PROOFWATCH_CREDENTIAL: `cookie:${demo.cookieName}=${demo.credential}`,
  })
  const browser = await launchBrowser()
  const { page } = await openNotifyingPage(browser, serve.match[1]!, options.errors)
  return {
    demo,
    serve,
    browser,
    page,
    async stop() {
      await browser.close()
      await serve.stop()
      await demo.close()
    },
  }
}
