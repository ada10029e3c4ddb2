/**
 * The live connection to one indexer as the monitor sees it: channels spread
 * over as many sockets as the server's per-connection subscription limit
 * needs, one status for all of them, and one status per channel.
 */
import type { ChannelStatus, ErrorInfo, SocketState } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { FeedSocket, socketPhase, type FeedCounters, type FeedStatus, type FeedSocketOptions } from './feed-socket'
import type { RefusalReason } from './frame-errors'
import { stoppedStatus } from './socket-defaults'

export interface SocketPoolOptions extends Omit<FeedSocketOptions, 'onStatus' | 'onChannelRefused' | 'onChannelLive'> {
  /** The aggregate status (see SocketPool) and every channel with the socket that carries it. */
  onStatus?: (status: FeedStatus, channels: ChannelStatus[]) => void
  /** The server acknowledged `channel`, first or again after a reconnect: time to fetch what was missed. */
  onChannelLive?: (channel: string) => void
  /** The most sockets opened to one indexer. Default 16. */
  maxSockets?: number
  /** Channels per socket when known in advance; otherwise learned from the server's limit refusals. */
  channelsPerSocket?: number
}

/** One socket of the pool, for the health panel. */
export interface SocketSummary {
  index: number
  status: FeedStatus
  /** Channels placed on it, acknowledged or not. */
  channels: number
  subscribed: number
  /** What its welcome said; null before one. */
  authenticated: boolean | null
  counters: FeedCounters
}

const EMPTY_COUNTERS: FeedCounters = { framesReceived: 0, malformed: 0, oversized: 0, unknown: 0, reconnects: 0 }

function addCounters(a: FeedCounters, b: FeedCounters): FeedCounters {
  return {
    framesReceived: a.framesReceived + b.framesReceived,
    malformed: a.malformed + b.malformed,
    oversized: a.oversized + b.oversized,
    unknown: a.unknown + b.unknown,
    reconnects: a.reconnects + b.reconnects,
  }
}

/**
 * Places channels on sockets: all on the first until the server answers a
 * subscribe with its limit refusal, then as many per socket as that socket
 * had acknowledged, opening sockets as needed (up to maxSockets). Other
 * refusals stay on their socket, marked with the server's text and a reason.
 *
 * Aggregate state, most telling first: `stopped` when stopped; `live` when
 * every socket is live; `offline` when any is offline (the OS said so, or the
 * system sleeps); `backing-off` when any is (its reason, and the earliest
 * retry); else `connecting`. Channels on sockets that are live stay
 * `subscribed` meanwhile, so the per-channel list shows what still flows.
 */
export class SocketPool {
  private readonly feeds: FeedSocket[] = []
  /** Each channel's socket; channels refused for the limit with nowhere to go have none. */
  private readonly placement = new Map<string, FeedSocket>()
  /** Every channel, in the order asked for. */
  private readonly order = new Set<string>()
  private readonly unplaced = new Map<string, ChannelStatus>()
  /** What each socket acknowledged before the server said it was full. */
  private readonly capacityOf = new Map<FeedSocket, number>()
  private learnedCapacity: number | null
  private retiredCounters: FeedCounters = { ...EMPTY_COUNTERS }
  private running = false
  /** Nothing is reported before the first start: the owner is still setting up. */
  private started = false
  private online = true
  private suspended = false
  private aggregate: FeedStatus
  private readonly now: () => number

  constructor(private readonly options: SocketPoolOptions) {
    this.now = options.now ?? Date.now
    this.learnedCapacity = options.channelsPerSocket ?? null
    this.aggregate = { ...stoppedStatus(this.now()), sockets: 0 }
    this.feeds.push(this.createFeed())
    for (const channel of options.channels) {
      this.order.add(channel)
      this.place(channel)
    }
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.started = true
    for (const feed of this.feeds) feed.start()
    this.update()
  }

  stop(): void {
    if (!this.running) return
    this.running = false
    for (const feed of this.feeds) feed.stop()
    this.update()
  }

  subscribe(channel: string): ChannelStatus[] {
    if (!this.order.has(channel)) {
      this.order.add(channel)
      this.place(channel)
      this.update()
    }
    return this.channels()
  }

  /** Removing a channel frees its slot: a channel waiting for one is placed, and an emptied extra socket closes. */
  unsubscribe(channel: string): ChannelStatus[] {
    if (this.order.delete(channel)) {
      this.unplaced.delete(channel)
      const feed = this.placement.get(channel)
      this.placement.delete(channel)
      if (feed) {
        feed.unsubscribe(channel)
        if (feed !== this.feeds[0] && feed.channelCount() === 0) this.retire(feed)
      }
      for (const waiting of [...this.unplaced.keys()]) {
        if (!this.hasRoomSomewhere()) break
        this.unplaced.delete(waiting)
        this.place(waiting)
      }
      this.update()
    }
    return this.channels()
  }

  channels(): ChannelStatus[] {
    const byFeed = new Map<FeedSocket, Map<string, ChannelStatus>>()
    const result: ChannelStatus[] = []
    for (const channel of this.order) {
      const feed = this.placement.get(channel)
      if (!feed) {
        const waiting = this.unplaced.get(channel)
        if (waiting) result.push({ ...waiting })
        continue
      }
      let statuses = byFeed.get(feed)
      if (!statuses) {
        statuses = new Map(feed.channels().map((status) => [status.channel, status]))
        byFeed.set(feed, statuses)
      }
      const status = statuses.get(channel) ?? { channel, state: 'pending' }
      result.push({ ...status, socket: this.feeds.indexOf(feed) })
    }
    return result
  }

  current(): FeedStatus {
    return { ...this.aggregate }
  }

  reconnectNow(reason: string): void {
    for (const feed of this.feeds) feed.reconnectNow(reason)
  }

  setOnline(online: boolean): void {
    this.online = online
    for (const feed of this.feeds) feed.setOnline(online)
  }

  suspend(): void {
    this.suspended = true
    for (const feed of this.feeds) feed.suspend()
  }

  resume(): void {
    this.suspended = false
    for (const feed of this.feeds) feed.resume()
  }

  /** Totals over every socket this pool has had. */
  counters(): FeedCounters {
    return this.feeds.reduce((total, feed) => addCounters(total, feed.counters()), { ...this.retiredCounters })
  }

  sockets(): SocketSummary[] {
    return this.feeds.map((feed, index) => ({
      index,
      status: feed.current(),
      channels: feed.channelCount(),
      subscribed: feed.subscribedCount(),
      authenticated: feed.authenticated(),
      counters: feed.counters(),
    }))
  }

  // --- placement --------------------------------------------------------------

  private createFeed(channels: readonly string[] = []): FeedSocket {
    const feed: FeedSocket = new FeedSocket({
      ...this.options,
      channels,
      onStatus: () => this.update(),
      onChannelLive: (channel) => this.options.onChannelLive?.(channel),
      onChannelRefused: (channel, reason) => this.onRefused(feed, channel, reason),
    })
    if (!this.online) feed.setOnline(false)
    if (this.suspended) feed.suspend()
    return feed
  }

  private roomOn(feed: FeedSocket): boolean {
    const capacity = this.capacityOf.get(feed) ?? this.learnedCapacity ?? Infinity
    return feed.channelCount() < capacity
  }

  private hasRoomSomewhere(): boolean {
    return this.feeds.some((feed) => this.roomOn(feed)) || this.feeds.length < (this.options.maxSockets ?? 16)
  }

  private place(channel: string): void {
    let feed = this.feeds.find((candidate) => this.roomOn(candidate))
    if (!feed) {
      if (this.feeds.length >= (this.options.maxSockets ?? 16)) {
        this.refuseForLimit(channel)
        return
      }
      feed = this.createFeed()
      this.feeds.push(feed)
      if (this.running) feed.start()
    }
    this.placement.set(channel, feed)
    feed.subscribe(channel)
  }

  private refuseForLimit(channel: string): void {
    const capacity = this.learnedCapacity ?? 0
    const maxSockets = this.options.maxSockets ?? 16
    const error = `Subscription limit reached on all ${maxSockets} connections (${capacity} channels each)`
    this.unplaced.set(channel, { channel, state: 'refused', error, reason: 'limit' })
    this.report({ code: 'SOCKET', message: `Channel ${channel} is not live: the indexer allows ${capacity} channels per connection and at most ${maxSockets} connections are opened` })
  }

  /** A socket refused `channel`. A limit refusal moves it to a socket with room; true tells the socket it is handled. */
  private onRefused(feed: FeedSocket, channel: string, reason: RefusalReason): boolean {
    if (reason !== 'limit' || this.placement.get(channel) !== feed) return false
    const acknowledged = feed.subscribedCount()
    // A socket that takes nothing at all has no per-connection limit to work around.
    if (acknowledged === 0) return false
    this.capacityOf.set(feed, acknowledged)
    this.learnedCapacity = acknowledged
    this.placement.delete(channel)
    feed.unsubscribe(channel)
    this.place(channel)
    this.update()
    return true
  }

  private retire(feed: FeedSocket): void {
    // Out of the list first, so its 'stopped' does not show in the pool's status.
    this.feeds.splice(this.feeds.indexOf(feed), 1)
    this.capacityOf.delete(feed)
    feed.stop()
    this.retiredCounters = addCounters(this.retiredCounters, feed.counters())
  }

  // --- status -----------------------------------------------------------------

  private update(): void {
    const next = this.aggregateOf(this.feeds.map((feed) => feed.current()))
    if (socketPhase(next.state) !== socketPhase(this.aggregate.state)) next.since = this.now()
    else next.since = this.aggregate.since
    this.aggregate = next
    if (!this.started) return
    try {
      this.options.onStatus?.(this.current(), this.channels())
    } catch (error) {
      this.report(toErrorInfo(error))
    }
  }

  private aggregateOf(statuses: FeedStatus[]): FeedStatus {
    const count = statuses.length
    const label = (status: FeedStatus) => (count > 1 ? `socket ${statuses.indexOf(status) + 1} of ${count}: ${status.reason ?? status.state}` : status.reason)
    const pick = (state: SocketState) => statuses.filter((status) => status.state === state)
    let state: SocketState
    let reason: string | null = null
    let nextRetryAt: number | null = null
    const offline = pick('offline')
    const backingOff = pick('backing-off')
    if (!this.running) {
      state = 'stopped'
    } else if (statuses.every((status) => status.state === 'live')) {
      state = 'live'
    } else if (offline.length > 0) {
      state = 'offline'
      reason = offline[0]!.reason
      nextRetryAt = minimum(offline.map((status) => status.nextRetryAt))
    } else if (backingOff.length > 0) {
      const first = backingOff.reduce((a, b) => ((a.nextRetryAt ?? Infinity) <= (b.nextRetryAt ?? Infinity) ? a : b))
      state = 'backing-off'
      reason = label(first)
      nextRetryAt = first.nextRetryAt
    } else {
      state = 'connecting'
      const connecting = pick('connecting')[0]
      reason = connecting ? label(connecting) : null
    }
    const live = pick('live')
    const latencies = live.map((status) => status.latencyMs).filter((value): value is number => typeof value === 'number')
    return {
      state,
      reason,
      nextRetryAt,
      since: this.aggregate.since,
      reconnects: this.retiredCounters.reconnects + statuses.reduce((total, status) => total + status.reconnects, 0),
      attempts: statuses.reduce((total, status) => total + (status.attempts ?? 0), 0),
      lastEventAt: maximum(statuses.map((status) => status.lastEventAt)),
      // The slowest live socket: what the user waits for at worst.
      latencyMs: latencies.length > 0 ? Math.max(...latencies) : null,
      sockets: count,
    }
  }

  private report(problem: ErrorInfo): void {
    try {
      this.options.onProblem?.(problem)
    } catch {
      // A failing listener must not stop the pool.
    }
  }
}

function minimum(values: Array<number | null>): number | null {
  const present = values.filter((value): value is number => value !== null)
  return present.length > 0 ? Math.min(...present) : null
}

function maximum(values: Array<number | null>): number | null {
  const present = values.filter((value): value is number => value !== null)
  return present.length > 0 ? Math.max(...present) : null
}
