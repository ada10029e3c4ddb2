/**
 * An indexer that answers like the reference deployment (its recorded
 * samples) until a test tells it to answer something else on a path or to
 * push a frame of its choosing on the live socket.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'

const SAMPLES = join(import.meta.dirname, '../fixtures/wire-samples')

function sample(name: string): { status: number; body: unknown } {
  const parsed = JSON.parse(readFileSync(join(SAMPLES, `${name}.json`), 'utf8')) as { status: number; body: unknown }
  return { status: parsed.status, body: parsed.body }
}

/** Longest prefix first: the reference's answer to each endpoint. */
const ROUTES: Array<[RegExp, string]> = [
  [/^\/api\/stats\/overview$/, 'http-stats-overview'],
  [/^\/api\/stats\/timeseries$/, 'http-stats-timeseries-defaults'],
  [/^\/api\/stats\/leaderboard$/, 'http-stats-leaderboard'],
  [/^\/api\/proofs$/, 'http-proofs-list-default'],
  [/^\/api\/proofs\/[^/]+$/, 'http-proofs-detail'],
  [/^\/api\/transactions$/, 'http-transactions-list-default'],
  [/^\/api\/transactions\/[^/]+$/, 'http-transactions-detail'],
]

export type Answer = (request: IncomingMessage, response: ServerResponse) => void

export type UpgradeRefusal = (request: IncomingMessage) => { status: number; headers: Record<string, string>; body: string }

export interface HostileIndexer {
  httpUrl: string
  wsUrl: string
  /** Every request's path and headers, in order (HTTP and socket upgrades). */
  seen: Array<{ path: string; headers: IncomingHttpHeaders }>
  /** Answers requests whose path matches `path` with `answer` from now on; null goes back to the samples. */
  answer(path: RegExp, answer: Answer | null): void
  /** Sends `text` as is on every open live socket. */
  push(text: string): void
  openSockets(): number
  /** Channels a client subscribed to, in order. */
  subscribed: string[]
  /** What a new socket upgrade is answered instead of being accepted; null accepts. */
  refuseUpgrades(answer: UpgradeRefusal | null): void
  close(): Promise<void>
}

export async function startHostileIndexer(): Promise<HostileIndexer> {
  const overrides: Array<[RegExp, Answer]> = []
  const seen: HostileIndexer['seen'] = []
  const sockets = new Set<WebSocket>()
  const subscribed: string[] = []
  let upgradeRefusal: UpgradeRefusal | null = null
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    seen.push({ path, headers: request.headers })
    const override = overrides.find(([pattern]) => pattern.test(path))
    if (override) return override[1](request, response)
    const route = ROUTES.find(([pattern]) => pattern.test(path))
    const { status, body } = route ? sample(route[1]) : { status: 404, body: { ok: false, error: 'Not found' } }
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    response.end(JSON.stringify(body))
  })
  const wss = new WebSocketServer({ noServer: true })
  server.on('upgrade', (request, socket, head) => {
    seen.push({ path: new URL(request.url ?? '/', 'http://localhost').pathname, headers: request.headers })
    socket.on('error', () => {})
    if (upgradeRefusal) {
      // A plain HTTP answer on the raw socket: the client sees the status, headers and body.
      const { status, headers, body } = upgradeRefusal(request)
      const lines = [...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), `content-length: ${Buffer.byteLength(body)}`, 'connection: close']
      socket.end(`HTTP/1.1 ${status} Refused\r\n${lines.join('\r\n')}\r\n\r\n${body}`)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws)
      ws.on('error', () => {})
      ws.on('close', () => sockets.delete(ws))
      ws.send(JSON.stringify({ type: 'welcome', authenticated: Boolean(request.headers.cookie || request.headers.authorization) }))
      ws.on('message', (data) => {
        let message: { type?: string; channel?: string }
        try {
          message = JSON.parse(String(data)) as typeof message
        } catch {
          return
        }
        if (message.type === 'subscribe') {
          subscribed.push(String(message.channel))
          ws.send(JSON.stringify({ type: 'subscribed', channel: message.channel }))
        }
        if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    httpUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    seen,
    answer(path, answer) {
      const index = overrides.findIndex(([pattern]) => String(pattern) === String(path))
      if (index >= 0) overrides.splice(index, 1)
      if (answer) overrides.unshift([path, answer])
    },
    push(text) {
      for (const socket of sockets) socket.send(text)
    },
    openSockets: () => sockets.size,
    subscribed,
    refuseUpgrades(answer) {
      upgradeRefusal = answer
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** JSON text of arrays nested `depth` deep around `inner`. */
export function nested(depth: number, inner = '0'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
}
