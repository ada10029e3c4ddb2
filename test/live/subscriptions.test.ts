/** Channels against the demo indexer: welcome first, the per-connection limit, refusals, credentials. */
import { describe, expect, it } from 'vitest'
import { credentialHeaders, parseCredential } from '../../src/main/core/config/credentials'
import { waitFor } from '../support/wait-for'
import { addresses, allSubscribed, demo, watchPool } from '../support/live-harness'

const USER_CHANNELS = ['user:notifications', 'user:proofs']

describe('welcome before subscribe', () => {
  it('subscribes only after a delayed welcome, so the server does not drop the subscribes', async () => {
    // With a credential the demo, like the reference, drops what arrives before its welcome.
    const indexer = await demo({ welcomeDelayMs: 200 })
    const cookie = credentialHeaders(parseCredential(`cookie:${indexer.cookieName}=${indexer.credential}`))
    const w = watchPool({ url: indexer.wsUrl, channels: ['stats', ...USER_CHANNELS], headers: () => cookie })
    w.pool.start()
    await waitFor(() => w.status().state === 'live')
    await waitFor(() => allSubscribed(w.pool))
    expect(w.pool.sockets()[0]!.authenticated).toBe(true)
  })

  it('subscribes again when the welcome comes after it stopped waiting', async () => {
    const indexer = await demo({ welcomeDelayMs: 250 })
    const bearer = credentialHeaders(parseCredential(`bearer:${indexer.credential}`))
    const w = watchPool({ url: indexer.wsUrl, channels: ['stats', ...USER_CHANNELS], headers: () => bearer, welcomeTimeoutMs: 30 })
    w.pool.start()
    await waitFor(() => allSubscribed(w.pool))
    expect(w.live.sort()).toEqual(['stats', ...USER_CHANNELS].sort())
  })
})

describe('the per-connection subscription limit', () => {
  it('spreads 40 addresses and the global and user channels over sockets so that every one is live', async () => {
    // Events on an address channel: a deployment that pushes them.
    const indexer = await demo({ subscriptionLimit: 10, pushAddressEvents: true })
    const bearer = credentialHeaders(parseCredential(`bearer:${indexer.credential}`))
    const watched = addresses(40).map((address) => `address:${address}:txs`)
    const channels = ['stats', 'proofs', ...USER_CHANNELS, ...watched]
    const w = watchPool({ url: indexer.wsUrl, channels, headers: () => bearer })
    w.pool.start()
    await waitFor(() => allSubscribed(w.pool) && w.status().state === 'live')

    expect(w.channels().map((c) => c.channel)).toEqual(channels)
    expect(w.status().sockets).toBe(5)
    expect(indexer.subscriptionCounts().sort((a, b) => a - b)).toEqual([4, 10, 10, 10, 10])
    expect(new Set(w.channels().map((c) => c.socket))).toEqual(new Set([0, 1, 2, 3, 4]))
    expect(new Set(w.live)).toEqual(new Set(channels))
    // Moving a channel is not a problem worth showing.
    expect(w.problems.filter((p) => p.code === 'SOCKET')).toEqual([])

    // Events arrive on whichever socket carries the channel.
    const last = watched[39]!
    const address = last.slice('address:'.length, -':txs'.length)
    indexer.network.publishTransaction({ kind: 'transfer', feePayer: address })
    await waitFor(() => w.events.some(([channel]) => channel === last))

    // After every socket is cut, every channel is subscribed again.
    indexer.dropAllConnections()
    await waitFor(() => allSubscribed(w.pool) && w.live.length === 2 * channels.length)
    expect(indexer.subscriptionCounts().every((count) => count <= 10)).toBe(true)
    expect(indexer.subscriptionCounts().reduce((a, b) => a + b, 0)).toBe(channels.length)
  })

  it('frees a slot on unsubscribe, closes an emptied socket and places a new channel in the free slot', async () => {
    const indexer = await demo({ subscriptionLimit: 3 })
    const watched = addresses(5).map((address) => `address:${address}:txs`)
    const w = watchPool({ url: indexer.wsUrl, channels: ['stats', ...watched] })
    w.pool.start()
    await waitFor(() => allSubscribed(w.pool))
    expect(w.status().sockets).toBe(2)
    for (const channel of watched.slice(2)) w.pool.unsubscribe(channel)
    await waitFor(() => indexer.connectionCount() === 1)
    expect(w.status().sockets).toBe(1)
    w.pool.subscribe(watched[4]!)
    await waitFor(() => allSubscribed(w.pool) && w.channels().length === 4)
    expect(w.status().sockets).toBe(2)
    expect(indexer.subscriptionCounts().sort()).toEqual([1, 3])
  })

  it('shows one status for all sockets: which socket waits, and the earliest retry', async () => {
    const indexer = await demo({ subscriptionLimit: 2 })
    const w = watchPool({ url: indexer.wsUrl, channels: ['stats', 'proofs', ...addresses(2).map((a) => `address:${a}:txs`)] })
    w.pool.start()
    await waitFor(() => allSubscribed(w.pool) && w.status().state === 'live')
    expect(w.status().sockets).toBe(2)
    indexer.refuseUpgrades({ status: 503 })
    indexer.dropAllConnections()
    await waitFor(() => w.pool.sockets().every((s) => s.status.state === 'backing-off' && /HTTP 503/.test(s.status.reason ?? '')))
    const status = w.status()
    expect(status.state).toBe('backing-off')
    expect(status.reason).toMatch(/^socket [12] of 2: Socket upgrade refused with HTTP 503$/)
    expect(status.nextRetryAt).toBe(Math.min(...w.pool.sockets().map((s) => s.status.nextRetryAt!)))
    expect(w.channels().every((c) => c.state === 'pending')).toBe(true)
    indexer.refuseUpgrades(null)
    await waitFor(() => allSubscribed(w.pool) && w.status().state === 'live')
    expect(w.status().reason).toBeNull()
  })

  it('marks channels it cannot place as refused for the limit once every allowed socket is full', async () => {
    const indexer = await demo({ subscriptionLimit: 2 })
    const watched = addresses(4).map((address) => `address:${address}:txs`)
    const w = watchPool({ url: indexer.wsUrl, channels: ['stats', 'proofs', ...watched], maxSockets: 2 })
    w.pool.start()
    await waitFor(() => w.channels().filter((c) => c.state === 'subscribed').length === 4 && w.channels().filter((c) => c.state === 'refused').length === 2)
    expect(w.channels().filter((c) => c.state === 'refused').every((c) => c.reason === 'limit' && /Subscription limit/.test(c.error ?? ''))).toBe(true)
    expect(w.problems.some((p) => p.code === 'SOCKET' && /allows 2 channels per connection/.test(p.message))).toBe(true)
    // A freed slot takes a waiting channel.
    w.pool.unsubscribe('proofs')
    await waitFor(() => w.channels().filter((c) => c.state === 'subscribed').length === 4 && w.channels().filter((c) => c.state === 'refused').length === 1)
  })
})

describe('refused channels', () => {
  it('shows the server text per channel; user channels without a session read as sign-in needed', async () => {
    const indexer = await demo({ refuseCircuitChannel: true })
    const w = watchPool({ url: indexer.wsUrl, channels: ['stats', 'proofs:circuit:1', ...USER_CHANNELS] })
    w.pool.start()
    await waitFor(() => w.channels().filter((c) => c.state !== 'pending').length === 4)
    expect(w.channels()).toEqual([
      { channel: 'stats', state: 'subscribed', socket: 0 },
      { channel: 'proofs:circuit:1', state: 'refused', error: 'Channel not allowed: proofs:circuit:1', reason: 'refused', socket: 0 },
      { channel: 'user:notifications', state: 'refused', error: 'Channel not allowed: user:notifications', reason: 'auth', socket: 0 },
      { channel: 'user:proofs', state: 'refused', error: 'Channel not allowed: user:proofs', reason: 'auth', socket: 0 },
    ])
    // Refusals stay on their socket: no extra sockets are opened for them.
    expect(w.status().sockets).toBe(1)
    expect(w.status().state).toBe('live')
    expect(w.problems.some((p) => p.code === 'SOCKET' && /user:proofs: sign-in needed or expired/.test(p.message))).toBe(true)
  })

  it('subscribes the user channels with the session cookie or a bearer token, not with a wrong one', async () => {
    const indexer = await demo()
    for (const [credential, expected] of [
      [`cookie:${indexer.cookieName}=${indexer.credential}`, 'subscribed'],
      [`bearer:${indexer.credential}`, 'subscribed'],
      [`cookie:${indexer.cookieName}=expired`, 'refused'],
    ] as const) {
      const headers = credentialHeaders(parseCredential(credential))
      const w = watchPool({ url: indexer.wsUrl, channels: USER_CHANNELS, headers: () => headers })
      w.pool.start()
      await waitFor(() => w.channels().every((c) => c.state === expected))
      if (expected === 'refused') expect(w.channels().every((c) => c.reason === 'auth')).toBe(true)
      w.pool.stop()
    }
  })

  it('asks for the headers again at every connection, so a new credential is used after a reconnect', async () => {
    const indexer = await demo()
    let credential = `cookie:${indexer.cookieName}=stale`
    const w = watchPool({ url: indexer.wsUrl, channels: ['user:notifications'], headers: () => credentialHeaders(parseCredential(credential)) })
    w.pool.start()
    await waitFor(() => w.channel('user:notifications')?.reason === 'auth')
    credential = `bearer:${indexer.credential}`
    w.pool.reconnectNow('credential changed')
    await waitFor(() => w.channel('user:notifications')?.state === 'subscribed')
  })
})
