/** A live socket's handlers that record what they are given, in order (used by tests only). */
import type { ErrorInfo } from '@shared/domain'
import type { FeedStatus } from '../../src/main/core/live/feed-socket'

export function socketRecorder() {
  const events: Array<[string, unknown]> = []
  const problems: ErrorInfo[] = []
  const statuses: FeedStatus[] = []
  /** Every onChannelLive call, in order. */
  const live: string[] = []
  const handlers = {
    onEvent: (channel: string, data: unknown) => events.push([channel, data]),
    onProblem: (problem: ErrorInfo) => problems.push(problem),
    onStatus: (status: FeedStatus) => statuses.push(status),
    onChannelLive: (channel: string) => live.push(channel),
  }
  return { events, problems, statuses, live, handlers }
}
