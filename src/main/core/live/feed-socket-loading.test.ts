/**
 * ws is loaded at a run's first connect (feed-connection.ts): the attempt
 * waits for it, an attempt dropped meanwhile opens nothing, and a load that
 * fails is a retry like any failed attempt. Each test imports the socket
 * modules afresh, so that ws is not loaded yet for them.
 */
import { afterEach, expect, it, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import type { AddressInfo } from 'node:net'
import type { FeedSocket, FeedStatus } from './feed-socket'
import { waitFor } from '@test/support/wait-for'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  vi.doUnmock('ws')
  vi.resetModules()
})

async function welcomingServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  let connections = 0
  server.on('connection', (socket) => {
    connections++
    socket.send(JSON.stringify({ type: 'welcome', authenticated: false }))
  })
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  )
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`, connections: () => connections }
}

async function freshSocketModules() {
  vi.resetModules()
  const connection = await import('./feed-connection')
  const { FeedSocket } = await import('./feed-socket')
  return { connection, FeedSocket }
}

function feedOn(FeedSocketClass: typeof FeedSocket, url: string) {
  const statuses: FeedStatus[] = []
  const feed = new FeedSocketClass({ url, channels: ['stats'], onEvent: () => {}, onStatus: (status) => statuses.push(status), backoffBaseMs: 20, backoffCapMs: 50 })
  cleanups.push(() => feed.stop())
  return { feed, statuses, state: () => statuses.at(-1)?.state }
}

it('the first connect says connecting, loads ws, then opens', async () => {
  const server = await welcomingServer()
  const { connection, FeedSocket } = await freshSocketModules()
  expect(connection.webSocketClientLoaded()).toBe(false)
  const { feed, state } = feedOn(FeedSocket, server.url)
  feed.start()
  expect(state()).toBe('connecting')
  await waitFor(() => state() === 'live')
  expect(connection.webSocketClientLoaded()).toBe(true)
  expect(server.connections()).toBe(1)
})

it('an attempt dropped while ws loads (stopped, or the network gone) opens nothing; a later attempt opens once', async () => {
  const server = await welcomingServer()
  const { connection, FeedSocket } = await freshSocketModules()
  const stopped = feedOn(FeedSocket, server.url)
  stopped.feed.start()
  stopped.feed.stop()
  const offline = feedOn(FeedSocket, server.url)
  offline.feed.start()
  offline.feed.setOnline(false)
  const second = feedOn(FeedSocket, server.url)
  second.feed.start()
  expect(connection.webSocketClientLoaded()).toBe(false)
  await waitFor(() => second.state() === 'live')
  expect(stopped.state()).toBe('stopped')
  expect(offline.state()).toBe('offline')
  expect(server.connections()).toBe(1)
  offline.feed.setOnline(true)
  await waitFor(() => offline.state() === 'live')
  expect(server.connections()).toBe(2)
})

it('a load of ws that fails is retried after the backoff, and says why meanwhile', async () => {
  const server = await welcomingServer()
  let failures = 1
  vi.doMock('ws', async (importOriginal) => {
    if (failures-- > 0) throw new Error('the module file could not be read')
    return importOriginal()
  })
  const { FeedSocket } = await freshSocketModules()
  const { feed, statuses, state } = feedOn(FeedSocket, server.url)
  feed.start()
  await waitFor(() => state() === 'live')
  const retry = statuses.find((status) => status.state === 'backing-off')
  expect(retry?.reason).toContain('cannot load the WebSocket client')
  // (vitest words a failing mock factory its own way, so the loader's cause is not asserted here)
  expect(server.connections()).toBe(1)
})
