import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { timingSafeEqual } from 'node:crypto'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { BRIDGE_MAX_REQUEST_BYTES, BRIDGE_TOKEN_REFUSED, BRIDGE_TOO_FAR_BEHIND, BRIDGE_TOO_FAR_BEHIND_REASON, type BridgeEvent } from '@shared/bridge'
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
  /** Back-pressure limits (defaults: BRIDGE_SOCKET_LIMITS). */
  limits?: Partial<BridgeSocketLimits>
}

export interface BridgeSocketLimits {
  /** Requests a page may have unanswered; past it the socket is not read until answers went out. */
  maxInFlight: number
  /** Replies and events waiting to go out to a page; past it the socket is not read, and no batch is added. */
  maxBufferedBytes: number
  /** How long a page may stay past maxBufferedBytes (not reading) before it is closed with BRIDGE_TOO_FAR_BEHIND. */
  stallMs: number
  /** Protocol pings; a page that answers none by the next one (stopped mid-frame, or not reading at all) is cut. */
  pingIntervalMs: number
  /** After the BRIDGE_TOO_FAR_BEHIND close frame, how long a page has to read up to it before the connection goes. */
  closeGraceMs: number
}

export const BRIDGE_SOCKET_LIMITS: Readonly<BridgeSocketLimits> = {
  maxInFlight: 64,
  // A page that reads takes a 1 MB list in milliseconds; 8 MB waiting means it has stopped.
  maxBufferedBytes: 8 * 1024 * 1024,
  stallMs: 15_000,
  pingIntervalMs: 30_000,
  closeGraceMs: 1000,
}

/** One page's socket, as the back-pressure sees it. */
interface PageState {
  /** Requests handed to the core and not yet answered: never more than maxInFlight. */
  inFlight: number
  /**
   * Requests read but not yet handed to the core. Pausing stops reading the
   * connection, yet ws still emits every frame of the chunk it is parsing:
   * those wait here, so at most one chunk's worth (bounded) ever does.
   */
  waiting: Array<{ data: RawData; isBinary: boolean }>
  paused: boolean
  /** Since when more than maxBufferedBytes wait to go out; null when less. */
  behindSince: number | null
  /** A pong (or any message) came since the last ping. */
  answered: boolean
  /** A dispatchWaiting is due on the next turn of the event loop. */
  scheduled: boolean
  /** Held back at least once: its peaks are logged when it closes. */
  heldBack: boolean
  peakInFlight: number
  peakBufferedBytes: number
}

/**
 * The bridge over a WebSocket for a browser on this host: the same contract
 * the preload gives the renderer in Electron. Guarded by a per-start token
 * and an Origin check, so other pages and local programs cannot drive it.
 */
export class BridgeSocketServer {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_REQUEST_BYTES, perMessageDeflate: false })
  private readonly limits: BridgeSocketLimits
  private readonly pages = new Map<WebSocket, PageState>()
  private readonly pinger: ReturnType<typeof setInterval>
  /** Checks pages that are behind often, so a page that catches up is read again at once. */
  private watch: ReturnType<typeof setInterval> | null = null

  constructor(private readonly options: BridgeSocketOptions) {
    this.limits = { ...BRIDGE_SOCKET_LIMITS, ...options.limits }
    this.server.on('connection', (socket) => this.onConnection(socket))
    this.pinger = setInterval(() => this.pingPages(), this.limits.pingIntervalMs)
    this.pinger.unref()
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
    for (const client of this.server.clients) {
      if (client.readyState !== client.OPEN) continue
      // A page that reads nothing must not make serve mode hold every update for it: it is closed once it stalls.
      if (client.bufferedAmount > this.limits.maxBufferedBytes) {
        this.behind(client)
        continue
      }
      client.send(message.text)
      this.notePeaks(client)
    }
  }

  clientCount(): number {
    return this.server.clients.size
  }

  close(): void {
    clearInterval(this.pinger)
    if (this.watch) clearInterval(this.watch)
    this.watch = null
    for (const client of this.server.clients) client.terminate()
    this.server.close()
  }

  /** A page whose socket stopped reading or stalled mid-frame answers no ping: cut, and said why in the log. */
  private pingPages(): void {
    for (const [socket, page] of this.pages) {
      if (!page.answered) {
        this.options.log.warn('bridge socket cut: no answer to a ping (the page stopped reading, or stopped in the middle of a message)')
        socket.terminate()
        continue
      }
      page.answered = false
      try {
        socket.ping()
      } catch {
        // Closing already.
      }
    }
  }

  /** Reading stops while a page has too many requests open or too much waiting to go out; resumes once it is below half. */
  private regulate(socket: WebSocket, page: PageState): void {
    const buffered = socket.bufferedAmount
    page.peakBufferedBytes = Math.max(page.peakBufferedBytes, buffered)
    const over = page.inFlight >= this.limits.maxInFlight || page.waiting.length > 0 || buffered > this.limits.maxBufferedBytes
    if (buffered > this.limits.maxBufferedBytes) this.behind(socket)
    else page.behindSince = null
    if (over && !page.paused) {
      page.paused = true
      page.heldBack = true
      socket.pause()
      this.watchPages()
    } else if (page.paused && page.waiting.length === 0 && page.inFlight < this.limits.maxInFlight / 2 && buffered <= this.limits.maxBufferedBytes / 2) {
      page.paused = false
      socket.resume()
    }
  }

  /** The page is past maxBufferedBytes: noted, and closed with a reason it shows once it stays there stallMs. */
  private behind(socket: WebSocket): void {
    const page = this.pages.get(socket)
    if (!page) return
    const now = Date.now()
    // Batches skip it from now on: held back, even if no request of its own ever paused it.
    page.heldBack = true
    page.behindSince ??= now
    this.watchPages()
    if (now - page.behindSince < this.limits.stallMs) return
    this.options.log.warn('bridge socket closed: the page stopped reading its replies and updates', {
      bufferedBytes: socket.bufferedAmount,
      inFlight: page.inFlight,
    })
    this.pages.delete(socket)
    this.logPeaks(page)
    page.waiting.length = 0
    socket.close(BRIDGE_TOO_FAR_BEHIND, BRIDGE_TOO_FAR_BEHIND_REASON)
    // Read again, or the page's answering close frame is never read and a page that catches up waits out its own timeout; what else it sends is dropped.
    socket.resume()
    // The close frame waits behind what the page does not read: the connection goes without it.
    setTimeout(() => socket.terminate(), this.limits.closeGraceMs).unref()
  }

  private watchPages(): void {
    if (this.watch) return
    this.watch = setInterval(() => {
      let waiting = false
      for (const [socket, page] of this.pages) {
        if (!page.paused && page.behindSince === null) continue
        this.dispatchWaiting(socket, page)
        waiting ||= page.paused || page.behindSince !== null
      }
      if (!waiting && this.watch) {
        clearInterval(this.watch)
        this.watch = null
      }
    }, 100)
    this.watch.unref()
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
    const page: PageState = { inFlight: 0, waiting: [], paused: false, behindSince: null, answered: true, scheduled: false, heldBack: false, peakInFlight: 0, peakBufferedBytes: 0 }
    this.pages.set(socket, page)
    socket.on('pong', () => (page.answered = true))
    socket.on('close', () => {
      // Closed for being too far behind: its peaks were logged then.
      if (this.pages.delete(socket)) this.logPeaks(page)
      page.waiting.length = 0
    })
    this.options
      .greeting?.()
      .then((events) => {
        const message = eventsText(events)
        for (const failure of message.failures) this.options.log.error('bridge event not sent', failure)
        if (socket.readyState === socket.OPEN) socket.send(message.text)
      })
      .catch((error: unknown) => this.options.log.warn('bridge greeting failed', error))
    socket.on('message', (data, isBinary) => {
      page.answered = true
      // Closing (too far behind): nothing more is answered.
      if (socket.readyState !== socket.OPEN) return
      page.waiting.push({ data, isBinary })
      this.dispatchWaiting(socket, page)
    })
  }

  /** Hands waiting requests to the core, in the order they came, while fewer than maxInFlight are there and the page is not too far behind. */
  private dispatchWaiting(socket: WebSocket, page: PageState): void {
    // Requests queued while the page is past maxBufferedBytes are as good as unread: their replies would only add to it.
    while (page.waiting.length > 0 && page.inFlight < this.limits.maxInFlight && socket.bufferedAmount <= this.limits.maxBufferedBytes) {
      const { data, isBinary } = page.waiting.shift()!
      page.inFlight++
      page.peakInFlight = Math.max(page.peakInFlight, page.inFlight)
      this.answer(socket, data, isBinary)
        .catch((error: unknown) => this.options.log.error('bridge request failed', errorSummary(toError(error))))
        .finally(() => {
          page.inFlight--
          this.dispatchSoon(socket, page)
        })
    }
    this.regulate(socket, page)
  }

  /**
   * The next requests go to the core after a turn of the event loop: answers
   * that come without I/O would otherwise chain one flooding page's whole
   * queue in microtasks, and other pages would wait for all of it.
   */
  private dispatchSoon(socket: WebSocket, page: PageState): void {
    if (page.scheduled) return
    page.scheduled = true
    setImmediate(() => {
      page.scheduled = false
      this.dispatchWaiting(socket, page)
    })
  }

  private notePeaks(socket: WebSocket): void {
    const page = this.pages.get(socket)
    if (page) page.peakBufferedBytes = Math.max(page.peakBufferedBytes, socket.bufferedAmount)
  }

  /** A page that was held back says, as it goes, how far: what the caps held it to. */
  private logPeaks(page: PageState): void {
    if (!page.heldBack) return
    this.options.log.info('bridge socket closed after it was held back', { peakInFlight: page.peakInFlight, peakBufferedBytes: page.peakBufferedBytes })
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
