/**
 * One WebSocket to the indexer (FeedSocket): connect, welcome, reconnects
 * with backoff, offline and sleep. The channels and the server's answers are
 * in socket-subscriptions.ts, one connection's parts in feed-connection.ts,
 * the heartbeat in socket-heartbeat.ts and the frame checks in frame-inbox.ts.
 * Over 400 lines because it is one thing: one state machine (stopped,
 * connecting, live, backing off, offline, asleep) whose transitions all read
 * and write the same few fields; what needs none of them is in those files.
 */
import type { ChannelStatus, ErrorInfo, SocketState } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { ServerFrame } from '../indexer/decode'
import { backoffDelay } from '../retry/backoff'
import { silentLogger, type Logger } from '../log/log'
import { FrameInbox } from './frame-inbox'
import { SocketHeartbeat } from './socket-heartbeat'
import { resolveSocketTiming, stoppedStatus, type SocketTiming } from './socket-defaults'
import { SocketSubscriptions } from './socket-subscriptions'
import type { FeedCounters, FeedSocketOptions, FeedStatus } from './feed-socket-options'
import { clearConnectionTimers, closeQuietly, loadWebSocketClient, openConnection, upgradeRefusal, webSocketClientLoaded, type Connection } from './feed-connection'

export type { FeedCounters, FeedSocketOptions, FeedStatus } from './feed-socket-options'

/**
 * One WebSocket to the indexer that comes back by itself: reconnects after
 * every close, clean or not, with exponential backoff and full jitter; waits
 * for `welcome` before subscribing; resubscribes every channel and tracks
 * each one's answer; keeps itself alive in both directions; goes quiet while
 * offline or asleep and reconnects at once when told the network or the
 * system is back.
 */
export class FeedSocket {
  private connection: Connection | null = null
  private readonly subscriptions: SocketSubscriptions
  private readonly status: FeedStatus
  private readonly inbox: FrameInbox
  private attempt = 0
  private attempts = 0
  private everLive = false
  private stopped = true
  private offline = false
  private suspended = false
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  /** An attempt is waiting for ws to load (the run's first). */
  private openWhenLoaded = false
  private lastAuthenticated: boolean | null = null
  /** The HTTP status of the last refused upgrade, until an upgrade succeeds. */
  private lastUpgradeRefusal: number | null = null
  private readonly now: () => number
  private readonly log: Logger
  /** The options' timings and caps, defaults filled in once. */
  private readonly timing: SocketTiming

  constructor(private readonly options: FeedSocketOptions) {
    this.timing = resolveSocketTiming(options)
    this.now = options.now ?? Date.now
    this.log = options.log ?? silentLogger
    this.subscriptions = new SocketSubscriptions(options.channels, {
      report: (problem) => this.report(problem),
      unknown: (description) => this.inbox.unknown(description),
      changed: () => this.emitStatus(),
      live: (channel) => this.options.onChannelLive?.(channel),
      refused: (channel, reason, message) => this.options.onChannelRefused?.(channel, reason, message),
    })
    this.status = stoppedStatus(this.now())
    this.inbox = new FrameInbox({
      maxFrameBytes: this.timing.maxFrameBytes,
      report: (p) => this.report(p),
      onDropped: () => this.options.onFrameDropped?.(),
      now: this.now,
    })
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.attempt = 0
    this.attempts = 0
    if (this.suspended) this.setStatus('offline', 'system asleep')
    else if (this.offline) this.waitOffline('network offline')
    else this.connect()
  }

  stop(): void {
    this.stopped = true
    this.clearRetry()
    this.dropConnection()
    this.setStatus('stopped', null)
  }

  /** Skip any backoff wait and connect again now (the user asked, or the network came back). */
  reconnectNow(reason: string): void {
    if (this.stopped || this.suspended) return
    this.log.info('live feed: reconnecting now', { url: this.options.url, reason })
    this.attempt = 0
    this.clearRetry()
    this.dropConnection()
    this.setStatus(this.offline ? 'offline' : 'connecting', reason)
    this.connect()
  }

  /**
   * What the OS says about the network. Offline: close and stop retrying
   * (apart from a slow probe). Back online: connect at once instead of
   * waiting out a backoff.
   */
  setOnline(online: boolean): void {
    if (!online) {
      if (this.offline) return
      this.offline = true
      if (this.stopped || this.suspended) return
      this.clearRetry()
      this.dropConnection()
      this.waitOffline('network offline')
      return
    }
    const wasOffline = this.offline
    this.offline = false
    if (this.stopped || this.suspended) return
    const connection = this.connection
    if (connection) {
      // A probe is already under way (or the socket is up): let it finish.
      this.setStatus(connection.welcomed ? 'live' : 'connecting', connection.welcomed ? null : 'network back')
      return
    }
    if (wasOffline || this.status.state === 'backing-off') this.reconnectNow('network back')
  }

  /** The system goes to sleep: close now rather than leave a socket that will be dead on wake. */
  suspend(): void {
    this.suspended = true
    if (this.stopped) return
    this.clearRetry()
    this.dropConnection()
    this.setStatus('offline', 'system asleep')
  }

  /** The system woke up: connect at once. */
  resume(): void {
    const wasSuspended = this.suspended
    this.suspended = false
    if (this.stopped) return
    if (!wasSuspended && this.connection?.welcomed) {
      // A wake without a sleep notice: the socket may have died meanwhile; a ping finds out fast.
      this.connection.heartbeat?.checkAlive()
      return
    }
    if (this.offline) {
      this.clearRetry()
      this.dropConnection()
      this.setStatus('offline', 'network offline; checking after wake')
      this.connect()
      return
    }
    this.reconnectNow('system resumed')
  }

  subscribe(channel: string): ChannelStatus[] {
    if (this.subscriptions.add(channel, this.connection)) this.emitStatus()
    return this.channels()
  }

  unsubscribe(channel: string): ChannelStatus[] {
    if (this.subscriptions.remove(channel, this.connection)) this.emitStatus()
    return this.channels()
  }

  has(channel: string): boolean {
    return this.subscriptions.has(channel)
  }

  channels(): ChannelStatus[] {
    return this.subscriptions.statuses()
  }

  /** Channels held, acknowledged or not (a socket's load). */
  channelCount(): number {
    return this.subscriptions.size
  }

  /** Channels the server acknowledged on this connection. */
  subscribedCount(): number {
    return this.subscriptions.subscribedCount()
  }

  current(): FeedStatus {
    return { ...this.status }
  }

  counters(): FeedCounters {
    return { ...this.inbox.counters, reconnects: this.status.reconnects }
  }

  /** What the server said in its welcome, null before one (or when it sends none). */
  authenticated(): boolean | null {
    return this.lastAuthenticated
  }

  // --- connection -----------------------------------------------------------

  private connect(): void {
    if (this.stopped || this.suspended) return
    // Attempts are counted apart from reconnects: a try that fails is not a reconnect.
    if (this.attempts++ > 0) this.status.attempts = (this.status.attempts ?? 0) + 1
    this.subscriptions.resetForAttempt()
    this.status.latencyMs = null
    if (this.offline) this.setStatus('offline', 'network offline; checking')
    else this.setStatus('connecting', this.status.reason)
    if (webSocketClientLoaded()) this.open()
    else this.openOnceLoaded()
  }

  /** The first attempt of the run loads ws; dropping the attempt meanwhile (stop, sleep, offline, a reconnect) cancels the open. */
  private openOnceLoaded(): void {
    this.openWhenLoaded = true
    loadWebSocketClient().then(
      () => {
        // Cleared by whatever dropped the attempt meanwhile (dropConnection: stop, sleep, offline, a reconnect).
        if (!this.openWhenLoaded) return
        this.openWhenLoaded = false
        this.open()
      },
      (error: unknown) => {
        if (!this.openWhenLoaded) return
        this.openWhenLoaded = false
        this.scheduleReconnect(`cannot load the WebSocket client: ${toErrorInfo(error).message}`)
      },
    )
  }

  private open(): void {
    let connection: Connection
    try {
      connection = openConnection(this.options.url, this.options.headers?.() ?? {}, this.timing)
    } catch (error) {
      this.scheduleReconnect(`cannot open socket: ${toErrorInfo(error).message}`)
      return
    }
    const { socket } = connection
    this.connection = connection
    const current = () => this.connection === connection
    socket.on('open', () => {
      if (!current()) return
      this.lastUpgradeRefusal = null
      connection.traffic++
      this.startHeartbeat(connection)
      connection.welcomeTimer = setTimeout(() => {
        connection.welcomeTimer = null
        connection.welcomedByTimeout = true
        this.onWelcome(connection)
      }, this.timing.welcomeTimeoutMs)
    })
    socket.on('message', (data, isBinary) => {
      if (!current()) return
      connection.traffic++
      const frame = this.inbox.accept(data, isBinary)
      if (frame) this.onFrame(connection, frame)
    })
    socket.on('pong', (payload) => {
      if (!current()) return
      connection.traffic++
      connection.heartbeat?.pong(payload.toString())
    })
    socket.on('ping', () => {
      // ws answers pings itself; a ping still proves the peer is alive.
      if (current()) connection.traffic++
    })
    socket.on('unexpected-response', (_request, response) => {
      const { status, message, retryAfterMs } = upgradeRefusal(response)
      connection.cause = message
      if (retryAfterMs > 0) connection.retryAfterMs = retryAfterMs
      response.resume()
      // Once per run of refusals with the same status, not at every retry.
      if (this.lastUpgradeRefusal !== status) this.report({ code: 'HTTP', message, status, retryable: true })
      this.lastUpgradeRefusal = status
      socket.terminate()
    })
    socket.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.inbox.oversizedBeyondHardLimit(error.message)
      // 'close' follows; the cause is kept for the status line.
      connection.cause ??= error.message
    })
    socket.on('close', (code, reason) => {
      if (!current()) return
      this.connection = null
      clearConnectionTimers(connection)
      this.subscriptions.unsubscribeLocally()
      if (connection.liveSince !== null && this.now() - connection.liveSince >= this.timing.stableAfterMs) this.attempt = 0
      const text = reason.toString()
      const why = connection.cause ?? `closed (${code})${text ? `: ${text}` : ''}`
      this.log.info('live feed: connection closed', { url: this.options.url, code, reason: why })
      this.scheduleReconnect(why, connection.retryAfterMs)
    })
  }

  private onFrame(connection: Connection, frame: ServerFrame): void {
    switch (frame.kind) {
      case 'welcome':
        this.lastAuthenticated = frame.authenticated
        if (connection.welcomed && connection.welcomedByTimeout) {
          // Subscribes sent before a late welcome may have been dropped: send those again.
          connection.welcomedByTimeout = false
          this.subscriptions.resubscribePending(connection)
          return
        }
        this.onWelcome(connection)
        return
      case 'subscribed':
        this.subscriptions.acknowledged(connection, frame.channel)
        return
      case 'error':
        this.subscriptions.serverError(connection, frame.message, frame.channel)
        return
      case 'unsubscribed':
      case 'pong':
        return
      case 'event':
        this.onEvent(connection, frame.channel, frame.data)
        return
    }
  }

  private onWelcome(connection: Connection): void {
    if (connection.welcomed || this.connection !== connection) return
    if (connection.welcomeTimer) clearTimeout(connection.welcomeTimer)
    connection.welcomeTimer = null
    connection.welcomed = true
    connection.liveSince = this.now()
    if (this.everLive) this.status.reconnects++
    this.everLive = true
    this.status.attempts = 0
    // Reaching the server proves the network is up, whatever the OS said.
    this.offline = false
    this.subscriptions.subscribeAll(connection)
    this.log.info('live feed: live', { url: this.options.url, channels: this.subscriptions.size })
    this.setStatus('live', null)
  }

  private onEvent(connection: Connection, channel: string, data: unknown): void {
    if (!this.subscriptions.eventArrived(connection, channel)) return
    this.status.lastEventAt = this.now()
    try {
      this.options.onEvent(channel, data)
    } catch (error) {
      this.report(toErrorInfo(error))
    }
  }

  // --- keep-alive and dead-peer detection ----------------------------------

  private startHeartbeat(connection: Connection): void {
    const current = () => this.connection === connection
    connection.heartbeat = new SocketHeartbeat(this.timing, {
      current,
      open: () => current() && connection.socket.readyState === connection.socket.OPEN,
      ping: (payload) => connection.socket.ping(payload),
      keepAlive: () => this.subscriptions.keepAlive(connection),
      traffic: () => connection.traffic,
      dead: (cause) => {
        connection.cause = cause
        this.report({ code: 'TIMEOUT', message: `Live connection lost: ${cause}`, retryable: true })
        connection.socket.terminate()
      },
      note: (message) => this.log.warn(message, { url: this.options.url }),
      latency: (latency) => {
        const changed = this.status.latencyMs === null || Math.abs((this.status.latencyMs ?? 0) - latency) >= 1
        this.status.latencyMs = latency
        if (changed) this.emitStatus()
      },
    })
    connection.heartbeat.start()
  }

  // --- retry ----------------------------------------------------------------

  private scheduleReconnect(reason: string, minimumDelayMs = 0): void {
    if (this.stopped || this.suspended) return
    this.clearRetry()
    if (this.offline) {
      this.waitOffline(`network offline (last attempt: ${reason})`)
      return
    }
    const jittered = backoffDelay(this.attempt++, this.timing.backoffBaseMs, this.timing.backoffCapMs, this.options.random)
    const delay = Math.max(jittered, minimumDelayMs)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.connect()
    }, delay)
    this.setStatus('backing-off', reason, delay)
  }

  /** Offline: no retries, apart from a slow probe when configured. */
  private waitOffline(reason: string): void {
    const probeMs = this.timing.offlineProbeMs
    if (probeMs > 0) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null
        this.connect()
      }, probeMs)
    }
    this.setStatus('offline', reason, probeMs > 0 ? probeMs : null)
  }

  private dropConnection(): void {
    this.openWhenLoaded = false
    const connection = this.connection
    this.connection = null
    if (!connection) return
    this.subscriptions.unsubscribeLocally()
    closeQuietly(connection)
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
  }

  // --- status ---------------------------------------------------------------

  /** `retryInMs`: when the next attempt is due, for the backing-off and offline states. */
  private setStatus(state: SocketState, reason: string | null, retryInMs: number | null = null): void {
    const now = this.now()
    if (socketPhase(state) !== socketPhase(this.status.state)) this.status.since = now
    if (state !== 'live') this.status.latencyMs = null
    this.status.state = state
    this.status.reason = reason
    this.status.nextRetryAt = retryInMs === null ? null : now + retryInMs
    this.emitStatus()
  }

  private emitStatus(): void {
    try {
      this.options.onStatus?.(this.current(), this.channels())
    } catch (error) {
      this.report(toErrorInfo(error))
    }
  }

  private report(problem: ErrorInfo): void {
    try {
      this.options.onProblem?.(problem)
    } catch {
      // A failing listener must not stop the feed.
    }
  }
}

/**
 * What "since" counts from: trying to connect and waiting to try again are
 * one stretch of not being live, not a new state at every attempt.
 */
export function socketPhase(state: SocketState): string {
  return state === 'connecting' || state === 'backing-off' ? 'trying' : state
}
