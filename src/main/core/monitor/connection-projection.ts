/**
 * The connection state the page shows, projected from what the running
 * session knows (its target, HTTP health and live status) and whether the
 * user paused the live side. Pure: the monitor calls it on every change and
 * a second after counters or the last event moved.
 */
import type { ConnectionState, DetailFetchProgress } from '@shared/domain'
import type { HttpHealthState } from '../indexer/http-health'
import type { LiveServiceStatus } from '../live/live-service'
import type { IndexerTarget } from '../session/indexer-target'
import { stoppedStatus } from '../live/socket-defaults'

export interface ConnectionInputs {
  /** The session's side; null before the first connect or between a disconnect and the next connect. */
  session: { target: IndexerTarget; http: HttpHealthState; live: LiveServiceStatus; details?: DetailFetchProgress } | null
  paused: boolean
  /** When the live side last stopped: "since" counts from there while there is no socket. */
  stoppedSince: number
}

export function projectConnection({ session, paused, stoppedSince }: ConnectionInputs): ConnectionState {
  const status = session?.live
  const target = session?.target
  const channels = status?.channels ?? []
  const userChannels = channels.filter((c) => c.channel.startsWith('user:'))
  return {
    indexer: { demo: target?.demo ?? false, httpUrl: target?.httpUrl ?? '', wsUrl: target?.wsUrl ?? '' },
    http: session ? { ...session.http } : { state: 'unknown', lastOkAt: null, lastError: null },
    socket: paused || !status
      ? stoppedStatus(stoppedSince, paused ? 'paused' : null)
      : status.socket,
    channels,
    paused,
    userChannels: !target?.credential
      ? 'not-configured'
      : userChannels.some((c) => c.state === 'refused' && c.reason === 'auth')
        ? 'sign-in-needed'
        : userChannels.length > 0 && userChannels.every((c) => c.state === 'subscribed')
          ? 'ok'
          : 'pending',
    counters: {
      events: status?.counters.events ?? 0,
      duplicates: status?.counters.duplicates ?? 0,
      malformedFrames: status?.counters.droppedFrames ?? 0,
    },
    ...(session?.details ? { details: { ...session.details } } : {}),
    // Copied, so that what crosses the bridge is plain data the session does not hold on to.
    following: (status?.following ?? []).map((f) => ({ ...f, addresses: f.addresses.map((a) => ({ ...a })) })),
  }
}

/** What the delayed health push compares: last event, latency, counters and the background fetch change without a state change. */
export function healthFingerprint(state: ConnectionState): string {
  return JSON.stringify([state.socket.lastEventAt, state.socket.latencyMs, state.counters, state.details, state.following])
}
