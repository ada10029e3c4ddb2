import type { ErrorInfo } from '@shared/domain'
import { errorKind } from '@shared/errors'

/*
 * When asking the same question again can help. These decide by code, not
 * by `ErrorInfo.retryable`: that flag is the core's word on repeating a
 * request at once, which its own retries have already spent. Later, a
 * DECODE or an HTTP 4xx may well be fixed on the indexer's side.
 */

/**
 * Whether the user's Retry can help. Not for a request that is itself wrong,
 * nor for a refused page (only opening the right URL helps). NOT_FOUND can:
 * an indexer may be behind the chain and have the record a moment later.
 */
export function canAskAgain(info: ErrorInfo): boolean {
  return info.code !== 'INVALID_ARGUMENT' && info.code !== 'ACCESS_REFUSED'
}

/**
 * Whether the indexer coming back after an outage leaves this failure as it
 * was, so it is not asked again unasked (errorKind: permanent). Stricter than
 * canAskAgain by NOT_FOUND and the other 4xx answers: the indexer did answer
 * then, an outage did not cause it, and the user can still press Retry.
 */
export function isPermanentError(info: ErrorInfo): boolean {
  return errorKind(info) === 'permanent'
}
