/// <reference lib="dom" />
/**
 * A new user on a demo indexer that needs a sign-in for the user channels:
 * "Sign in with wallet" opens the one-time page, a test wallet registered
 * through the Wallet Standard (signing with WebCrypto Ed25519 in Chromium)
 * approves, and the user's notifications reach the notification centre with
 * nothing pasted.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

/**
 * A wallet as a browser extension would register it (Wallet Standard
 * events), holding a fresh Ed25519 key made with WebCrypto. It approves
 * every request, as a user clicking "Approve" would.
 */
function registerTestWallet(): void {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  const base58 = (bytes: Uint8Array): string => {
    let value = 0n
    for (const byte of bytes) value = value * 256n + BigInt(byte)
    let text = ''
    while (value > 0n) {
      text = ALPHABET[Number(value % 58n)] + text
      value /= 58n
    }
    for (const byte of bytes) {
      if (byte !== 0) break
      text = '1' + text
    }
    return text
  }
  const keys = crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']) as Promise<CryptoKeyPair>
  const accountPromise = keys.then(async (pair) => {
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
    return { address: base58(publicKey), publicKey, chains: ['solana:devnet'], features: ['solana:signMessage'] }
  })
  const icon = 'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="10" fill="#7b5cff"/></svg>')
  const wallet = {
    version: '1.0.0',
    name: 'Test Wallet',
    icon,
    chains: ['solana:devnet'],
    accounts: [] as unknown[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          const account = await accountPromise
          wallet.accounts = [account]
          return { accounts: [account] }
        },
      },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: Array<{ message: Uint8Array }>) => {
          const pair = await keys
          return Promise.all(
            inputs.map(async ({ message }) => ({
              signedMessage: message,
              signature: new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new Uint8Array(message))),
            })),
          )
        },
      },
    },
  }
  const callback = ({ register }: { register: (w: unknown) => unknown }) => register(wallet)
  window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail))
  try {
    window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false }), { detail: callback }))
  } catch {
    // The page registers it when it announces itself (app-ready).
  }
}

describe.skipIf(skipReason !== null)('sign-in with a browser wallet in serve mode', () => {
  const app = servedSuite({
    // No built-in credential: the user channels need a real sign-in, as on the reference deployment.
    // Pushing announcements: the live user channel is shown by one arriving.
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 5, credential: '', pushAddressEvents: true }),
    serve: (demo) => startServeWithPage(['--indexer', demo.httpUrl, '--port', '0'], 'proofwatch-sign-in-e2e-', { viewport: { width: 1280, height: 800 }, initScript: registerTestWallet }),
  })

  it('signs in through the wallet and gets the user notifications live, with nothing pasted', async () => {
    await app.page.goto(app.baseUrl)
    await app.page.getByTestId('nav-settings').click()
    const account = app.page.getByTestId('account-section')
    await account.getByTestId('sign-in-wallet').waitFor({ timeout: 15_000 })
    await account.screenshot({ path: join(SCREENSHOTS, 'sign-in-1-settings-signed-out.png') })

    const [signInPage] = await Promise.all([app.page.context().waitForEvent('page'), account.getByTestId('sign-in-wallet').click()])
    await signInPage.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]+\/\?state=/, { timeout: 15_000 })
    const walletButton = signInPage.getByRole('button', { name: 'Sign in with Test Wallet' })
    await walletButton.waitFor({ timeout: 15_000 })
    await signInPage.screenshot({ path: join(SCREENSHOTS, 'sign-in-2-page-wallet-found.png') })
    await walletButton.click()
    await signInPage.getByText('You can close this tab').waitFor({ timeout: 15_000 })
    expect(await signInPage.locator('#message').textContent()).toContain('wants you to sign in with your Solana account:')
    await signInPage.screenshot({ path: join(SCREENSHOTS, 'sign-in-3-page-signed-in.png') })
    // The page never held the cookie.
    expect(await signInPage.evaluate(() => document.cookie)).toBe('')
    await signInPage.close()

    await account.getByTestId('signed-in').waitFor({ timeout: 15_000 })
    expect(await account.getByTestId('signed-in').textContent()).toContain('Until')
    await account.screenshot({ path: join(SCREENSHOTS, 'sign-in-4-settings-signed-in.png') })

    // The user's notifications now arrive on the live user channel.
    await app.page.getByTestId('nav-notifications').click()
    const items = app.page.getByTestId('notification-item')
    await expect
      .poll(
        async () => {
          app.indexer.network.publishNotification('SYSTEM')
          return items.count()
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBeGreaterThan(0)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'sign-in-5-notifications-live.png') })

    // The indexer ends the session while the stream is live: the app says so once, above every view.
    app.indexer.accounts.endAllSessions()
    app.indexer.dropAllConnections()
    const banner = app.page.getByTestId('signed-out-banner')
    await banner.waitFor({ timeout: 15_000 })
    expect(await banner.textContent()).toContain('Signed out: sign in again.')
    await expect.poll(() => app.page.getByTestId('notification-item').filter({ hasText: 'Signed out: sign in again' }).count(), { timeout: 15_000 }).toBe(1)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'sign-in-6-signed-out-banner.png') })
  })
})
