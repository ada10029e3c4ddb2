/**
 * Revocations are never pushed (docs/wire.md): against an indexer over real
 * HTTP, a socket and the SQLite cache, a watched authority's proof that the
 * indexer starts listing as revoked becomes revoked in the cache, and makes
 * exactly one notification-centre entry, however many rounds read it again.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Notice } from '@shared/notice'
import type { MonitorDeps } from '../../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import { watchingSettings } from '../support/watching-settings'
import { waitFor } from '../support/wait-for'
import { fastSocket, heard, startedPerTest } from '../support/monitor-on-indexer'

const SAMPLE = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/wire-samples/http-proofs-list-default.json'), 'utf8')) as {
  body: { items: Array<Record<string, unknown>> }
}
const PROOF = SAMPLE.body.items[0] as Record<string, unknown> & { proofAccount: string; authority: string }
const AUTHORITY = PROOF.authority

const FAST: MonitorDeps = {
  live: { transport: fastSocket(), backfill: { retryBaseMs: 50, retryCapMs: 200 } },
  rereads: { revocationsMs: 100 },
}

const started = startedPerTest()

describe('a revocation nobody pushes', () => {
  it('is found by reading the watched authority again: revoked in the cache, one entry and one notice', async () => {
    const indexer = await started.hostile()
    let revoked = false
    let authorityReads = 0
    indexer.answer(/^\/api\/proofs$/, (request, response) => {
      const query = new URL(request.url ?? '/', 'http://localhost').searchParams
      const mine = query.get('authority') === AUTHORITY
      if (mine) authorityReads++
      const items = mine ? [{ ...PROOF, revoked }] : []
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ok: true, items, nextCursor: null, total: String(items.length) }))
    })
    const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(indexer.httpUrl, { wsUrl: indexer.wsUrl })) }, FAST)
    const { events } = heard(monitor)
    await monitor.start()
    await monitor.watchAddress({ pubkey: AUTHORITY })

    // Standing at first: read and kept as such.
    await waitFor(() => authorityReads >= 2)
    await waitFor(async () => (await monitor.getProof(PROOF.proofAccount, { source: 'cache' }).catch(() => null))?.revoked === false)

    revoked = true
    const readsAtRevocation = authorityReads
    await waitFor(async () => (await monitor.getProof(PROOF.proofAccount, { source: 'cache' })).revoked === true)
    // Several more rounds see it revoked again: still one entry.
    await waitFor(() => authorityReads >= readsAtRevocation + 4)
    const entries = (await monitor.listNotifications({ limit: 100 })).items.filter((entry) => entry.subject?.id === PROOF.proofAccount)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ kind: 'PROOF_REVOKED', title: 'Proof revoked' })
    const notices = () => events.filter((e) => e.event === 'notice').flatMap((e) => e.payload as Notice[]).filter((notice) => notice.title === 'Proof revoked')
    await waitFor(() => notices().length > 0)
    const readsAtNotice = authorityReads
    await waitFor(() => authorityReads >= readsAtNotice + 3)
    expect(notices()).toHaveLength(1)
  })
})
