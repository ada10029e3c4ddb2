/**
 * What LiveService needs from the sockets. The app and the tests both use the
 * socket pool (channels spread over sockets when the server limits
 * subscriptions per connection); unit tests may hand LiveService a fake.
 */
import type { FrameCounters } from './frame-inbox'
import type { ChannelStatus, ErrorInfo } from '@shared/domain'
import type { FeedStatus } from './feed-socket'
import { SocketPool, type SocketPoolOptions } from './socket-pool'

export interface LiveTransportHandlers {
  onEvent(channel: string, data: unknown): void
  onStatus(status: FeedStatus, channels: ChannelStatus[]): void
  onProblem(problem: ErrorInfo): void
  /** The server acknowledged a subscription: at start and after every reconnect. */
  onChannelLive(channel: string): void
  /** A frame was dropped: the frame counters moved without a status change. */
  onFrameDropped?(): void
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
      onFrameDropped: () => handlers.onFrameDropped?.(),
    })
}
