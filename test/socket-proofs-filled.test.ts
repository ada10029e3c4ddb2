/**
 * A proof seen only on the live socket arrives as a summary; the core fills
 * it in over HTTP within seconds, so the cache (and every view and export
 * reading it offline) holds the full record.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '@shared/domain'
import { createMonitor, type Monitor } from '../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'
import { startDemoIndexer, type DemoIndexer } from '../src/main/demo/server'
import { waitFor } from './support/wait-for'
import { detailReads, startHttpFront, type HttpFront } from './support/http-front'

let demo: DemoIndexer | null = null
let monitor: Monitor | null = null
let front: HttpFront | null = null
afterEach(async () => {
  await monitor?.stop()
  await front?.close()
  await demo?.close()
  monitor = demo = front = null
})

describe('proofs first seen on the socket', () => {
  it('are filled in over HTTP within seconds: signature, circuit name, state and public inputs in the cache', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 21 })
    const settings = watchingSettings(demo.httpUrl)
    monitor = createMonitor({ settings: memorySettingsStorage(settings) })
    let state: ConnectionState | null = null
    monitor.onEvents((batch) => {
      for (const event of batch) if (event.event === 'connection') state = event.payload
    })
    await monitor.start()
    await waitFor(() => (state as ConnectionState | null)?.socket.state === 'live' && (state as ConnectionState | null)!.channels.every((c) => c.state === 'subscribed'))

    const published = demo.network.publishProof().proof
    await waitFor(async () => {
      const cached = await monitor!.getProof(published.proofAccount, { source: 'cache' }).catch(() => null)
      return cached !== null && cached.signature !== null
    }, 10_000)
    const cached = await monitor.getProof(published.proofAccount, { source: 'cache' })
    expect(cached).toMatchObject({ signature: published.signature, circuitName: published.circuit.name })
    expect(cached.verified).not.toBeNull()
    expect(Object.keys(cached.publicInputs).length).toBeGreaterThan(0)
  })

  it('are the only ones asked for again, and a page of the list fills them: proofs fetched in pages are kept in full as they come', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0, seed: 22 })
    front = await startHttpFront(demo.httpUrl)
    monitor = createMonitor({ settings: memorySettingsStorage(watchingSettings(front.url, { wsUrl: demo.wsUrl })) })
    let state: ConnectionState | null = null
    monitor.onEvents((batch) => {
      for (const event of batch) if (event.event === 'connection') state = event.payload
    })
    await monitor.start()
    await waitFor(() => (state as ConnectionState | null)?.socket.state === 'live' && (state as ConnectionState | null)!.channels.every((c) => c.state === 'subscribed'))
    // The feed's first page, read from the cache alone: held in full, with no proof asked for one by one.
    await waitFor(async () => (await monitor!.listProofs({ limit: 10 }, { source: 'cache' })).items.length === 10)
    const firstPage = await monitor.listProofs({ limit: 10 }, { source: 'cache' })
    expect(firstPage.items.every((proof) => proof.signature !== null && proof.verified !== null)).toBe(true)
    expect(detailReads(front)).toEqual([])

    // One seen on the socket is filled in too, through one small page of the list rather than on its own.
    const listedBefore = front.requests.length
    const published = demo.network.publishProof().proof
    await waitFor(async () => (await monitor!.getProof(published.proofAccount, { source: 'cache' }).catch(() => null))?.signature === published.signature, 10_000)
    expect(detailReads(front)).toEqual([])
    expect(front.requests.slice(listedBefore).map((r) => r.path)).toContain('/api/proofs?limit=6')
  })
})
