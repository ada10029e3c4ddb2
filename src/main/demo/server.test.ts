import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { startDemoIndexer } from './server'
import { TestSocket } from '@test/support/demo-wire'

/** Handles that would keep the process alive: servers, sockets, timers. */
function liveHandles(): string[] {
  return process.getActiveResourcesInfo().filter((kind) => ['TCPServerWrap', 'TCPSocketWrap', 'Timeout'].includes(kind))
}

/** Lets handles that are already closing finish. */
const settle = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 30))

function rawGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
      .on('error', reject)
      .end()
  })
}

describe('startDemoIndexer', () => {
  it('listens on 127.0.0.1 at a free port and names its URLs', async () => {
    const indexer = await startDemoIndexer({ rate: 0 })
    try {
      expect(indexer.port).toBeGreaterThan(0)
      expect(indexer.httpUrl).toBe(`http://127.0.0.1:${indexer.port}`)
      expect(indexer.wsUrl).toBe(`ws://127.0.0.1:${indexer.port}/ws`)
      expect(indexer.credential).toBe('demo')
      expect(indexer.cookieName).toBe('zkhelios_session')
      expect(await rawGet(`${indexer.httpUrl}/api/stats/overview`)).toBe(200)
    } finally {
      await indexer.close()
    }
  })

  it('refuses a port in use', async () => {
    const first = await startDemoIndexer({ rate: 0 })
    try {
      await expect(startDemoIndexer({ port: first.port })).rejects.toThrow(/EADDRINUSE/)
    } finally {
      await first.close()
    }
  })

  it('publishes at its rate and pushes to subscribers, and stops at rate 0', async () => {
    const indexer = await startDemoIndexer({ rate: 50, tickIntervalMs: 20, statsIntervalMs: 30 })
    try {
      const socket = await TestSocket.welcomed(indexer.wsUrl)
      await socket.subscribe('proofs')
      await socket.subscribe('stats')
      const types = new Set<string | undefined>()
      // A busy machine may deliver a run of one kind first: read until both kinds came, within a bound.
      // The answer to a subscribe may come after events of the other channel: only events count.
      for (let index = 0; index < 2_000 && types.size < 2; index++) {
        const type = (await socket.next()).type
        if (type !== 'subscribed') types.add(type)
      }
      expect(types).toEqual(new Set(['proofs', 'stats']))
      indexer.setRate(0)
      expect(indexer.network.getRate()).toBe(0)
      const total = indexer.network.totalProofs
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(indexer.network.totalProofs).toBe(total)
    } finally {
      await indexer.close()
    }
  })

  it('uses its own credential and cookie name', async () => {
    const indexer = await startDemoIndexer({ rate: 0, credential: 's3cret', cookieName: 'sid' })
    try {
      const byCookie = await TestSocket.open(indexer.wsUrl, { cookie: 'sid=s3cret' })
      expect(await byCookie.next()).toEqual({ type: 'welcome', authenticated: true })
      const oldCookie = await TestSocket.open(indexer.wsUrl, { cookie: 'zkhelios_session=demo' })
      expect(await oldCookie.next()).toEqual({ type: 'welcome', authenticated: false })
    } finally {
      await indexer.close()
    }
  })

  it('closes quickly and leaves no server, socket or timer behind', async () => {
    await settle()
    const timersBefore = liveHandles().filter((kind) => kind === 'Timeout').length
    const indexer = await startDemoIndexer({ rate: 5 })
    const socket = await TestSocket.welcomed(indexer.wsUrl)
    await socket.subscribe('stats')
    expect(await rawGet(`${indexer.httpUrl}/api/proofs`)).toBe(200)
    indexer.failNextHttp(1, 'stall')
    const stalled = rawGet(`${indexer.httpUrl}/api/proofs`).catch(() => 'cut')
    await new Promise((resolve) => setTimeout(resolve, 30))

    // Closing twice settles both times, without waiting for the stalled request (the test's time-out would catch a hang).
    await indexer.close()
    await indexer.close()
    expect((await socket.closed).code).toBe(1006)
    expect(await stalled).toBe('cut')
    await settle()
    const after = liveHandles()
    expect(after.filter((kind) => kind !== 'Timeout')).toEqual([])
    // The test runner may hold a timer of its own; the indexer's four (tick, stats, ping, idle) are gone.
    expect(after.length).toBeLessThanOrEqual(timersBefore)
  })
})
