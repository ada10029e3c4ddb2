/**
 * Keeps one socket alive in both directions and finds a dead peer: a client
 * message before the server's idle limit (re-armed by every send), a
 * protocol ping at an interval (its pong gives the latency), and after a
 * ping a deadline by which some inbound traffic must have come.
 */
import type { SocketTiming } from './socket-defaults'

/** Resolved by the owner (socket-defaults.ts): the heartbeat has no defaults of its own. */
export type HeartbeatTiming = Pick<SocketTiming, 'keepAliveMs' | 'pingIntervalMs' | 'pongTimeoutMs'>

export interface HeartbeatHooks {
  /** Still the feed's current connection. */
  current(): boolean
  /** Current and open. */
  open(): boolean
  /** Sends a protocol ping; may throw while the socket closes. */
  ping(payload: string): void
  /** Sends a client message the server answers with nothing. */
  keepAlive(): void
  /** Inbound traffic of any kind seen so far on this connection. */
  traffic(): number
  /** Nothing came back in time: the peer is gone. */
  dead(cause: string): void
  latency(ms: number): void
  /** Something worth a log line that changes nothing yet (pings going unanswered while other traffic flows). */
  note?(message: string): void
}

/** Pings in a row without a pong before it is said; the connection itself is judged by traffic alone. */
const UNANSWERED_NOTE_AFTER = 3

export class SocketHeartbeat {
  private seq = 0
  private readonly sentAt = new Map<string, number>()
  private keepAliveTimer: ReturnType<typeof setTimeout> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private pongDeadline: ReturnType<typeof setTimeout> | null = null
  /** Pings sent since the last pong; said once per run of them, so a peer that never pongs is not silent. */
  private unanswered = 0

  constructor(
    private readonly timing: HeartbeatTiming,
    private readonly hooks: HeartbeatHooks,
  ) {}

  start(): void {
    this.keepAliveTimer = setTimeout(() => this.keepAlive(), this.timing.keepAliveMs)
    this.pingTimer = setInterval(() => this.checkAlive(), this.timing.pingIntervalMs)
    // One ping at once, so the connection's latency is known from the start rather than after the first interval.
    this.sendPing()
  }

  /** A client message went out: the keep-alive waits a whole interval again. */
  sent(): void {
    this.keepAliveTimer?.refresh()
  }

  pong(payload: string): void {
    const sentAt = this.sentAt.get(payload)
    if (sentAt === undefined) return
    if (this.unanswered > UNANSWERED_NOTE_AFTER) this.hooks.note?.(`live socket: pongs again after ${this.unanswered - 1} unanswered pings`)
    this.unanswered = 0
    for (const key of [...this.sentAt.keys()]) {
      this.sentAt.delete(key)
      if (key === payload) break
    }
    this.hooks.latency(Math.round((performance.now() - sentAt) * 10) / 10)
  }

  stop(): void {
    if (this.keepAliveTimer) clearTimeout(this.keepAliveTimer)
    if (this.pingTimer) clearInterval(this.pingTimer)
    if (this.pongDeadline) clearTimeout(this.pongDeadline)
    this.keepAliveTimer = this.pingTimer = this.pongDeadline = null
  }

  private sendPing(): void {
    const payload = String(++this.seq)
    this.unanswered++
    if (this.unanswered === UNANSWERED_NOTE_AFTER + 1) {
      this.hooks.note?.(`live socket: ${UNANSWERED_NOTE_AFTER} pings in a row got no pong; the connection is kept while other traffic arrives`)
    }
    this.sentAt.set(payload, performance.now())
    if (this.sentAt.size > 16) this.sentAt.delete(this.sentAt.keys().next().value!)
    try {
      this.hooks.ping(payload)
    } catch {
      // A socket closing under us: 'close' follows.
    }
  }

  private keepAlive(): void {
    if (!this.hooks.current()) return
    this.hooks.keepAlive()
    this.keepAliveTimer?.refresh()
  }

  /** Pings; when nothing at all arrives within pongTimeoutMs the peer is gone. */
  checkAlive(): void {
    if (!this.hooks.open()) return
    this.sendPing()
    if (this.pongDeadline) return
    const trafficAtPing = this.hooks.traffic()
    const timeoutMs = this.timing.pongTimeoutMs
    this.pongDeadline = setTimeout(() => {
      this.pongDeadline = null
      if (!this.hooks.current() || this.hooks.traffic() !== trafficAtPing) return
      // The pings counted here are the ones the close is for: said with the cause, in the log line of the close.
      this.hooks.dead(`no answer from the indexer within ${timeoutMs} ms (dead connection; ${this.unanswered} pings unanswered)`)
    }, timeoutMs)
  }
}
