import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import type { AddressInfo } from 'node:net'
import type { ChannelStatus } from '@shared/domain'
import { FeedSocket, type FeedStatus, type FeedSocketOptions } from './feed-socket'
import { socketRecorder } from '@test/support/socket-recorder'
import { waitFor } from '@test/support/wait-for'

interface Message {
  type: string
  channel: string
}

const feeds: FeedSocket[] = []
const servers: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  feeds.splice(0).forEach((f) => f.stop())
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

/** A scripted indexer socket, closed after the test: records what clients send and lets a test answer. */
async function scriptedServer(onClient: (socket: WebSocket, received: Message[]) => void = () => {}) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const received: Message[] = []
  let connections = 0
  server.on('connection', (socket) => {
    connections++
    socket.on('message', (data) => received.push(JSON.parse(data.toString()) as Message))
    onClient(socket, received)
  })
  const port = (server.address() as AddressInfo).port
  const scripted = {
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
  servers.push(scripted)
  return scripted
}

/** A half-open peer: it welcomes, then stops answering protocol pings and stops reading. */
function halfOpenServer() {
  return scriptedServer((socket) => {
    welcome(socket)
    ;(socket as unknown as { _receiver: { removeAllListeners(e: string): void } })._receiver.removeAllListeners('ping')
    socket.pause()
  })
}

function feed(options: Partial<FeedSocketOptions> & { url: string }) {
  const { events, problems, statuses, live, handlers } = socketRecorder()
  let channels: ChannelStatus[] = []
  const liveFeed = new FeedSocket({
    channels: ['stats', 'proofs'],
    ...handlers,
    onStatus: (s, c) => {
      handlers.onStatus(s)
      channels = c
    },
    backoffBaseMs: 20,
    backoffCapMs: 100,
    welcomeTimeoutMs: 200,
    offlineProbeMs: 0,
    ...options,
  })
  feeds.push(liveFeed)
  return { live: liveFeed, events, problems, statuses, acked: live, status: () => statuses.at(-1) ?? null, channels: () => channels }
}

const send = (socket: WebSocket, message: unknown) => socket.send(JSON.stringify(message))
const welcome = (socket: WebSocket) => send(socket, { type: 'welcome', authenticated: false })

/** Answers like the reference: acknowledges each new subscribe, ignores repeats, refuses past `limit`. */
function referenceLike(limit = 10, refuse: (channel: string) => boolean = () => false) {
  return (socket: WebSocket) => {
    const held = new Set<string>()
    welcome(socket)
    socket.on('message', (data) => {
      const { type, channel } = JSON.parse(data.toString()) as Message
      if (type === 'unsubscribe') held.delete(channel)
      if (type !== 'subscribe' || held.has(channel)) return
      if (refuse(channel)) return send(socket, { type: 'error', error: `Channel not allowed: ${channel}` })
      if (held.size >= limit) return send(socket, { type: 'error', error: 'Subscription limit reached' })
      held.add(channel)
      send(socket, { type: 'subscribed', channel })
    })
  }
}

describe('FeedSocket subscriptions', () => {
  it('subscribes only after the welcome, then reports channels as subscribed', async () => {
    const server = await scriptedServer((socket, received) => {
      setTimeout(() => {
        // Nothing may have been sent before the welcome.
        send(socket, { type: 'note', before: received.length })
        welcome(socket)
      }, 50)
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as Message
        if (message.type === 'subscribe') send(socket, { type: 'subscribed', channel: message.channel })
      })
    })
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => f.channels().length === 2 && f.channels().every((c) => c.state === 'subscribed'))
    expect(server.received).toEqual([
      { type: 'subscribe', channel: 'stats' },
      { type: 'subscribe', channel: 'proofs' },
    ])
    expect(f.status()!.state).toBe('live')
    expect(f.acked).toEqual(['stats', 'proofs'])
    // The unexpected 'note' frame was counted and reported, not fatal.
    expect(f.live.counters().unknown).toBe(1)
    expect(f.problems.some((p) => p.code === 'DECODE' && /^Unexpected socket frame/.test(p.message))).toBe(true)
  })

  it('delivers events and survives malformed frames, counting each', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
      socket.send('not json{')
      socket.send(JSON.stringify([1, 2, 3]))
      socket.send(Buffer.from([1, 2, 3]), { binary: true })
      socket.send(Buffer.from([0xff, 0xfe, 0x7b]))
      send(socket, { type: 'proofs', data: { pad: 'x'.repeat(2000) } })
      send(socket, { type: 'proofs', data: { proofAccount: 'A'.repeat(44) } })
    })
    const f = feed({ url: server.url, maxFrameBytes: 1000 })
    f.live.start()
    await waitFor(() => f.events.length === 1)
    expect(f.events[0]).toEqual(['proofs', { proofAccount: 'A'.repeat(44) }])
    expect(f.live.counters()).toMatchObject({ framesReceived: 7, malformed: 4, oversized: 1, unknown: 0, reconnects: 0 })
    expect(f.problems.filter((p) => p.code === 'DECODE').every((p) => /^(Unreadable|Oversized) socket frame/.test(p.message))).toBe(true)
    expect(f.status()!.state).toBe('live')
  })

  it('marks a refused channel with the server text and a reason, and keeps the others', async () => {
    const server = await scriptedServer(referenceLike(10, (channel) => channel.startsWith('user:') || channel.startsWith('proofs:circuit:')))
    const f = feed({ url: server.url, channels: ['stats', 'user:notifications', 'proofs:circuit:4'] })
    f.live.start()
    await waitFor(() => f.channels().every((c) => c.state !== 'pending'))
    expect(f.channels()).toEqual([
      { channel: 'stats', state: 'subscribed' },
      { channel: 'user:notifications', state: 'refused', error: 'Channel not allowed: user:notifications', reason: 'auth' },
      { channel: 'proofs:circuit:4', state: 'refused', error: 'Channel not allowed: proofs:circuit:4', reason: 'refused' },
    ])
    expect(f.problems.filter((p) => p.code === 'SOCKET').map((p) => p.message)).toEqual([
      'Channel user:notifications: sign-in needed or expired (the indexer said: Channel not allowed: user:notifications)',
      'Channel proofs:circuit:4: the indexer refused this channel: Channel not allowed: proofs:circuit:4',
    ])
  })

  it('takes an error that names no channel as the answer to the oldest unanswered subscribe', async () => {
    const server = await scriptedServer(referenceLike(2))
    const refused: Array<[string, string]> = []
    const f = feed({ url: server.url, channels: ['a', 'b', 'c', 'd'], onChannelRefused: (channel, reason) => void refused.push([channel, reason]) })
    f.live.start()
    await waitFor(() => f.channels().every((c) => c.state !== 'pending'))
    expect(f.channels().map((c) => [c.channel, c.state, c.reason])).toEqual([
      ['a', 'subscribed', undefined],
      ['b', 'subscribed', undefined],
      ['c', 'refused', 'limit'],
      ['d', 'refused', 'limit'],
    ])
    expect(refused).toEqual([
      ['c', 'limit'],
      ['d', 'limit'],
    ])
    expect(f.live.subscribedCount()).toBe(2)
  })

  it('does not report a refusal the owner handled', async () => {
    const server = await scriptedServer(referenceLike(1))
    const f = feed({ url: server.url, onChannelRefused: () => true })
    f.live.start()
    await waitFor(() => f.channels().some((c) => c.state === 'refused'))
    expect(f.problems.filter((p) => p.code === 'SOCKET')).toEqual([])
  })

  it('ignores the answer to a subscribe that was withdrawn before it came', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
      socket.on('message', (data) => {
        const { type, channel } = JSON.parse(data.toString()) as Message
        // A slow server: answers a little later, and refuses 'slow'.
        if (type === 'subscribe' && channel === 'slow') setTimeout(() => send(socket, { type: 'error', error: 'Subscription limit reached' }), 30)
        if (type === 'subscribe' && channel === 'next') setTimeout(() => send(socket, { type: 'subscribed', channel }), 60)
      })
    })
    const f = feed({ url: server.url, channels: [] })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    f.live.subscribe('slow')
    f.live.unsubscribe('slow')
    f.live.subscribe('next')
    await waitFor(() => f.channels().find((c) => c.channel === 'next')?.state === 'subscribed')
    expect(f.channels()).toEqual([{ channel: 'next', state: 'subscribed' }])
    expect(f.problems).toEqual([])
  })

  it('takes an event on a channel not yet acknowledged as the acknowledgement', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
      socket.on('message', () => send(socket, { type: 'stats', data: { tps: 1 } }))
    })
    const f = feed({ url: server.url, channels: ['stats'] })
    f.live.start()
    await waitFor(() => f.channels()[0]?.state === 'subscribed')
    expect(f.acked).toEqual(['stats'])
  })

  it('fires onChannelLive once per acknowledgement on each connection, not for repeated answers', async () => {
    const server = await scriptedServer((socket) => {
      welcome(socket)
      socket.on('message', (data) => {
        const { channel } = JSON.parse(data.toString()) as Message
        send(socket, { type: 'subscribed', channel })
        send(socket, { type: 'subscribed', channel })
      })
    })
    const f = feed({ url: server.url, channels: ['stats'] })
    f.live.start()
    await waitFor(() => f.acked.length === 1)
    server.clients()[0]!.close(1000, 'bye')
    await waitFor(() => f.acked.length === 2)
    expect(f.acked).toEqual(['stats', 'stats'])
  })

  it('subscribes again after a late welcome when it had stopped waiting for one', async () => {
    const server = await scriptedServer((socket) => {
      let ready = false
      setTimeout(() => {
        ready = true
        welcome(socket)
      }, 80)
      socket.on('message', (data) => {
        const { type, channel } = JSON.parse(data.toString()) as Message
        if (ready && type === 'subscribe') send(socket, { type: 'subscribed', channel })
      })
    })
    const f = feed({ url: server.url, welcomeTimeoutMs: 10 })
    f.live.start()
    await waitFor(() => f.channels().every((c) => c.state === 'subscribed'))
    expect(server.received.filter((m) => m.type === 'subscribe')).toHaveLength(4)
  })
})

describe('FeedSocket reconnecting', () => {
  it('reconnects after a clean close and resubscribes every channel', async () => {
    const server = await scriptedServer(welcome)
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => server.received.length === 2)
    server.clients()[0]!.close(1000, 'idle timeout')
    await waitFor(() => server.connections() === 2 && server.received.length === 4)
    expect(server.received.slice(2).map((m) => m.channel)).toEqual(['stats', 'proofs'])
    expect(f.live.current().reconnects).toBe(1)
    expect(f.statuses.some((s) => s.state === 'backing-off' && s.reason === 'closed (1000): idle timeout')).toBe(true)
  })

  it('backs off exponentially up to the cap, with the wait drawn by the jitter', async () => {
    const server = await scriptedServer()
    const url = server.url
    await server.close()
    const f = feed({ url, backoffBaseMs: 10, backoffCapMs: 40, random: () => 0.5, now: () => 1_000 })
    f.live.start()
    await waitFor(() => f.statuses.filter((s) => s.state === 'backing-off').length >= 5)
    const waits = f.statuses.filter((s) => s.state === 'backing-off').map((s) => s.nextRetryAt! - 1_000)
    expect(waits.slice(0, 5)).toEqual([5, 10, 20, 20, 20])
  })

  it('starts the backoff over after a connection that stayed up', async () => {
    let served = 0
    const server = await scriptedServer((socket) => {
      served++
      // Two connections die at once, the third stays up long enough to count as stable, then closes.
      if (served === 3) {
        welcome(socket)
        setTimeout(() => socket.close(1000, 'bye'), 60)
      } else {
        socket.close(1011, 'broken')
      }
    })
    // Each wait is measured from the clock reading its status was made with ("since" spans a whole stretch of retrying).
    let lastReading = 0
    const backingOff: Array<{ status: FeedStatus; at: number }> = []
    const f = feed({
      url: server.url,
      backoffBaseMs: 10,
      backoffCapMs: 1000,
      random: () => 0.99,
      stableAfterMs: 40,
      now: () => (lastReading = Date.now()),
      onStatus: (status) => {
        if (status.state === 'backing-off') backingOff.push({ status, at: lastReading })
      },
    })
    f.live.start()
    await waitFor(() => backingOff.length >= 4)
    const waits = backingOff.map(({ status, at }) => status.nextRetryAt! - at)
    // Attempts 0 and 1 (9 and 19 ms), then back to attempt 0 after the stable connection, then 1 again.
    expect(waits.slice(0, 4)).toEqual([9, 19, 9, 19])
  })

  it('drops a connection whose peer stops answering and reconnects', async () => {
    const server = await halfOpenServer()
    const f = feed({ url: server.url, pingIntervalMs: 40, pongTimeoutMs: 40, welcomeTimeoutMs: 20 })
    f.live.start()
    // A reconnect is counted once the new connection is welcomed, not when the server accepts it.
    await waitFor(() => server.connections() >= 2 && f.live.current().reconnects >= 1, 5000)
    expect(f.problems.some((p) => p.code === 'TIMEOUT')).toBe(true)
  })

  it('keeps going when a listener throws', async () => {
    const server = await scriptedServer(referenceLike())
    const f = feed({
      url: server.url,
      onStatus: () => {
        throw new Error('listener broke')
      },
      onChannelLive: () => {
        throw new Error('listener broke')
      },
    })
    f.live.start()
    await waitFor(() => f.live.channels().every((c) => c.state === 'subscribed'))
    expect(f.live.current().state).toBe('live')
    expect(f.problems.some((p) => p.message === 'listener broke')).toBe(true)
  })

  it('connects again at once on reconnectNow, skipping the backoff wait', async () => {
    const server = await scriptedServer(welcome)
    const f = feed({ url: server.url, backoffBaseMs: 60_000, backoffCapMs: 60_000 })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    f.live.reconnectNow('system resumed')
    await waitFor(() => server.connections() === 2 && f.status()?.state === 'live')
  })

  it('stops for good on stop()', async () => {
    const server = await scriptedServer(welcome)
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    f.live.stop()
    expect(f.status()!.state).toBe('stopped')
    await new Promise((r) => setTimeout(r, 150))
    expect(server.connections()).toBe(1)
  })
})

describe('FeedSocket keep-alive', () => {
  it('repeats the subscribe of an acknowledged channel, which the reference answers with nothing', async () => {
    const server = await scriptedServer(referenceLike())
    const f = feed({ url: server.url, keepAliveMs: 30 })
    f.live.start()
    await waitFor(() => server.received.length >= 5)
    expect(server.received.slice(2, 5)).toEqual([
      { type: 'subscribe', channel: 'stats' },
      { type: 'subscribe', channel: 'stats' },
      { type: 'subscribe', channel: 'stats' },
    ])
    expect(f.problems).toEqual([])
  })

  it('with no acknowledged channel, unsubscribes a name never subscribed', async () => {
    const server = await scriptedServer(welcome)
    const f = feed({ url: server.url, keepAliveMs: 30, channels: [] })
    f.live.start()
    await waitFor(() => server.received.length >= 2)
    expect(server.received.slice(0, 2)).toEqual([
      { type: 'unsubscribe', channel: 'keep-alive' },
      { type: 'unsubscribe', channel: 'keep-alive' },
    ])
  })
})

describe('FeedSocket offline and sleep', () => {
  it('stays offline without attempts until the network is back', async () => {
    const server = await scriptedServer(welcome)
    const f = feed({ url: server.url })
    f.live.setOnline(false)
    f.live.start()
    expect(f.status()).toMatchObject({ state: 'offline', reason: 'network offline', nextRetryAt: null })
    await new Promise((r) => setTimeout(r, 80))
    expect(server.connections()).toBe(0)
    f.live.setOnline(true)
    await waitFor(() => f.status()?.state === 'live')
  })

  it('ignores an online notice while live', async () => {
    const server = await scriptedServer(welcome)
    const f = feed({ url: server.url })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    f.live.setOnline(true)
    f.live.resume()
    await new Promise((r) => setTimeout(r, 50))
    expect(server.connections()).toBe(1)
  })

  it('a wake notice without a sleep notice checks the socket with a ping', async () => {
    const server = await halfOpenServer()
    const f = feed({ url: server.url, pingIntervalMs: 60_000, pongTimeoutMs: 30, welcomeTimeoutMs: 10 })
    f.live.start()
    await waitFor(() => f.status()?.state === 'live')
    f.live.resume()
    await waitFor(() => server.connections() === 2)
  })
})
