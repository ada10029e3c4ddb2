/**
 * The live side's status, built from its parts: the transport's socket and
 * channels, refused circuits shown as polled channels, the streams still
 * fetching what they missed, the counters, and whether all is synced. Apart
 * from LiveService so the rule for "synced" reads on its own.
 */
import type { ChannelFollowing, ChannelStatus } from '@shared/domain'
import type { CircuitFollow, Followed } from './channel-streams'
import type { FeedStatus } from './feed-socket'
import type { FrameCounters } from './frame-inbox'
import type { LiveCounters, LiveServiceStatus } from './live-service-options'

export interface LiveStatusParts {
  socket: FeedStatus
  /** The transport's channels, as it last reported them. */
  channelStates: ChannelStatus[]
  streams: ReadonlyMap<string, Followed<unknown>>
  circuits: Iterable<CircuitFollow>
  /** The transport's frame counters, when it keeps them. */
  frames: FrameCounters | undefined
  /** The last event counted by any stream. */
  lastEventAt: number | null
  counters: Omit<LiveCounters, 'droppedFrames'>
  following: ChannelFollowing[]
}

export function liveStatus(parts: LiveStatusParts): LiveServiceStatus {
  const { socket, channelStates, frames } = parts
  const syncing: string[] = []
  for (const [channel, followed] of parts.streams) if (followed.stream.syncing) syncing.push(channel)
  const polled: ChannelStatus[] = [...parts.circuits]
    .filter((circuit) => circuit.mode === 'polled')
    .map((circuit) => ({
      channel: circuit.stream.spec.channel,
      state: 'refused',
      mode: 'polled',
      ...(circuit.reason === null ? {} : { error: circuit.reason }),
    }))
  const channels = [...channelStates, ...polled]
  // A channel refused for good (unknown, or sign-in needed) is reported, not waited for; one waiting for room is.
  const wanted = channelStates.filter((c) => c.state !== 'refused' || c.reason === 'limit')
  const synced = socket.state === 'live' && syncing.length === 0 && wanted.every((c) => c.state === 'subscribed')
  const droppedFrames = frames ? frames.malformed + frames.oversized + frames.unknown : 0
  const lastEventAt = Math.max(socket.lastEventAt ?? 0, parts.lastEventAt ?? 0) || null
  return {
    socket: { ...socket, lastEventAt },
    channels,
    syncing,
    synced,
    counters: { ...parts.counters, droppedFrames },
    following: parts.following,
  }
}
