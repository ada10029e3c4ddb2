/**
 * What a FeedSocket is told (its URL, channels, callbacks, timings and caps)
 * and the status and counters it reports; kept apart so the socket pool and
 * the live side read the contract without the state machine behind it.
 */
import type { ChannelStatus, ConnectionState, ErrorInfo } from '@shared/domain'
import type { Logger } from '../log/log'
import type { FrameCounters } from './frame-inbox'
import type { RefusalReason } from './frame-errors'

export type FeedStatus = ConnectionState['socket']

export interface FeedCounters extends FrameCounters {
  /** Times the socket came back live after having been live. */
  reconnects: number
}

export interface FeedSocketOptions {
  url: string
  channels: readonly string[]
  /** Sent on every upgrade request (credentials); asked again at each attempt, as they may change. */
  headers?: () => Record<string, string>
  onEvent: (channel: string, data: unknown) => void
  onStatus?: (status: FeedStatus, channels: ChannelStatus[]) => void
  onProblem?: (problem: ErrorInfo) => void
  /** A frame was dropped (malformed, oversized, unknown): the counters moved without a status change. */
  onFrameDropped?: () => void
  /** The server acknowledged `channel`: on the first subscribe and on every resubscribe after a reconnect. */
  onChannelLive?: (channel: string) => void
  /**
   * The server refused `channel`. Return true when the refusal is handled
   * (e.g. the channel is moved to another socket): it is then not reported as a problem.
   */
  onChannelRefused?: (channel: string, reason: RefusalReason, message: string) => boolean | void
  backoffBaseMs?: number
  backoffCapMs?: number
  /**
   * The longest time without a client message. Servers with an idle timeout
   * (5 minutes on the reference, where pings do not count) need one well inside it.
   */
  keepAliveMs?: number
  /** Protocol ping this often; no inbound traffic within pongTimeoutMs of a ping means a dead peer. */
  pingIntervalMs?: number
  pongTimeoutMs?: number
  /** Servers that send no welcome are subscribed to after this long. */
  welcomeTimeoutMs?: number
  /** An upgrade not answered within this long is abandoned and retried. */
  connectTimeoutMs?: number
  /** Frames above this are dropped and counted; the connection stays. */
  maxFrameBytes?: number
  /** Frames above this are not even buffered: the connection is closed and reopened. */
  hardMaxFrameBytes?: number
  /** A connection that stayed live this long resets the backoff. */
  stableAfterMs?: number
  /** While offline, try a connection this often anyway (the OS can be wrong); 0 never does. */
  offlineProbeMs?: number
  random?: () => number
  now?: () => number
  log?: Logger
}
