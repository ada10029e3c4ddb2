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

  constructor(info: ErrorInfo, options?: { cause?: unknown }) {
    super(info.message, options)
    this.name = 'ProofWatchError'
    this.code = info.code
    this.status = info.status
    this.serverCode = info.serverCode
    this.received = info.received
    this.retryable = info.retryable ?? false
  }

  toInfo(): ErrorInfo {
    const info: ErrorInfo = { code: this.code, message: this.message, retryable: this.retryable }
    if (this.status !== undefined) info.status = this.status
    if (this.serverCode !== undefined) info.serverCode = this.serverCode
    if (this.received !== undefined) info.received = this.received
    return info
  }

  static fromInfo(info: ErrorInfo): ProofWatchError {
    return new ProofWatchError(info)
  }
}

/** Any thrown value as ErrorInfo, for the bridge and the log. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ProofWatchError) return error.toInfo()
  // Errors that crossed Electron's contextBridge arrive as plain objects.
  if (isErrorInfo(error)) return { ...error }
  const message = error instanceof Error ? error.message : String(error)
  return { code: 'INTERNAL', message }
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
  'INTERNAL',
])

export function isErrorInfo(value: unknown): value is ErrorInfo {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as { code?: unknown; message?: unknown }
  return typeof candidate.code === 'string' && ERROR_CODES.has(candidate.code) && typeof candidate.message === 'string'
}
