/**
 * What LiveService needs from the sockets, so one LiveFeed or a pool of them
 * (channels spread over sockets when the server limits subscriptions per
 * connection) can carry the channels alike.
 */
import type { FrameCounters } from './frame-inbox'
import type { ChannelStatus, ErrorInfo } from '@shared/domain'
import { LiveFeed, type FeedStatus, type LiveFeedOptions } from './live-feed'
import { SocketPool, type SocketPoolOptions } from './socket-pool'

export interface LiveTransportHandlers {
  onEvent(channel: string, data: unknown): void
  onStatus(status: FeedStatus, channels: ChannelStatus[]): void
  onProblem(problem: ErrorInfo): void
  /** The server acknowledged a subscription: at start and after every reconnect. */
  onChannelLive(channel: string): void
}

export interface LiveTransport {
  start(): void
  stop(): void
  subscribe(channel: string): unknown
  unsubscribe(channel: string): unknown
  channels(): ChannelStatus[]
  current(): FeedStatus
  /** Skip any backoff wait and connect again now. */
  reconnectNow(reason: string): void
  /** The OS says the network went away or came back. */
  setOnline?(online: boolean): void
  /** The system goes to sleep / wakes up. */
  suspend?(): void
  resume?(): void
  /** Frames received and those dropped as malformed, oversized or unknown. */
  counters?(): FrameCounters
}

export interface LiveTransportConfig {
  url: string
  channels: readonly string[]
  /** Sent on the upgrade request (credentials). */
  headers?: () => Record<string, string>
}

export type LiveTransportFactory = (config: LiveTransportConfig, handlers: LiveTransportHandlers) => LiveTransport

/** Channels spread over as many sockets as the server's subscription limit needs (the default). */
export function socketPoolTransport(tuning: Partial<SocketPoolOptions> = {}): LiveTransportFactory {
  return (config, handlers) =>
    new SocketPool({
      ...tuning,
      url: config.url,
      channels: config.channels,
      headers: config.headers,
      onEvent: (channel, data) => handlers.onEvent(channel, data),
      onStatus: (status, channels) => handlers.onStatus(status, channels),
      onProblem: (problem) => handlers.onProblem(problem),
      onChannelLive: (channel) => handlers.onChannelLive(channel),
    })
}

/**
 * One LiveFeed. A feed that lost its socket may still list channels as
 * subscribed until it reconnects; they are reported pending until it is live.
 */
export function liveFeedTransport(tuning: Partial<LiveFeedOptions> = {}): LiveTransportFactory {
  return (config, handlers) => {
    const effective = (status: FeedStatus, channels: ChannelStatus[]): ChannelStatus[] =>
      status.state === 'live'
        ? channels
        : channels.map((channel) => (channel.state === 'subscribed' ? { ...channel, state: 'pending' } : channel))
    const feed = new LiveFeed({
      ...tuning,
      url: config.url,
      channels: config.channels,
      headers: config.headers,
      onEvent: (channel, data) => handlers.onEvent(channel, data),
      onProblem: (problem) => handlers.onProblem(problem),
      onStatus: (status, channels) => handlers.onStatus(status, effective(status, channels)),
      onChannelLive: (channel) => handlers.onChannelLive(channel),
    })
    return {
      start: () => feed.start(),
      stop: () => feed.stop(),
      subscribe: (channel) => feed.subscribe(channel),
      unsubscribe: (channel) => feed.unsubscribe(channel),
      channels: () => effective(feed.current(), feed.channels()),
      current: () => feed.current(),
      reconnectNow: (reason) => feed.reconnectNow(reason),
      setOnline: (online) => feed.setOnline(online),
      suspend: () => feed.suspend(),
      resume: () => feed.resume(),
      counters: () => feed.counters(),
    }
  }
}
