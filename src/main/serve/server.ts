import type { Server } from 'node:http'
import { nodeHttp } from '../runtime/builtins-on-first-use'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { createBridgeDispatcher } from '../core/bridge/bridge-dispatch'
import type { Logger } from '../core/log/log'
import type { Monitor } from '../core/monitor/monitor'
import { BridgeSocketServer, type BridgeSocketLimits } from './bridge-socket'
import { ExportDownloads } from './export-downloads'
import { serveStaticFile } from './static-files'

export interface ServeOptions {
  monitor: Monitor
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** 0 picks a free port. */
  port: number
  log: Logger
  token?: string
  /** Back-pressure on each bridge socket; unset ones are the production values (BRIDGE_SOCKET_LIMITS). Tests use small ones. */
  limits?: Partial<BridgeSocketLimits>
}

export interface ServeHandle {
  url: string
  port: number
  token: string
  close(): Promise<void>
}

/** Serves the renderer and the bridge to a browser on 127.0.0.1 only. */
export async function startServe(options: ServeOptions): Promise<ServeHandle> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  let port = 0
  const bridge = new BridgeSocketServer({
    dispatcher: createBridgeDispatcher(options.monitor, { shown: (value) => options.monitor.knownSecrets.redactValue(value) }),
    token,
    allowedOrigins: () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    isOwnHost: (host) => ownHost(host, port),
    // The connection state may quote an indexer's error, which may echo a credential: redacted like every event.
    greeting: async () => options.monitor.knownSecrets.redactValue([{ event: 'connection', payload: await options.monitor.getConnection() }]),
    log: options.log,
    limits: options.limits,
  })
  const downloads = new ExportDownloads(token, options.log)
  options.monitor.setExportDestination(async (request, writers) => downloads.offer(request, writers.toStream))
  const server: Server = nodeHttp().createServer((request, response) => {
    if (!ownHost(request.headers.host, port)) {
      options.log.warn('refused a request for another host', { host: request.headers.host?.slice(0, 200) ?? null })
      response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
      response.end(`ProofWatch answers only at http://127.0.0.1:${port}/ and http://localhost:${port}/`)
      return
    }
    if (downloads.handle(request, response)) return
    serveStaticFile(options.rendererDir, request, response).catch((error: unknown) => {
      options.log.error('static file failed', error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  server.on('upgrade', (request, socket, head) => bridge.handleUpgrade(request, socket, head))
  const stopRelay = options.monitor.onEvents((batch) => bridge.broadcast(batch))

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    async close() {
      stopRelay()
      bridge.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * A page of ours names this server as 127.0.0.1 or localhost with its port.
 * Any other Host means a name that resolved here without being us (DNS
 * rebinding): such a page must reach neither the pages, the exports nor the bridge.
 */
export function ownHost(host: string | undefined, port: number): boolean {
  const given = host?.toLowerCase()
  return given === `127.0.0.1:${port}` || given === `localhost:${port}`
}
