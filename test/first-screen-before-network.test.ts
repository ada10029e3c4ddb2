/**
 * The monitor's start resolves once reads answer from the cache; the socket
 * and the polls start on the next turn (issue 25, item 5): a first screen
 * asked for as start() resolves is read before any of them, the network
 * follows with nothing else asked, and a core stopped that soon never
 * reaches the indexer.
 */
import { createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import type { LiveTransportFactory } from '../src/main/core/live/live-transport'
import type { MonitorDeps } from '../src/main/core/monitor/monitor'
import { watchingSettings } from './support/watching-settings'
import { waitFor } from './support/wait-for'
import { FAST_MONITOR, fastSocket, startedPerTest } from './support/monitor-on-indexer'

const started = startedPerTest()

/** The monitor's tuning for tests, with a live transport that notes each start (the socket opened). */
function countingStarts(): { deps: MonitorDeps; starts: string[] } {
  const starts: string[] = []
  const transport: LiveTransportFactory = (config, handlers) => {
    const live = fastSocket()(config, handlers)
    const start = live.start.bind(live)
    live.start = () => {
      starts.push(config.url)
      start()
    }
    return live
  }
  return { deps: { ...FAST_MONITOR, live: { ...FAST_MONITOR.live, transport } }, starts }
}

/** An indexer that only counts what reaches it: requests, and socket upgrades (refused). */
async function countingIndexer() {
  const seen: string[] = []
  const server = createServer((req: IncomingMessage, res) => {
    seen.push(`${req.method} ${req.url}`)
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}')
  })
  server.on('upgrade', (req, socket) => {
    seen.push(`upgrade ${req.url}`)
    socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  started.closeAfterCores({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  /** A request of the test's own, answered once the server has handled everything sent before it. */
  const barrier = () =>
    new Promise<void>((resolve, reject) => {
      request(`${url}/barrier`, (res) => res.resume().on('end', resolve)).on('error', reject).end()
    })
  return { url, seen, barrier }
}

it('answers the first screen from the cache as start() resolves, then reaches the indexer with nothing else asked', async () => {
  const demo = await started.demo({ seed: 5 })
  const { deps, starts } = countingStarts()
  const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(demo.httpUrl)) }, deps)
  const socketStates: string[] = []
  monitor.onEvents((batch) => {
    for (const event of batch) if (event.event === 'connection') socketStates.push(event.payload.socket.state)
  })
  await monitor.start()
  expect(starts).toEqual([])
  const page = await monitor.listProofs({ limit: 20 }, { source: 'cache' })
  expect(page.freshness?.source).toBe('cache')
  expect(starts).toEqual([])
  expect(monitor.liveStatus()?.socket.state).toBe('stopped')
  await waitFor(() => monitor.liveStatus()?.socket.state === 'live')
  expect(starts).toHaveLength(1)
  // The connection's state, pushed on the network's turn, reaches the window as before.
  await waitFor(() => socketStates.at(-1) === 'live')
})

it('a core stopped as its start resolves never starts its socket nor reaches the indexer', async () => {
  const indexer = await countingIndexer()
  const { deps, starts } = countingStarts()
  const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(indexer.url)) }, deps)
  await monitor.start()
  await monitor.stop()
  // The network would have started on the turn after start(): that turn is over.
  await new Promise((resolve) => setImmediate(resolve))
  await indexer.barrier()
  expect(starts).toEqual([])
  expect(indexer.seen).toEqual(['GET /barrier'])
})

it('the same core left running reaches the indexer on both paths', async () => {
  const indexer = await countingIndexer()
  const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(indexer.url)) }, FAST_MONITOR)
  await monitor.start()
  await waitFor(() => indexer.seen.some((line) => line.startsWith('upgrade ')) && indexer.seen.some((line) => line.startsWith('GET /api/')))
})
