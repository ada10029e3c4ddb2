import type { ErrorCode, ErrorInfo } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'

const ERROR_CODES: readonly ErrorCode[] = [
  'UNREACHABLE',
  'TIMEOUT',
  'HTTP',
  'NOT_FOUND',
  'RATE_LIMITED',
  'DECODE',
  'INVALID_ARGUMENT',
  'INTERNAL',
]

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
}

/**
 * Any rejection as ErrorInfo. Besides ProofWatchError this accepts plain
 * objects carrying `code` and `message`, because an error that crossed a
 * context bridge may have lost its class on the way.
 */
export function asErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ProofWatchError) return error.toInfo()
  if (typeof error === 'object' && error !== null) {
    const candidate = error as Record<string, unknown>
    const message = typeof candidate.message === 'string' ? candidate.message : String(error)
    if (isErrorCode(candidate.code)) {
      const info: ErrorInfo = { code: candidate.code, message }
      if (typeof candidate.status === 'number') info.status = candidate.status
      if (typeof candidate.serverCode === 'string') info.serverCode = candidate.serverCode
      if (typeof candidate.received === 'string') info.received = candidate.received
      if (typeof candidate.retryable === 'boolean') info.retryable = candidate.retryable
      return info
    }
    return { code: 'INTERNAL', message }
  }
  return { code: 'INTERNAL', message: String(error) }
}

/** Codes where asking again after the indexer comes back cannot help. */
export function isPermanentError(info: ErrorInfo): boolean {
  return info.code === 'NOT_FOUND' || info.code === 'INVALID_ARGUMENT'
}
