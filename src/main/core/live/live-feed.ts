import WebSocket from 'ws'
import type { ChannelStatus, ConnectionState, ErrorInfo, SocketState } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { decodeServerFrame } from '../indexer/decode'
import { backoffDelay } from '../backoff'

export type FeedStatus = ConnectionState['socket']

export interface LiveFeedOptions {
  url: string
  channels: readonly string[]
  /** Sent on the upgrade request (credentials). */
  headers?: () => Record<string, string>
  onEvent: (channel: string, data: unknown) => void
  onStatus?: (status: FeedStatus, channels: ChannelStatus[]) => void
  onProblem?: (problem: ErrorInfo) => void
  backoffBaseMs?: number
  backoffCapMs?: number
  /** A client message this often keeps servers with an idle timeout (5 min on the reference) from closing us. */
  keepAliveMs?: number
  /** Protocol ping this often; no traffic within pongTimeoutMs means a dead peer. */
  pingIntervalMs?: number
  pongTimeoutMs?: number
  /** Servers that send no welcome are subscribed to after this long. */
  welcomeTimeoutMs?: number
  maxFrameBytes?: number
  random?: () => number
  now?: () => number
}

/**
 * One WebSocket to the indexer that comes back by itself: reconnects after
 * every close, waits for `welcome` before subscribing, resubscribes every
 * channel, and keeps itself alive.
 */
export class LiveFeed {
  private socket: WebSocket | null = null
  private readonly channelState = new Map<string, ChannelStatus>()
  private status: FeedStatus
  private attempt = 0
  private stopped = true
  private welcomed = false
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private welcomeTimer: ReturnType<typeof setTimeout> | null = null
  private keepAliveTimer: ReturnType<typeof setInterval> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private lastTrafficAt = 0
  private readonly now: () => number

  constructor(private readonly options: LiveFeedOptions) {
    this.now = options.now ?? Date.now
    for (const channel of options.channels) this.channelState.set(channel, { channel, state: 'pending' })
    this.status = { state: 'stopped', reason: null, nextRetryAt: null, since: this.now(), reconnects: 0, lastEventAt: null }
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.connect()
  }

  stop(): void {
    this.stopped = true
    this.clearTimers()
    this.dropSocket()
    this.setStatus('stopped', null)
  }

  /** Skip any backoff wait and connect again now (resume from sleep, network back). */
  reconnectNow(reason: string): void {
    if (this.stopped) return
    this.attempt = 0
    this.dropSocket()
    this.clearTimers()
    this.status.reconnects++
    this.setStatus('connecting', reason)
    this.connect()
  }

  subscribe(channel: string): ChannelStatus[] {
    if (!this.channelState.has(channel)) {
      this.channelState.set(channel, { channel, state: 'pending' })
      if (this.welcomed) this.send({ type: 'subscribe', channel })
      this.emitStatus()
    }
    return this.channels()
  }

  unsubscribe(channel: string): ChannelStatus[] {
    if (this.channelState.delete(channel)) {
      if (this.welcomed) this.send({ type: 'unsubscribe', channel })
      this.emitStatus()
    }
    return this.channels()
  }

  channels(): ChannelStatus[] {
    return [...this.channelState.values()].map((c) => ({ ...c }))
  }

  current(): FeedStatus {
    return { ...this.status }
  }

  private connect(): void {
    this.welcomed = false
    for (const entry of this.channelState.values()) {
      entry.state = 'pending'
      delete entry.error
    }
    this.setStatus('connecting', this.status.reason)
    let socket: WebSocket
    try {
      socket = new WebSocket(this.options.url, {
        headers: this.options.headers?.() ?? {},
        maxPayload: this.options.maxFrameBytes ?? 1024 * 1024,
        handshakeTimeout: 10_000,
        perMessageDeflate: false,
      })
    } catch (error) {
      this.scheduleReconnect(`cannot open socket: ${toErrorInfo(error).message}`)
      return
    }
    this.socket = socket
    socket.on('open', () => {
      this.lastTrafficAt = this.now()
      this.startHeartbeat()
      this.welcomeTimer = setTimeout(() => this.onWelcome(), this.options.welcomeTimeoutMs ?? 3000)
    })
    socket.on('message', (data, isBinary) => {
      this.lastTrafficAt = this.now()
      this.onMessage(data, isBinary)
    })
    socket.on('pong', () => {
      this.lastTrafficAt = this.now()
    })
    socket.on('ping', () => {
      // ws answers pings itself; a ping still proves the peer is alive.
      this.lastTrafficAt = this.now()
    })
    socket.on('unexpected-response', (_request, response) => {
      this.report({ code: 'HTTP', message: `Socket upgrade refused with HTTP ${response.statusCode}`, status: response.statusCode ?? undefined, retryable: true })
      socket.terminate()
    })
    socket.on('error', (error) => {
      // 'close' follows; the reason is kept for the status line.
      this.status.reason = error.message
    })
    socket.on('close', (code, reason) => {
      if (this.socket !== socket) return
      this.socket = null
      this.clearTimers()
      const text = reason.toString() || this.status.reason || 'connection closed'
      this.scheduleReconnect(`closed (${code}): ${text}`)
    })
  }

  private onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    if (isBinary) {
      this.report({ code: 'DECODE', message: 'Unreadable socket frame: binary data, expected JSON text' })
      return
    }
    const text = data.toString()
    let frame
    try {
      frame = decodeServerFrame(text)
    } catch (error) {
      const info = toErrorInfo(error)
      this.report({ ...info, message: `Unreadable socket frame: ${info.message}` })
      return
    }
    switch (frame.kind) {
      case 'welcome':
        this.onWelcome()
        break
      case 'subscribed': {
        const entry = this.channelState.get(frame.channel)
        if (entry) {
          entry.state = 'subscribed'
          delete entry.error
          this.emitStatus()
        }
        break
      }
      case 'unsubscribed':
      case 'pong':
        break
      case 'error': {
        const entry = frame.channel ? this.channelState.get(frame.channel) : undefined
        if (entry) {
          entry.state = 'refused'
          entry.error = frame.message
          this.emitStatus()
        }
        this.report({ code: 'SOCKET', message: `Indexer socket: ${frame.message}` })
        break
      }
      case 'event':
        if (!this.channelState.has(frame.channel)) {
          this.report({ code: 'DECODE', message: `Unexpected socket frame: an event for ${frame.channel}, which is not subscribed`, received: text.slice(0, 200) })
          break
        }
        this.status.lastEventAt = this.now()
        try {
          this.options.onEvent(frame.channel, frame.data)
        } catch (error) {
          this.report(toErrorInfo(error))
        }
        break
    }
  }

  private onWelcome(): void {
    if (this.welcomed || !this.socket) return
    if (this.welcomeTimer) clearTimeout(this.welcomeTimer)
    this.welcomeTimer = null
    this.welcomed = true
    this.attempt = 0
    for (const channel of this.channelState.keys()) this.send({ type: 'subscribe', channel })
    this.setStatus('live', null)
  }

  private startHeartbeat(): void {
    const keepAliveMs = this.options.keepAliveMs ?? 60_000
    const pingIntervalMs = this.options.pingIntervalMs ?? 20_000
    const pongTimeoutMs = this.options.pongTimeoutMs ?? 10_000
    // A repeated subscribe is answered by nothing on the reference server, yet
    // counts as client activity for its idle timeout.
    this.keepAliveTimer = setInterval(() => {
      const channel = this.channelState.keys().next().value ?? 'stats'
      this.send({ type: 'subscribe', channel })
    }, keepAliveMs)
    this.pingTimer = setInterval(() => {
      const socket = this.socket
      if (!socket) return
      if (this.now() - this.lastTrafficAt > pingIntervalMs + pongTimeoutMs) {
        this.status.reason = 'no answer from the indexer (dead connection)'
        socket.terminate()
        return
      }
      socket.ping()
    }, pingIntervalMs)
  }

  private scheduleReconnect(reason: string): void {
    if (this.stopped) return
    const delay = backoffDelay(this.attempt++, this.options.backoffBaseMs ?? 500, this.options.backoffCapMs ?? 30_000, this.options.random)
    this.status.nextRetryAt = this.now() + delay
    this.setStatus('backing-off', reason)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.status.reconnects++
      this.connect()
    }, delay)
  }

  private send(message: { type: string; channel: string }): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message))
  }

  private dropSocket(): void {
    const socket = this.socket
    this.socket = null
    if (socket) {
      socket.removeAllListeners()
      socket.on('error', () => {})
      socket.terminate()
    }
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.welcomeTimer) clearTimeout(this.welcomeTimer)
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer)
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.retryTimer = this.welcomeTimer = this.keepAliveTimer = this.pingTimer = null
  }

  private setStatus(state: SocketState, reason: string | null): void {
    if (state !== this.status.state) this.status.since = this.now()
    if (state !== 'backing-off') this.status.nextRetryAt = null
    this.status.state = state
    this.status.reason = reason
    this.emitStatus()
  }

  private emitStatus(): void {
    this.options.onStatus?.(this.current(), this.channels())
  }

  private report(problem: ErrorInfo): void {
    this.options.onProblem?.(problem)
  }
}
