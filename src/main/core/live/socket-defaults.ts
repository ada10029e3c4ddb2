/**
 * The live socket's timings and frame caps when its owner names none,
 * written once and resolved once per socket (its heartbeat gets the
 * resolved ones), and the status of a socket that is not running.
 */
import type { FeedStatus } from './feed-socket-options'

export interface SocketTiming {
  backoffBaseMs: number
  backoffCapMs: number
  /** The longest time without a client message (well inside a server's idle timeout). */
  keepAliveMs: number
  pingIntervalMs: number
  /** No inbound traffic this long after a ping: the peer is gone. */
  pongTimeoutMs: number
  /** Servers that send no welcome are subscribed to after this long. */
  welcomeTimeoutMs: number
  /** An upgrade not answered within this long is abandoned and retried. */
  connectTimeoutMs: number
  /** A connection live this long resets the backoff. */
  stableAfterMs: number
  /** While offline, a connection is tried this often anyway (the OS can be wrong); 0 never. */
  offlineProbeMs: number
  /** Frames above this are dropped and counted. */
  maxFrameBytes: number
  /** Frames above this close the connection; by default 4 × maxFrameBytes, at least 16 MB. */
  hardMaxFrameBytes: number
}

export const SOCKET_DEFAULTS: Omit<SocketTiming, 'hardMaxFrameBytes'> = {
  backoffBaseMs: 500,
  backoffCapMs: 30_000,
  keepAliveMs: 60_000,
  pingIntervalMs: 20_000,
  pongTimeoutMs: 10_000,
  welcomeTimeoutMs: 3000,
  connectTimeoutMs: 10_000,
  stableAfterMs: 10_000,
  offlineProbeMs: 60_000,
  maxFrameBytes: 1024 * 1024,
}

/** Every timing and cap, the owner's where given (undefined counts as not given). */
export function resolveSocketTiming(given: Partial<SocketTiming>): SocketTiming {
  const pick = <K extends keyof typeof SOCKET_DEFAULTS>(key: K): number => given[key] ?? SOCKET_DEFAULTS[key]
  const maxFrameBytes = pick('maxFrameBytes')
  return {
    backoffBaseMs: pick('backoffBaseMs'),
    backoffCapMs: pick('backoffCapMs'),
    keepAliveMs: pick('keepAliveMs'),
    pingIntervalMs: pick('pingIntervalMs'),
    pongTimeoutMs: pick('pongTimeoutMs'),
    welcomeTimeoutMs: pick('welcomeTimeoutMs'),
    connectTimeoutMs: pick('connectTimeoutMs'),
    stableAfterMs: pick('stableAfterMs'),
    offlineProbeMs: pick('offlineProbeMs'),
    maxFrameBytes,
    hardMaxFrameBytes: given.hardMaxFrameBytes ?? Math.max(16 * 1024 * 1024, 4 * maxFrameBytes),
  }
}

/** A socket that is not running (not started yet, stopped, or paused: `reason`), since `since`. */
export function stoppedStatus(since: number, reason: string | null = null): FeedStatus {
  return { state: 'stopped', reason, nextRetryAt: null, since, reconnects: 0, attempts: 0, lastEventAt: null, latencyMs: null }
}
