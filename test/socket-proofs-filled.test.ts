/**
 * A proof seen only on the live socket arrives as a summary; the core fills
 * it in over HTTP within seconds, so the cache (and every view and export
 * reading it offline) holds the full record.
 */
import { describe, expect, it } from 'vitest'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'
import { waitFor } from './support/wait-for'
import { detailReads, startHttpFront } from './support/http-front'
import { heard, startedPerTest } from './support/monitor-on-indexer'

const started = startedPerTest()

describe('proofs first seen on the socket', () => {
  it('are filled in over HTTP within seconds: signature, circuit name, state and public inputs in the cache', async () => {
    const demo = await started.demo({ seed: 21 })
    const settings = watchingSettings(demo.httpUrl)
    const monitor = started.monitor({ settings: memorySettingsStorage(settings) })
    const { connection } = heard(monitor)
    await monitor.start()
    await waitFor(() => connection()?.socket.state === 'live' && connection()!.channels.every((c) => c.state === 'subscribed'))

    const published = demo.network.publishProof().proof
    await waitFor(async () => {
      const cached = await monitor.getProof(published.proofAccount, { source: 'cache' }).catch(() => null)
      return cached !== null && cached.signature !== null
    }, 10_000)
    const cached = await monitor.getProof(published.proofAccount, { source: 'cache' })
    expect(cached).toMatchObject({ signature: published.signature, circuitName: published.circuit.name })
    expect(cached.verified).not.toBeNull()
    expect(Object.keys(cached.publicInputs).length).toBeGreaterThan(0)
  })

  it('are the only ones asked for again, and a page of the list fills them: proofs fetched in pages are kept in full as they come', async () => {
    const demo = await started.demo({ seed: 22 })
    const front = started.closeAfterCores(await startHttpFront(demo.httpUrl))
    const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(front.url, { wsUrl: demo.wsUrl })) })
    const { connection } = heard(monitor)
    await monitor.start()
    await waitFor(() => connection()?.socket.state === 'live' && connection()!.channels.every((c) => c.state === 'subscribed'))
    // The feed's first page, read from the cache alone: held in full, with no proof asked for one by one.
    await waitFor(async () => (await monitor.listProofs({ limit: 10 }, { source: 'cache' })).items.length === 10)
    const firstPage = await monitor.listProofs({ limit: 10 }, { source: 'cache' })
    expect(firstPage.items.every((proof) => proof.signature !== null && proof.verified !== null)).toBe(true)
    expect(detailReads(front)).toEqual([])

    // One seen on the socket is filled in too, through one small page of the list rather than on its own.
    const listedBefore = front.requests.length
    const published = demo.network.publishProof().proof
    await waitFor(async () => (await monitor.getProof(published.proofAccount, { source: 'cache' }).catch(() => null))?.signature === published.signature, 10_000)
    expect(detailReads(front)).toEqual([])
    expect(front.requests.slice(listedBefore).map((r) => r.path)).toContain('/api/proofs?limit=6')
  })
})
