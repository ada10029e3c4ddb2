import type { ErrorCode, ErrorInfo } from './domain'

/**
 * The one error type of ProofWatch. Thrown by the core, carried over the
 * bridge as ErrorInfo, and thrown again on the renderer side.
 */
export class ProofWatchError extends Error {
  readonly code: ErrorCode
  readonly status?: number
  readonly serverCode?: string
  readonly received?: string
  readonly retryable: boolean
  readonly retryAfterMs?: number

  constructor(info: ErrorInfo, options?: { cause?: unknown }) {
    super(info.message, options)
    this.name = 'ProofWatchError'
    this.code = info.code
    this.status = info.status
    this.serverCode = info.serverCode
    this.received = info.received
    this.retryable = info.retryable ?? false
    this.retryAfterMs = info.retryAfterMs
  }

  toInfo(): ErrorInfo {
    const info: ErrorInfo = { code: this.code, message: this.message, retryable: this.retryable }
    if (this.status !== undefined) info.status = this.status
    if (this.serverCode !== undefined) info.serverCode = this.serverCode
    if (this.received !== undefined) info.received = this.received
    if (this.retryAfterMs !== undefined) info.retryAfterMs = this.retryAfterMs
    return info
  }

  static fromInfo(info: ErrorInfo): ProofWatchError {
    return new ProofWatchError(info)
  }
}

/**
 * Any thrown value as ErrorInfo, for the bridge, the log and the UI. Plain
 * objects with a known code count too: an error that crossed Electron's
 * contextBridge has lost its class on the way.
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ProofWatchError) return error.toInfo()
  if (isErrorInfo(error)) {
    const candidate = error as ErrorInfo & Record<string, unknown>
    const info: ErrorInfo = { code: candidate.code, message: candidate.message }
    if (typeof candidate.status === 'number') info.status = candidate.status
    if (typeof candidate.serverCode === 'string') info.serverCode = candidate.serverCode
    if (typeof candidate.received === 'string') info.received = candidate.received
    if (typeof candidate.retryable === 'boolean') info.retryable = candidate.retryable
    if (typeof candidate.retryAfterMs === 'number' && Number.isFinite(candidate.retryAfterMs)) info.retryAfterMs = candidate.retryAfterMs
    return info
  }
  if (error instanceof Error) return { code: 'INTERNAL', message: error.message }
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return { code: 'INTERNAL', message: (error as { message: string }).message }
  }
  return { code: 'INTERNAL', message: String(error) }
}

const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'UNREACHABLE',
  'TIMEOUT',
  'HTTP',
  'NOT_FOUND',
  'RATE_LIMITED',
  'DECODE',
  'SOCKET',
  'INVALID_ARGUMENT',
  'ACCESS_REFUSED',
  'INTERNAL',
])

export function isErrorInfo(value: unknown): value is ErrorInfo {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as { code?: unknown; message?: unknown }
  return typeof candidate.code === 'string' && ERROR_CODES.has(candidate.code) && typeof candidate.message === 'string'
}

/**
 * Whether a failure means the indexer is out of reach for now (no answer, no
 * answer in time, or a server error): the one test of "is this offline?",
 * for the cache's fallback, HTTP health and which problems go unrepeated.
 */
export function isOfflineError(info: ErrorInfo): boolean {
  return info.code === 'UNREACHABLE' || info.code === 'TIMEOUT' || (info.status !== undefined && info.status >= 500)
}

/**
 * What waiting can do about a failure, for the core and the page alike:
 * - `offline`: the indexer is out of reach for now (isOfflineError: no
 *   answer, none in time, a server error); its coming back is what helps;
 * - `permanent`: the indexer (or the app) answered no to this very request:
 *   a wrong argument, a refused page, a record it does not have, any other
 *   4xx but 429; asking the same again after an outage gets the same answer;
 * - `transient`: anything else (rate limited, a socket problem, an answer
 *   that did not decode): a later answer may differ.
 */
export type ErrorKind = 'offline' | 'permanent' | 'transient'

export function errorKind(info: ErrorInfo): ErrorKind {
  if (info.code === 'INVALID_ARGUMENT' || info.code === 'ACCESS_REFUSED' || info.code === 'NOT_FOUND') return 'permanent'
  if (info.status !== undefined && info.status >= 400 && info.status < 500 && info.status !== 429) return 'permanent'
  if (isOfflineError(info)) return 'offline'
  return 'transient'
}
