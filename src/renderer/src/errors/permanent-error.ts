import type { ErrorInfo } from '@shared/domain'

/** Codes where asking again after the indexer comes back cannot help. */
export function isPermanentError(info: ErrorInfo): boolean {
  return info.code === 'NOT_FOUND' || info.code === 'INVALID_ARGUMENT'
}
