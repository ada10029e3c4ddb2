import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import type { AddressInfo } from 'node:net'
import type { ChannelStatus, ErrorInfo } from '@shared/domain'
import { LiveFeed, type FeedStatus, type LiveFeedOptions } from './live-feed'
import { waitFor } from '../../../../test/support/wait-for'

/** A scripted indexer socket: records what clients send and lets a test answer. */
async function scriptedServer(onClient: (socket: WebSocket, received: string[]) => void = () => {}) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const received: string[] = []
  let connections = 0
  server.on('connection', (socket) => {
    connections++
    socket.on('message', (data) => received.push(data.toString()))
    onClient(socket, received)
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    received,
    connections: () => connections,
    clients: () => [...server.clients],
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of server.clients) c.terminate()
        server.close(() => resolve())
      }),
  }
}

const feeds: LiveFeed[] = []
const servers: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  feeds.splice(0).forEach((f) => f.stop())
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

function feed(options: Partial<LiveFeedOptions> & { url: string }) {
  const events: Array<[string, unknown]> = []
  const problems: ErrorInfo[] = []
  let status: FeedStatus | null = null
  let channels: ChannelStatus[] = []
  const live = new LiveFeed({
    channels: ['stats', 'proofs'],
    onEvent: (channel, data) => events.push([channel, data]),
    onProblem: (p) => problems.push(p),
    onStatus: (s, c) => {
      status = s
      channels = c
    },
    backoffBaseMs: 20,
    backoffCapMs: 100,
    welcomeTimeoutMs: 200,
    ...options,
  })
  feeds.push(live)
  return { live, events, problems, status: () => status, channels: () => channels }
}

const welcome = (socket: WebSocket) => socket.send(JSON.stringify({ type: 'welcome', authenticated: false }))

describe('LiveFeed', () => {
  it('subscribes only after the welcome, then reports channels as subscribed', async () => {
    const server = await scriptedServer((socket, received) => {
      setTimeout(() => {
        // Nothing may have been sent before the welcome.
        socket.send(JSON.stringify({ type: 'note', before: received.length }))
        welcome(socket)
      }, 50)
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; channel: string }
        if (message.type === 'subscribe') socket.send(JSON.stringify({ type: 'subscribed', channel: message.channel }))
      })
    })
    servers.push(server)
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => f.channels().every((c) => c.state === 'subscribed') && f.channels().length === 2)
    expect(server.received.map((m) => JSON.parse(m))).toEqual([
      { type: 'subscribe', channel: 'stats' },
      { type: 'subscribe', channel: 'proofs' },
    ])
    expect(f.status()!.state).toBe('live')
    // The unknown 'note' frame was reported, not fatal.
    expect(f.problems.some((p) => p.code === 'DECODE')).toBe(true)
  })

  it('delivers events and survives malformed frames', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
      socket.send('not json{')
      socket.send(JSON.stringify([1, 2, 3]))
      socket.send(Buffer.from([1, 2, 3]), { binary: true })
      socket.send(JSON.stringify({ type: 'proofs', data: { proofAccount: 'A'.repeat(44) } }))
    })
    servers.push(server)
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => f.events.length === 1)
    expect(f.events[0]![0]).toBe('proofs')
    expect(f.problems.length).toBeGreaterThanOrEqual(3)
    expect(f.problems.filter((p) => p.code === 'DECODE').every((p) => /^(Unreadable|Unexpected) socket frame/.test(p.message))).toBe(true)
    expect(f.status()!.state).toBe('live')
  })

  it('marks a refused channel with the server text and keeps the others', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
      socket.on('message', (data) => {
        const { channel } = JSON.parse(data.toString()) as { channel: string }
        if (channel === 'user:notifications') socket.send(JSON.stringify({ type: 'error', error: `Channel not allowed: ${channel}` }))
        else socket.send(JSON.stringify({ type: 'subscribed', channel }))
      })
    })
    servers.push(server)
    const f = feed({ url: server.url, channels: ['stats', 'user:notifications'] })
    f.live.start()
    await waitFor(() => f.channels().find((c) => c.channel === 'user:notifications')?.state === 'refused')
    expect(f.channels()).toEqual([
      { channel: 'stats', state: 'subscribed' },
      { channel: 'user:notifications', state: 'refused', error: 'Channel not allowed: user:notifications' },
    ])
    expect(f.problems.map((p) => p.code)).toContain('SOCKET')
  })

  it('reconnects after a clean close and resubscribes every channel', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
    })
    servers.push(server)
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => server.received.length === 2)
    server.clients()[0]!.close(1000, 'idle timeout')
    await waitFor(() => server.connections() === 2 && server.received.length === 4)
    expect(server.received.slice(2).map((m) => JSON.parse(m).channel)).toEqual(['stats', 'proofs'])
    expect(f.status()!.reconnects).toBe(1)
  })

  it('keeps retrying while the server is down and comes back when it returns', async () => {
    const first = await scriptedServer(welcome)
    const url = first.url
    const f = feed({ url })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    await first.close()
    await waitFor(() => f.status()?.state === 'backing-off')
    expect(f.status()!.nextRetryAt).not.toBeNull()
    // Several failed attempts while nothing listens.
    await waitFor(() => f.status()!.reconnects >= 3)
    const port = Number(new URL(url).port)
    const again = new WebSocketServer({ host: '127.0.0.1', port })
    again.on('connection', welcome)
    servers.push({ close: () => new Promise<void>((r) => { for (const c of again.clients) c.terminate(); again.close(() => r()) }) })
    await waitFor(() => f.status()?.state === 'live')
  })

  it('sends a client message within the keep-alive interval so idle servers keep it', async () => {
    const server = await scriptedServer(welcome)
    servers.push(server)
    const f = feed({ url: server.url, keepAliveMs: 50 })
    f.live.start()
    await waitFor(() => server.received.length >= 4)
    expect(server.received.slice(2).every((m) => JSON.parse(m).type === 'subscribe')).toBe(true)
  })

  it('drops a connection that stops answering pings and reconnects', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
      // A half-open peer: stop answering protocol pings.
      ;(socket as unknown as { _receiver: { removeAllListeners(e: string): void } })._receiver.removeAllListeners('ping')
      socket.pause()
    })
    servers.push(server)
    const f = feed({ url: server.url, pingIntervalMs: 40, pongTimeoutMs: 40, welcomeTimeoutMs: 20 })
    f.live.start()
    await waitFor(() => server.connections() >= 2, 5000)
    expect(f.status()!.reconnects).toBeGreaterThanOrEqual(1)
  })

  it('connects again at once on reconnectNow, skipping the backoff wait', async () => {
    const server = await scriptedServer(welcome)
    servers.push(server)
    const f = feed({ url: server.url, backoffBaseMs: 60_000, backoffCapMs: 60_000 })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    f.live.reconnectNow('system resumed')
    await waitFor(() => server.connections() === 2 && f.status()?.state === 'live')
  })

  it('stops for good on stop()', async () => {
    const server = await scriptedServer(welcome)
    servers.push(server)
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    f.live.stop()
    expect(f.status()!.state).toBe('stopped')
    await new Promise((r) => setTimeout(r, 150))
    expect(server.connections()).toBe(1)
  })
})
