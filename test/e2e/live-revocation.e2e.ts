/// <reference lib="dom" />
/**
 * A revocation is never pushed (docs/wire.md): in serve mode, in Chromium,
 * against the demo indexer run in-process in its default (reference-like)
 * mode, with the user's wallet named (`--wallet`) but not signed in, so that
 * not even the author's PROOF_REVOKED notice can arrive on the socket. A proof
 * of the user's that the indexer revokes must still show as revoked, with one
 * notification: found by re-reading the wallet's proofs (about once a minute).
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_WALLET } from '../../src/main/demo/catalog'
import { startDemoIndexer } from '../../src/main/demo/server'
import { browserMissing, SCREENSHOTS } from './browser'
import { startServeWithPage } from './processes'
import { servedSuite } from './served-suite'

const skipReason = browserMissing()

describe.skipIf(skipReason !== null)('a revoked proof of the user\'s, nothing pushed', () => {
  const app = servedSuite({
    // Rate 0: the network publishes (and revokes) nothing of its own.
    indexer: () => startDemoIndexer({ port: 0, rate: 0, seed: 31 }),
    serve: (demo) => startServeWithPage(['--indexer', demo.httpUrl, '--port', '0', '--wallet', DEMO_WALLET], 'proofwatch-live-revocation-e2e-'),
  })
  let proofAccount: string

  beforeAll(async () => {
    expect(app.indexer.pushAddressEvents).toBe(false)
    const head = (await (await fetch(`${app.indexer.httpUrl}/api/proofs?authority=${DEMO_WALLET}&limit=20`)).json()) as {
      items: Array<{ proofAccount: string; revoked: boolean }>
    }
    const standing = head.items.find((proof) => !proof.revoked)
    if (!standing) throw new Error('the demo wallet has no standing proof in its newest 20')
    proofAccount = standing.proofAccount
  })

  it('shows the proof standing first', async () => {
    await app.page.goto(`${app.baseUrl}#/proofs/${proofAccount}`)
    const detail = app.page.getByTestId('proof-detail')
    await detail.waitFor({ timeout: 20_000 })
    await expect.poll(async () => detail.textContent(), { timeout: 15_000 }).toMatch(/Revoked\s*No/)
  })

  it('after the indexer revokes it, raises one notification and shows it revoked', { timeout: 180_000 }, async () => {
    expect(app.indexer.network.revokeProof(proofAccount)?.proof.proofAccount).toBe(proofAccount)
    await app.page.getByTestId('nav-notifications').click()
    const revoked = app.page.getByTestId('notification-item').filter({ hasText: 'Proof revoked' })
    // The re-read runs about once a minute.
    await expect.poll(() => revoked.count(), { timeout: 150_000, interval: 1000 }).toBeGreaterThan(0)
    expect(await revoked.count()).toBe(1)
    expect(await revoked.first().textContent()).toContain('Your proof was revoked')
    await app.page.screenshot({ path: join(SCREENSHOTS, 'live-revocation-notification.png') })

    // Lists and detail read the cache the re-read recorded.
    await app.page.goto(`${app.baseUrl}#/proofs/${proofAccount}`)
    const detail = app.page.getByTestId('proof-detail')
    await detail.waitFor({ timeout: 20_000 })
    await expect.poll(async () => detail.textContent(), { timeout: 15_000 }).toMatch(/Revoked\s*Yes/)
    await app.page.screenshot({ path: join(SCREENSHOTS, 'live-revocation-detail.png') })

    // Opening it again is not a second notification.
    await app.page.getByTestId('nav-notifications').click()
    await app.page.getByTestId('notification-item').first().waitFor({ timeout: 15_000 })
    expect(await app.page.getByTestId('notification-item').filter({ hasText: 'Proof revoked' }).count()).toBe(1)
  })
})
