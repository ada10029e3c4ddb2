/** The socket pool against the demo indexer over loopback: it comes back after every way a connection can end. */
import { describe, expect, it } from 'vitest'
import { startDemoIndexer } from '../../src/main/demo/server'
import { startTcpProxy } from '../support/tcp-proxy'
import { waitFor } from '../support/wait-for'
import { allSubscribed, demo, onCleanup, watchPool } from '../support/live-harness'

describe('reconnecting', () => {
  it('comes back when the indexer is killed and started again on the same port, resubscribing every channel', async () => {
    const first = await startDemoIndexer({ rate: 0 })
    const port = first.port
    const w = watchPool({ url: first.wsUrl })
    w.pool.start()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
    expect(w.live.sort()).toEqual(['proofs', 'stats'])

    await first.close()
    await waitFor(() => w.status().state === 'backing-off')
    expect(w.status().nextRetryAt).toBeGreaterThan(0)
    expect(w.status().reason).toMatch(/closed \(1006\)|ECONNREFUSED/)
    // Several refused attempts while nothing listens: the loop keeps going, and none of them is a reconnect.
    await waitFor(() => (w.status().attempts ?? 0) >= 3)
    expect(w.status().reconnects).toBe(0)
    // One stretch of trying: "since" stays where the socket went down.
    const down = w.statuses.slice(w.statuses.findLastIndex((s) => s.state === 'live') + 1)
    expect(new Set(down.map((s) => s.since)).size).toBe(1)
    expect(w.statuses.some((s) => s.state === 'stopped')).toBe(false)

    const second = await startDemoIndexer({ port, rate: 0 })
    onCleanup(() => second.close())
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool) && w.live.length === 4)
    expect(w.status()).toMatchObject({ reconnects: 1, attempts: 0 })
    expect(second.subscriptionCounts()).toEqual([2])
    expect(w.live.slice(2).sort()).toEqual(['proofs', 'stats'])
  })

  it('reconnects after a clean close with code 1000, as after the reference idle timeout', async () => {
    const indexer = await demo()
    const w = watchPool({ url: indexer.wsUrl })
    w.pool.start()
    await waitFor(() => allSubscribed(w.pool) && w.status().state === 'live')
    expect(indexer.closeAllConnections(1000, 'idle timeout')).toBe(1)
    await waitFor(() => w.statuses.some((s) => s.reason === 'closed (1000): idle timeout'))
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool) && w.live.length === 4)
    expect(w.status().reconnects).toBe(1)
    expect(indexer.subscriptionCounts()).toEqual([2])
  })

  it('resubscribes after a cut connection and delivers events again', async () => {
    const indexer = await demo()
    const w = watchPool({ url: indexer.wsUrl })
    w.pool.start()
    await waitFor(() => allSubscribed(w.pool))
    indexer.dropAllConnections()
    await waitFor(() => w.live.length === 4 && allSubscribed(w.pool))
    indexer.network.publishProof()
    await waitFor(() => w.events.some(([channel]) => channel === 'proofs'))
  })

  it('detects a half-open connection (nothing arrives any more) and reconnects', async () => {
    const indexer = await demo()
    const proxy = await startTcpProxy(indexer.port)
    onCleanup(() => proxy.close())
    const w = watchPool({ url: `ws://127.0.0.1:${proxy.port}/ws`, pingIntervalMs: 40, pongTimeoutMs: 120, connectTimeoutMs: 300 })
    w.pool.start()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
    await waitFor(() => w.status().latencyMs !== null)

    proxy.stall()
    await waitFor(() => w.problems.some((p) => p.code === 'TIMEOUT' && /dead connection/.test(p.message)))
    await waitFor(() => w.status().state === 'backing-off' || w.status().state === 'connecting')
    expect(w.channels().every((c) => c.state === 'pending')).toBe(true)

    // The proxy keeps the new connections stalled too: the upgrade times out, and the loop keeps trying.
    await waitFor(() => proxy.accepted() >= 3)
    proxy.unstall()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
    // Came back once; the stalled upgrades before that were attempts.
    expect(w.status().reconnects).toBe(1)
    expect(Math.max(...w.statuses.map((s) => s.attempts ?? 0))).toBeGreaterThanOrEqual(2)
  })

  it.each([401, 403, 503])('keeps backing off, never stopping, while upgrades are refused with HTTP %i', async (status) => {
    const indexer = await demo()
    indexer.refuseUpgrades({ status })
    const w = watchPool({ url: indexer.wsUrl })
    w.pool.start()
    await waitFor(() => (w.status().attempts ?? 0) >= 3)
    expect(w.status().reconnects).toBe(0)
    expect(w.status().state).not.toBe('stopped')
    expect(w.statuses.filter((s) => s.state === 'backing-off').length).toBeGreaterThanOrEqual(3)
    const refused = w.statuses.find((s) => s.state === 'backing-off')!
    expect(refused.reason).toContain(`HTTP ${status}`)
    if (status !== 503) expect(refused.reason).toContain('sign-in needed or expired')
    // Reported once for the run of refusals, not at every attempt.
    expect(w.problems.filter((p) => p.code === 'HTTP' && p.status === status)).toHaveLength(1)
    indexer.refuseUpgrades(null)
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
  })

  it('waits at least what Retry-After asks before trying again', async () => {
    const indexer = await demo()
    indexer.refuseUpgrades({ status: 503, retryAfter: 1 })
    const w = watchPool({ url: indexer.wsUrl })
    w.pool.start()
    await waitFor(() => w.status().state === 'backing-off')
    const status = w.pool.sockets()[0]!.status
    expect(status.nextRetryAt! - status.since).toBeGreaterThanOrEqual(1000)
  })
})

describe('network and sleep hooks', () => {
  it('goes offline without retrying, and connects at once when the network is back', async () => {
    const indexer = await demo()
    // A backoff far longer than the test: only the hook can bring it back in time.
    const w = watchPool({ url: indexer.wsUrl, backoffBaseMs: 60_000, backoffCapMs: 60_000 })
    w.pool.start()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))

    w.pool.setOnline(false)
    expect(w.status()).toMatchObject({ state: 'offline', reason: 'network offline', nextRetryAt: null })
    await waitFor(() => indexer.connectionCount() === 0)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(w.status().state).toBe('offline')
    expect(indexer.connectionCount()).toBe(0)

    w.pool.setOnline(true)
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
    expect(indexer.connectionCount()).toBe(1)
  })

  it('while backing off, a network-back notice connects at once instead of waiting', async () => {
    const first = await startDemoIndexer({ rate: 0 })
    const port = first.port
    const w = watchPool({ url: first.wsUrl, backoffBaseMs: 60_000, backoffCapMs: 60_000, random: () => 0.99 })
    w.pool.start()
    await waitFor(() => w.status().state === 'live')
    await first.close()
    await waitFor(() => w.status().state === 'backing-off')
    expect(w.status().nextRetryAt! - Date.now()).toBeGreaterThan(30_000)
    const second = await startDemoIndexer({ port, rate: 0 })
    onCleanup(() => second.close())
    w.pool.setOnline(true)
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
  })

  it('probes slowly while offline and goes live when the probe gets through', async () => {
    const indexer = await demo()
    const w = watchPool({ url: indexer.wsUrl, offlineProbeMs: 80 })
    w.pool.setOnline(false)
    w.pool.start()
    expect(w.status().state).toBe('offline')
    expect(w.status().nextRetryAt).not.toBeNull()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
  })

  it('closes on suspend, stays closed while asleep, and reconnects at once on resume', async () => {
    const indexer = await demo()
    const w = watchPool({ url: indexer.wsUrl, backoffBaseMs: 60_000, backoffCapMs: 60_000 })
    w.pool.start()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
    w.pool.suspend()
    expect(w.status()).toMatchObject({ state: 'offline', reason: 'system asleep' })
    await waitFor(() => indexer.connectionCount() === 0)
    w.pool.reconnectNow('asked while asleep')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(indexer.connectionCount()).toBe(0)
    w.pool.resume()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool) && w.live.length === 4)
  })

  it('reconnectNow skips a long backoff wait', async () => {
    const indexer = await demo()
    indexer.refuseUpgrades({ status: 503 })
    const w = watchPool({ url: indexer.wsUrl, backoffBaseMs: 60_000, backoffCapMs: 60_000, random: () => 0.99 })
    w.pool.start()
    await waitFor(() => w.status().state === 'backing-off')
    indexer.refuseUpgrades(null)
    w.pool.reconnectNow('user asked')
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
  })
})
