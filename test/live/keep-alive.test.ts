/**
 * Keep-alive against a server with an idle timeout (the reference closes after
 * 5 minutes without a client message; here 300 ms, with pings that do not count).
 */
import { describe, expect, it } from 'vitest'
import { waitFor } from '../support/wait-for'
import { allSubscribed, demo, watchPool } from '../support/live-harness'

const IDLE_TIMEOUT_MS = 300
/** Well inside the idle timeout, so a busy test machine does not turn a late timer into a close. */
const KEEP_ALIVE_MS = IDLE_TIMEOUT_MS / 5
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('keep-alive', () => {
  it('without a client message inside the idle timeout the server closes the connection (the failure the keep-alive prevents)', async () => {
    const indexer = await demo({ idleTimeoutMs: IDLE_TIMEOUT_MS, pingIntervalMs: 30 })
    const w = watchPool({ url: indexer.wsUrl, keepAliveMs: 60_000 })
    w.pool.start()
    await waitFor(() => w.statuses.some((s) => s.reason === 'closed (1000): idle timeout'))
  })

  it('keeps one connection open over several idle periods with subscribed channels', async () => {
    const indexer = await demo({ idleTimeoutMs: IDLE_TIMEOUT_MS, pingIntervalMs: 30 })
    const w = watchPool({ url: indexer.wsUrl, keepAliveMs: KEEP_ALIVE_MS })
    w.pool.start()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
    await sleep(IDLE_TIMEOUT_MS * 4)
    expect(w.status().reconnects).toBe(0)
    expect(w.statuses.some((s) => s.state !== 'live' && s.state !== 'connecting')).toBe(false)
    expect(indexer.connectionCount()).toBe(1)
    // The keep-alive changed nothing on the server.
    expect(indexer.subscriptionCounts()).toEqual([2])
    expect(allSubscribed(w.pool)).toBe(true)
  })

  it('keeps a connection with no acknowledged channel open too', async () => {
    const indexer = await demo({ idleTimeoutMs: IDLE_TIMEOUT_MS, pingIntervalMs: 30, refuseCircuitChannel: true })
    const w = watchPool({ url: indexer.wsUrl, channels: ['proofs:circuit:1'], keepAliveMs: KEEP_ALIVE_MS })
    w.pool.start()
    await waitFor(() => w.channel('proofs:circuit:1')?.state === 'refused')
    await sleep(IDLE_TIMEOUT_MS * 4)
    expect(w.status().reconnects).toBe(0)
    expect(indexer.connectionCount()).toBe(1)
    // The keep-alive drew no answer that could be taken for a refusal.
    expect(w.problems.filter((p) => p.code === 'SOCKET')).toHaveLength(1)
  })

  it('measures the ping round trip while live', async () => {
    const indexer = await demo()
    const w = watchPool({ url: indexer.wsUrl, pingIntervalMs: 30 })
    w.pool.start()
    await waitFor(() => typeof w.status().latencyMs === 'number')
    expect(w.status().latencyMs).toBeGreaterThanOrEqual(0)
    expect(w.status().latencyMs).toBeLessThan(5000)
    expect(w.pool.sockets()[0]!.status.latencyMs).toBe(w.status().latencyMs)
  })
})
