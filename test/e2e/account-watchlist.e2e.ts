/// <reference lib="dom" />
/**
 * The account's watchlist in serve mode, in Chromium, on the demo in its
 * default (reference-like) mode with the demo wallet's session: nothing is
 * sent until the user opts in; then an address watched in the app reaches
 * the account's `/api/users/me/watched`, and the account's "Watched address
 * activity" notice about it is one entry in the centre.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { shortId } from '@shared/ids'
import { DEMO_WALLET } from '../../src/main/demo/catalog'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

describe.skipIf(skipReason !== null)('the account watchlist in serve mode', () => {
  const app = servedSuite({
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 23 }),
    serve: (demo) =>
      startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-account-watchlist-e2e-', {
        env: {
          // The demo's own session token: a session of the demo wallet.
          PROOFWATCH_CREDENTIAL: `cookie:${demo.cookieName}=${demo.credential}`,
        },
      }),
  })
  let address: string

  beforeAll(async () => {
    address = app.indexer.network.authorities[17] as string
    await app.page.goto(`${app.baseUrl}#/watchlist`)
  })

  it('sends nothing before the user opts in', async () => {
    await app.page.getByTestId('watch-address-id').fill(address)
    await app.page.getByTestId('watch-address-label').fill('Prover')
    await app.page.getByTestId('watch-address-submit').click()
    await app.page.getByTestId('watched-address-row').first().waitFor({ timeout: 15_000 })
    expect(app.indexer.watched.list(DEMO_WALLET)).toEqual([])
    expect(await app.page.getByTestId('watch-local-only').count()).toBe(0)
  })

  it('once opted in, the address is in the account, and the outcome is said', async () => {
    await app.page.getByTestId('nav-settings').click()
    await app.page.getByTestId('sync-watchlist-with-account').check()
    await expect.poll(() => app.indexer.watched.list(DEMO_WALLET).map((entry) => entry.pubkey), { timeout: 15_000 }).toEqual([address])
    expect(app.indexer.watched.list(DEMO_WALLET)[0]?.label).toBe('Prover')
    await expect.poll(async () => app.page.getByTestId('account-sync-outcome').textContent(), { timeout: 15_000 }).toContain('1 address added to your account')
    await app.page.getByTestId('account-watchlist').screenshot({ path: join(SCREENSHOTS, 'account-watchlist-settings.png') })
    await app.page.getByTestId('nav-watchlist').click()
    await app.page.getByTestId('watch-local-only').first().waitFor({ timeout: 15_000 })
  })

  it('shows the account notice about a proof of that address once', async () => {
    await app.page.getByTestId('nav-notifications').click()
    const about = app.page.getByTestId('notification-item').filter({ hasText: 'verified a proof' })
    // The user channel comes up with the socket: publish until a notice arrives.
    await expect
      .poll(
        async () => {
          if ((await about.count()) === 0) app.indexer.network.publishProof({ authority: address })
          return about.count()
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThan(0)
    // The list copy names the address, so the entry becomes the address's (its label beside its short key): the socket copy is not left beside it.
    const named = new RegExp(`Prover \\(${shortId(address).replace('…', '.')}\\) verified`)
    await expect.poll(async () => app.page.getByTestId('notification-item').filter({ hasText: named }).count(), { timeout: 20_000 }).toBe(1)
    // However many proofs it took to see one, their notices are that one entry ("verified 2 proofs").
    expect(await app.page.getByTestId('notification-item').filter({ hasText: 'verified' }).count()).toBe(1)
    expect(app.indexer.network.inbox.list(100, undefined, DEMO_WALLET).items.some((item) => item.record.title === 'Watched address activity')).toBe(true)
  })
})
