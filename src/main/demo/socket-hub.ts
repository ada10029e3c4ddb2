/**
 * The WebSocket side of the demo indexer (/ws): welcome, subscribe and
 * unsubscribe with the reference deployment's answers and errors, per
 * connection subscription limit, idle close and protocol pings. Subscribers
 * are indexed by channel and each event is serialised once for all of them.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { isBase58Address } from './base58'

export interface SocketHubOptions {
  /** Session token that authenticates (cookie or Bearer). */
  credential: string
  cookieName: string
  /** Whether a session cookie value is a live sign-in session. */
  isSession?: (token: string) => boolean
  /** The user (pubkey) a live session belongs to, null for none; with it, notices for one user reach only that user. */
  sessionUser?: (token: string) => string | null
  idleTimeoutMs: number
  pingIntervalMs: number
  subscriptionLimit: number
  /** Refuse `proofs:circuit:{id}`, as the reference deployment does. */
  refuseCircuitChannel: boolean
  /**
   * With a credential, wait this long before the welcome and drop what the
   * client sends meanwhile (the reference deployment's session lookup).
   */
  welcomeDelayMs: number
  /** A client that falls this far behind is disconnected rather than buffered without end. */
  maxBufferedBytes: number
}

/** How upgrade requests are answered while refused (an overloaded or locked-down server). */
export interface UpgradeRefusal {
  status: number
  /** Seconds, sent as Retry-After. */
  retryAfter?: number
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

interface Client {
  readonly socket: WebSocket
  readonly authenticated: boolean
  /** The signed-in user, when the hub can tell. */
  readonly user: string | null
  readonly channels: Set<string>
  readonly idleTimer: NodeJS.Timeout
  welcomeTimer: NodeJS.Timeout | undefined
  ready: boolean
}

const CIRCUIT_CHANNEL = /^proofs:circuit:[1-9]\d{0,9}$/
const ADDRESS_CHANNEL = /^address:([^:]+):txs$/

export class SocketHub {
  private readonly server = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1024 * 1024 })
  private readonly clients = new Set<Client>()
  private readonly subscribers = new Map<string, Set<Client>>()
  private readonly pingTimer: NodeJS.Timeout
  private upgradeRefusal: UpgradeRefusal | null = null

  constructor(private readonly options: SocketHubOptions) {
    this.pingTimer = setInterval(() => {
      for (const client of this.clients) client.socket.ping()
    }, options.pingIntervalMs)
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refusal = this.upgradeRefusal
    if (refusal !== null) {
      const retryAfter = refusal.retryAfter === undefined ? '' : `Retry-After: ${refusal.retryAfter}\r\n`
      const text = STATUS_TEXT[refusal.status] ?? 'Refused'
      socket.end(`HTTP/1.1 ${refusal.status} ${text}\r\nConnection: close\r\n${retryAfter}Content-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`)
      return
    }
    const authenticated = this.carriesCredential(request)
    const user = authenticated ? this.userOf(request) : null
    this.server.handleUpgrade(request, socket, head, (ws) => this.accept(ws, authenticated, user))
  }

  hasSubscribers(channel: string): boolean {
    return this.subscribers.has(channel)
  }

  /** Sends `{type: channel, data}` to the channel's subscribers; `dataJson` is already serialised. */
  publishJson(channel: string, dataJson: string): void {
    const subscribers = this.subscribers.get(channel)
    if (subscribers === undefined) return
    const frame = Buffer.from(`{"type":${JSON.stringify(channel)},"data":${dataJson}}`)
    for (const client of subscribers) this.send(client, frame)
  }

  publish(channel: string, data: unknown): void {
    if (this.subscribers.has(channel)) this.publishJson(channel, JSON.stringify(data))
  }

  /** Sends `{type: channel, data}` only to the channel's subscribers signed in as `user`. */
  publishToUser(channel: string, user: string, data: unknown): void {
    const subscribers = this.subscribers.get(channel)
    if (subscribers === undefined) return
    let frame: Buffer | undefined
    for (const client of subscribers) {
      if (client.user !== user) continue
      frame ??= Buffer.from(JSON.stringify({ type: channel, data }))
      this.send(client, frame)
    }
  }

  connectionCount(): number {
    return this.clients.size
  }

  /** Channels with at least one subscriber, for tests. */
  subscribedChannels(): string[] {
    return [...this.subscribers.keys()]
  }

  /** Answers every upgrade with `refusal` until called with null; open connections stay. */
  refuseUpgrades(refusal: UpgradeRefusal | null): void {
    this.upgradeRefusal = refusal
  }

  /** How many channels each open connection holds. */
  subscriptionCounts(): number[] {
    return [...this.clients].map((client) => client.channels.size)
  }

  /** Cuts every connection without a close handshake (the client sees 1006). */
  dropAll(): number {
    const count = this.clients.size
    for (const client of [...this.clients]) client.socket.terminate()
    return count
  }

  /** Closes every connection cleanly with `code` and `reason`. */
  closeAll(code = 1001, reason = 'server going away'): number {
    const count = this.clients.size
    for (const client of [...this.clients]) client.socket.close(code, reason)
    return count
  }

  /** Sends `data` as is to every connection (e.g. a malformed frame); a Buffer goes as a text frame unless `binary`. */
  sendRawToAll(data: string | Buffer, binary = false): void {
    for (const client of this.clients) if (client.socket.readyState === client.socket.OPEN) client.socket.send(data, { binary })
  }

  close(): Promise<void> {
    clearInterval(this.pingTimer)
    for (const client of [...this.clients]) {
      this.forget(client)
      client.socket.terminate()
    }
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private accept(socket: WebSocket, authenticated: boolean, user: string | null): void {
    const delayWelcome = authenticated && this.options.welcomeDelayMs > 0
    const client: Client = {
      socket,
      authenticated,
      user,
      channels: new Set(),
      // Only client messages count as activity: pings, pongs and events do not.
      idleTimer: setTimeout(() => socket.close(1000, 'idle timeout'), this.options.idleTimeoutMs),
      welcomeTimer: undefined,
      ready: !delayWelcome,
    }
    this.clients.add(client)
    socket.on('message', (data) => this.onMessage(client, data))
    socket.on('close', () => this.forget(client))
    socket.on('error', () => socket.terminate())
    if (delayWelcome) {
      client.welcomeTimer = setTimeout(() => {
        client.ready = true
        this.sendJson(client, { type: 'welcome', authenticated })
      }, this.options.welcomeDelayMs)
    } else {
      this.sendJson(client, { type: 'welcome', authenticated })
    }
  }

  private onMessage(client: Client, data: RawData): void {
    client.idleTimer.refresh()
    if (!client.ready) return
    let message: unknown
    try {
      message = JSON.parse(rawToString(data))
    } catch {
      this.sendJson(client, { type: 'error', error: 'Invalid JSON' })
      return
    }
    if (typeof message !== 'object' || message === null) return
    const { type, channel } = message as { type?: unknown; channel?: unknown }
    if (type === 'subscribe') this.subscribe(client, channel)
    else if (type === 'unsubscribe' && typeof channel === 'string') this.unsubscribe(client, channel)
    // Anything else (a keep-alive, an unknown type) is ignored, but did count as activity.
  }

  private subscribe(client: Client, channel: unknown): void {
    if (typeof channel === 'string' && client.channels.has(channel)) return
    if (typeof channel !== 'string' || !this.allows(client, channel)) {
      this.sendJson(client, { type: 'error', error: `Channel not allowed: ${String(channel)}` })
      return
    }
    if (client.channels.size >= this.options.subscriptionLimit) {
      this.sendJson(client, { type: 'error', error: 'Subscription limit reached' })
      return
    }
    client.channels.add(channel)
    let subscribers = this.subscribers.get(channel)
    if (subscribers === undefined) {
      subscribers = new Set()
      this.subscribers.set(channel, subscribers)
    }
    subscribers.add(client)
    this.sendJson(client, { type: 'subscribed', channel })
  }

  private unsubscribe(client: Client, channel: string): void {
    if (!client.channels.delete(channel)) return
    this.removeSubscriber(channel, client)
  }

  private allows(client: Client, channel: string): boolean {
    if (channel === 'stats' || channel === 'proofs') return true
    if (channel === 'user:notifications' || channel === 'user:proofs') return client.authenticated
    if (CIRCUIT_CHANNEL.test(channel)) return !this.options.refuseCircuitChannel
    const address = ADDRESS_CHANNEL.exec(channel)?.[1]
    return address !== undefined && isBase58Address(address)
  }

  private forget(client: Client): void {
    if (!this.clients.delete(client)) return
    clearTimeout(client.idleTimer)
    clearTimeout(client.welcomeTimer)
    for (const channel of client.channels) this.removeSubscriber(channel, client)
    client.channels.clear()
  }

  private removeSubscriber(channel: string, client: Client): void {
    const subscribers = this.subscribers.get(channel)
    if (subscribers === undefined) return
    subscribers.delete(client)
    if (subscribers.size === 0) this.subscribers.delete(channel)
  }

  private sendJson(client: Client, message: unknown): void {
    this.send(client, Buffer.from(JSON.stringify(message)))
  }

  private send(client: Client, frame: Buffer): void {
    const socket = client.socket
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      socket.terminate()
      return
    }
    socket.send(frame, { binary: false })
  }

  /** The user of the upgrade's session: its cookie, or the static credential (cookie or Bearer) as the hub's owner says. */
  private userOf(request: IncomingMessage): string | null {
    const { credential, cookieName, sessionUser } = this.options
    if (sessionUser === undefined) return null
    const authorization = request.headers.authorization
    if (credential !== '' && authorization === `Bearer ${credential}`) return sessionUser(credential)
    for (const pair of (request.headers.cookie ?? '').split(';')) {
      const separator = pair.indexOf('=')
      if (separator < 0 || pair.slice(0, separator).trim() !== cookieName) continue
      const user = sessionUser(decodeCookie(pair.slice(separator + 1).trim()))
      if (user !== null) return user
    }
    return null
  }

  private carriesCredential(request: IncomingMessage): boolean {
    const { credential, cookieName, isSession } = this.options
    const authorization = request.headers.authorization
    if (credential !== '' && authorization !== undefined && authorization === `Bearer ${credential}`) return true
    const cookies = request.headers.cookie
    if (cookies === undefined) return false
    return cookies.split(';').some((pair) => {
      const separator = pair.indexOf('=')
      if (separator < 0 || pair.slice(0, separator).trim() !== cookieName) return false
      const value = decodeCookie(pair.slice(separator + 1).trim())
      return (credential !== '' && value === credential) || (isSession?.(value) ?? false)
    })
  }
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

function decodeCookie(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
