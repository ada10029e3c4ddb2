/**
 * One connection of a FeedSocket: the WebSocket with the options it is
 * opened with, what belongs to it and dies with it (subscribes not answered
 * yet, channels released, traffic, timers), how a message is sent on it and
 * how it is closed without a word. The socket's lifecycle (when to connect,
 * back off, resubscribe) stays in feed-socket.ts.
 */
import type WebSocket from 'ws'
import type { IncomingMessage } from 'node:http'
import type { SocketHeartbeat } from './socket-heartbeat'
import type { SocketTiming } from './socket-defaults'

/** A subscribe sent and not answered yet. The server answers in order, so the oldest takes an error that names no channel. */
export interface Outstanding {
  channel: string
  /** Unsubscribed meanwhile: its answer is expected and ignored. */
  dropped: boolean
}

/** Everything that belongs to one connection and dies with it. */
export interface Connection {
  socket: WebSocket
  welcomed: boolean
  /** Subscribed after the welcome timeout; a welcome that comes later means those subscribes may have been dropped. */
  welcomedByTimeout: boolean
  outstanding: Outstanding[]
  /** Channels unsubscribed on this connection: late events for them are expected. */
  released: Set<string>
  /** Counts inbound traffic of any kind, for the dead-peer check. */
  traffic: number
  liveSince: number | null
  /** Why it closed, when known better than the close code. */
  cause: string | null
  /** A minimum wait before the next attempt, from a Retry-After. */
  retryAfterMs: number
  welcomeTimer: ReturnType<typeof setTimeout> | null
  heartbeat: SocketHeartbeat | null
}

const MAX_RETRY_AFTER_MS = 10 * 60_000

let webSocketClass: typeof WebSocket | null = null
let loadingClient: Promise<typeof WebSocket> | null = null

/**
 * ws is loaded at the first connect rather than at start: with the node:http
 * and node:crypto it requires, it is about 20 ms of a cold start that the
 * first screen, read from the cache, does not need (docs/benchmarks.md).
 */
export function webSocketClientLoaded(): boolean {
  return webSocketClass !== null
}

/** Loads ws once and hands its client class; a failed load is tried again at the next call. */
export function loadWebSocketClient(): Promise<typeof WebSocket> {
  loadingClient ??= import('ws').then(
    (module) => (webSocketClass = module.default),
    (error: unknown) => {
      loadingClient = null
      throw error
    },
  )
  return loadingClient
}

/** Opens the WebSocket (throws when the URL or headers are unusable, or ws is not loaded yet). */
export function openConnection(url: string, headers: Record<string, string>, timing: SocketTiming): Connection {
  if (!webSocketClass) throw new Error('the WebSocket client is not loaded yet')
  const socket = new webSocketClass(url, {
    headers,
    maxPayload: timing.hardMaxFrameBytes,
    handshakeTimeout: timing.connectTimeoutMs,
    perMessageDeflate: false,
    // Bad UTF-8 becomes an unreadable frame (counted), not a closed connection.
    skipUTF8Validation: true,
  })
  return {
    socket,
    welcomed: false,
    welcomedByTimeout: false,
    outstanding: [],
    released: new Set(),
    traffic: 0,
    liveSince: null,
    cause: null,
    retryAfterMs: 0,
    welcomeTimer: null,
    heartbeat: null,
  }
}

/** Sends a client message; false when the socket is not open. */
export function sendOn(connection: Connection, message: { type: string; channel: string }): boolean {
  if (connection.socket.readyState !== connection.socket.OPEN) return false
  connection.socket.send(JSON.stringify(message))
  connection.heartbeat?.sent()
  return true
}

export function clearConnectionTimers(connection: Connection): void {
  if (connection.welcomeTimer) clearTimeout(connection.welcomeTimer)
  connection.heartbeat?.stop()
  connection.welcomeTimer = null
}

/** Closes a connection its owner has let go of: no event of it is heard again. */
export function closeQuietly(connection: Connection): void {
  clearConnectionTimers(connection)
  connection.socket.removeAllListeners()
  connection.socket.on('error', () => {})
  connection.socket.terminate()
}

/** An upgrade the server answered with an HTTP status: what to say, and how long it asked to wait (0: no ask). */
export function upgradeRefusal(response: IncomingMessage): { status: number; message: string; retryAfterMs: number } {
  const status = response.statusCode ?? 0
  const auth = status === 401 || status === 403
  const message = `Socket upgrade refused with HTTP ${status}${auth ? ' (sign-in needed or expired)' : ''}`
  const retryAfter = Number(response.headers['retry-after'])
  const retryAfterMs = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS) : 0
  return { status, message, retryAfterMs }
}
