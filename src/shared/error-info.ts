/**
 * A failure as it crosses the bridge and as the UI shows it: plain data, with
 * no imports, so every shared type that carries one (the connection state, a
 * view's freshness) can name it without depending on the rest. Re-exported
 * by domain.ts; shared/errors.ts says what kind of failure one is.
 */
export type ErrorCode =
  | 'UNREACHABLE'
  | 'TIMEOUT'
  | 'HTTP'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'DECODE'
  /** The indexer's socket answered with an error (refused channel, limit reached). */
  | 'SOCKET'
  | 'INVALID_ARGUMENT'
  /** The bridge refused this page (serve mode: no or stale access token). */
  | 'ACCESS_REFUSED'
  | 'INTERNAL'

/** A failure as it crosses the bridge and as the UI shows it. */
export interface ErrorInfo {
  code: ErrorCode
  message: string
  /** HTTP status, when there was a response. */
  status?: number
  /** The server's own error code, e.g. VALIDATION_FAILED. */
  serverCode?: string
  /** The start of what arrived, for undecodable bodies and frames. */
  received?: string
  /** Whether trying again may help. */
  retryable?: boolean
  /** How long the server asked to wait before trying again (Retry-After), in ms. */
  retryAfterMs?: number
}
