/**
 * The connection state main pushes, during and after an outage of the
 * indexer, against the demo over real HTTP and WebSocket: HTTP health from
 * every request (no view asks anything here), the last event with each
 * event, channels that follow the socket, reconnects apart from attempts,
 * and "since" from when the state began.
 */
import { describe, expect, it } from 'vitest'
import type { ConnectionState } from '@shared/domain'
import { socketPoolTransport } from '../src/main/core/live/live-transport'
import type { MonitorDeps } from '../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'
import { waitFor } from './support/wait-for'
import { startedPerTest } from './support/monitor-on-indexer'

const FAST: MonitorDeps = {
  live: { backfill: { retryBaseMs: 50, retryCapMs: 200 }, overviewPollMs: 100, transport: socketPoolTransport({ backoffBaseMs: 50, backoffCapMs: 200 }) },
}

const started = startedPerTest()

describe('the connection state during and after an outage', () => {
  it('tells the truth in every field, with no view asking anything', async () => {
    const demo = await started.demo({ seed: 11 })
    const port = demo.port
    const settings = watchingSettings(demo.httpUrl)
    const monitor = started.monitor({ settings: memorySettingsStorage(settings) }, FAST)
    const pushed: ConnectionState[] = []
    monitor.onEvents((batch) => {
      for (const event of batch) if (event.event === 'connection') pushed.push(event.payload)
    })
    const latest = () => pushed.at(-1)
    await monitor.start()

    // Up: the first sync's requests alone make HTTP ok.
    await waitFor(() => latest()?.socket.state === 'live' && latest()?.http.state === 'ok')
    await waitFor(() => latest()!.channels.length > 0 && latest()!.channels.every((c) => c.state === 'subscribed'))

    // Each event moves "last event" along with the count.
    for (let i = 0; i < 3; i++) demo.network.publishProof()
    await waitFor(() => (latest()?.counters?.events ?? 0) >= 3)
    await waitFor(() => latest()?.socket.lastEventAt !== null)
    const firstEventAt = latest()!.socket.lastEventAt!
    demo.network.publishProof()
    await waitFor(() => (latest()?.socket.lastEventAt ?? 0) > firstEventAt || (latest()?.counters?.events ?? 0) >= 4)
    expect(latest()!.socket.lastEventAt).not.toBeNull()

    // Dropped frames move the count with no event flowing, the ones past the few reported per minute included.
    const droppedBefore = latest()!.counters?.malformedFrames ?? 0
    for (let i = 0; i < 8; i++) demo.sendRawToAll('{not json')
    await waitFor(() => (latest()?.counters?.malformedFrames ?? 0) >= droppedBefore + 8)

    // Down: the socket's loss and the failing overview poll are said at once; no bridge read was made.
    await demo.close()
    await waitFor(() => latest()?.http.state === 'unreachable')
    const down = latest()!
    expect(down.socket.state).not.toBe('live')
    expect(down.channels.some((c) => c.state === 'subscribed')).toBe(false)
    expect(down.http.lastError?.code).toBe('UNREACHABLE')

    // Failed attempts are attempts, not reconnects; "since" stays where the outage began.
    await waitFor(() => (latest()?.socket.attempts ?? 0) >= 3)
    expect(latest()!.socket.reconnects).toBe(0)
    const outage = pushed.slice(pushed.findLastIndex((s) => s.socket.state === 'live') + 1)
    expect(new Set(outage.map((s) => s.socket.since)).size).toBe(1)

    // Back: one reconnect, attempts cleared, HTTP ok again, every channel subscribed again.
    await started.demo({ port, seed: 11 })
    await monitor.reconnectNow()
    await waitFor(() => latest()?.socket.state === 'live' && latest()?.http.state === 'ok')
    await waitFor(() => latest()!.channels.every((c) => c.state === 'subscribed'))
    expect(latest()!.socket).toMatchObject({ reconnects: 1, attempts: 0 })
  })
})
