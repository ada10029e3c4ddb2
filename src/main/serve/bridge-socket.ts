import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { timingSafeEqual } from 'node:crypto'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { BRIDGE_MAX_REQUEST_BYTES, BRIDGE_TOKEN_REFUSED, type BridgeEvent } from '@shared/bridge'
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatch'
import type { Logger } from '../core/log/log'
import { eventsText, replyText } from './socket-messages'

export interface BridgeSocketOptions {
  dispatcher: BridgeDispatcher
  token: string
  /** Origins a browser page of ours has: http://127.0.0.1:<port> and http://localhost:<port>. */
  allowedOrigins: () => readonly string[]
  /** Whether the Host header names this server (127.0.0.1 or localhost with its port). */
  isOwnHost?: (host: string | undefined) => boolean
  /** Events every new page gets at once (the connection state), before any batch. */
  greeting?: () => Promise<BridgeEvent[]>
  log: Logger
}

/**
 * The bridge over a WebSocket for a browser on this host: the same contract
 * the preload gives the renderer in Electron. Guarded by a per-start token
 * and an Origin check, so other pages and local programs cannot drive it.
 */
export class BridgeSocketServer {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_REQUEST_BYTES, perMessageDeflate: false })

  constructor(private readonly options: BridgeSocketOptions) {
    this.server.on('connection', (socket) => this.onConnection(socket))
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Any local process can reset the connection at any point: an 'error' with no listener would end serve mode.
    socket.on('error', (error) => this.options.log.warn('bridge connection error', errorSummary(error)))
    const refusal = this.refusal(request)
    if (refusal) {
      this.options.log.warn('bridge connection refused', { reason: refusal, origin: request.headers.origin?.slice(0, 200) ?? null, host: request.headers.host?.slice(0, 200) ?? null })
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\n\r\n`)
      return
    }
    if (!this.hasToken(request)) {
      // Our own page with a stale token (serve mode restarted): a browser cannot
      // read an HTTP refusal, so it gets a socket closed with a code it knows.
      this.options.log.warn('bridge connection refused', { reason: 'access token not valid' })
      this.server.handleUpgrade(request, socket, head, (ws) => {
        this.guard(ws)
        ws.close(BRIDGE_TOKEN_REFUSED, 'access token not valid')
      })
      return
    }
    this.server.handleUpgrade(request, socket, head, (ws) => this.server.emit('connection', ws, request))
  }

  broadcast(batch: BridgeEvent[]): void {
    if (this.server.clients.size === 0) return
    const message = eventsText(batch)
    for (const failure of message.failures) this.options.log.error('bridge event not sent', failure)
    for (const client of this.server.clients) if (client.readyState === client.OPEN) client.send(message.text)
  }

  clientCount(): number {
    return this.server.clients.size
  }

  close(): void {
    for (const client of this.server.clients) client.terminate()
    this.server.close()
  }

  /** Refusals at the HTTP level: another Host (DNS rebinding), not the bridge path, or a page of another origin. */
  private refusal(request: IncomingMessage): string | null {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (this.options.isOwnHost && !this.options.isOwnHost(request.headers.host)) return '421 Misdirected Request'
    if (url.pathname !== '/bridge') return '404 Not Found'
    const origin = request.headers.origin
    if (!origin || !this.options.allowedOrigins().includes(origin)) return '403 Forbidden'
    return null
  }

  private hasToken(request: IncomingMessage): boolean {
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? ''
    return sameSecret(token, this.options.token)
  }

  /**
   * A frame that breaks the protocol (unmasked, a bad opcode or UTF-8, RSV
   * bits, over the size limit) makes ws close the socket and emit 'error':
   * logged here, never thrown.
   */
  private guard(socket: WebSocket): void {
    socket.on('error', (error) => this.options.log.warn('bridge socket error: closed it', errorSummary(error)))
  }

  private onConnection(socket: WebSocket): void {
    this.guard(socket)
    this.options
      .greeting?.()
      .then((events) => {
        const message = eventsText(events)
        for (const failure of message.failures) this.options.log.error('bridge event not sent', failure)
        if (socket.readyState === socket.OPEN) socket.send(message.text)
      })
      .catch((error: unknown) => this.options.log.warn('bridge greeting failed', error))
    socket.on('message', (data, isBinary) => {
      this.answer(socket, data, isBinary).catch((error: unknown) => this.options.log.error('bridge request failed', errorSummary(toError(error))))
    })
  }

  private async answer(socket: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    let request: { id?: unknown; method?: unknown; args?: unknown }
    try {
      if (isBinary) throw new Error('binary')
      request = JSON.parse(data.toString()) as typeof request
      if (typeof request !== 'object' || request === null || typeof request.id !== 'number') throw new Error('shape')
    } catch {
      this.options.log.warn('bridge message ignored: not a request')
      return
    }
    const method = String(request.method)
    const response = await this.options.dispatcher(method, request.args)
    const reply = replyText(request.id as number, method, response)
    for (const failure of reply.failures) this.options.log.error('bridge reply not sent as it was', failure)
    if (socket.readyState === socket.OPEN) socket.send(reply.text)
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}

function errorSummary(error: Error): { code: string | null; message: string } {
  const code = (error as NodeJS.ErrnoException).code
  return { code: typeof code === 'string' ? code : null, message: error.message }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
