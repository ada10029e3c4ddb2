/**
 * Circuits disabled are never pushed (docs/wire.md): against an indexer over
 * real HTTP, a socket and the SQLite cache, a circuit that a watched
 * authority's proofs use and that the indexer's GET /api/circuits starts
 * listing as `enabled: false` makes exactly one notification-centre entry,
 * however many rounds read the list again; a circuit nobody followed uses,
 * disabled as well, adds nothing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MonitorDeps } from '../../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import { watchingSettings } from '../support/watching-settings'
import { waitFor } from '../support/wait-for'
import { fastSocket, startedPerTest } from '../support/monitor-on-indexer'

const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/wire-samples', name), 'utf8')) as { body: Record<string, unknown> }
const PROOFS = fixture('http-proofs-list-default.json').body as { items: Array<Record<string, unknown>> }
const PROOF = PROOFS.items[0] as Record<string, unknown> & { proofAccount: string; authority: string; circuitId: number }
const CIRCUITS = (fixture('http-circuits-list.json').body as { circuits: Array<Record<string, unknown> & { id: number }> }).circuits

const FAST: MonitorDeps = {
  live: { transport: fastSocket(), backfill: { retryBaseMs: 50, retryCapMs: 200 } },
  // The watched authority's proofs are read by the revocation re-read: its circuit is then known to be followed.
  rereads: { circuitsMs: 50, revocationsMs: 50 },
}

const started = startedPerTest()

describe('a circuit disabled that nobody pushes', () => {
  it('is one entry when a watched authority’s proofs use it, and nothing when none do', async () => {
    const indexer = await started.hostile()
    const disabled = new Set<number>()
    let circuitReads = 0
    indexer.answer(/^\/api\/circuits\/?$/, (_request, response) => {
      circuitReads++
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ok: true, circuits: CIRCUITS.map((circuit) => ({ ...circuit, enabled: !disabled.has(circuit.id) })) }))
    })
    indexer.answer(/^\/api\/proofs$/, (request, response) => {
      const mine = new URL(request.url ?? '/', 'http://localhost').searchParams.get('authority') === PROOF.authority
      const items = mine ? [PROOF] : []
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ok: true, items, nextCursor: null, total: String(items.length) }))
    })
    const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(indexer.httpUrl, { wsUrl: indexer.wsUrl })) }, FAST)
    await monitor.start()
    await monitor.watchAddress({ pubkey: PROOF.authority })
    // The authority's proof is in the cache: its circuit is one the user follows.
    await waitFor(async () => (await monitor.getProof(PROOF.proofAccount, { source: 'cache' }).catch(() => null)) !== null)
    await waitFor(() => circuitReads >= 2)

    const other = CIRCUITS.find((circuit) => circuit.id !== PROOF.circuitId)!.id
    disabled.add(other)
    const readsAtOther = circuitReads
    await waitFor(() => circuitReads >= readsAtOther + 3)
    // Every entry about circuits, from either reader of /api/circuits: one disable must be told once.
    const changed = async () =>
      (await monitor.listNotifications({ limit: 100 })).items.filter((entry) => entry.kind === 'CIRCUITS_CHANGED' || entry.id.startsWith('HEALTH:circuits:'))
    expect(await changed()).toHaveLength(0)

    disabled.add(PROOF.circuitId)
    await waitFor(async () => (await changed()).length > 0)
    const readsAtEntry = circuitReads
    await waitFor(() => circuitReads >= readsAtEntry + 3)
    const entries = await changed()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ title: expect.stringMatching(/disabled/), subject: { kind: 'circuit', id: String(PROOF.circuitId) } })
    expect(entries[0]!.body).toContain(String(PROOF.circuitName))
  })
})
