import { watch } from 'vue'
import type { ErrorInfo } from '@shared/domain'
import { isPermanentError } from '@renderer/errors/permanent-error'
import { useConnectionStore } from './connection'

/**
 * When the indexer is back after an outage, repeats what failed, unless it
 * failed for a reason the outage did not cause (NOT_FOUND, INVALID_ARGUMENT).
 * Call it while a store is being set up, so the watch lives as long as the store.
 */
export function retryAfterOutage(failure: () => ErrorInfo | null, retry: () => Promise<void>): void {
  const connection = useConnectionStore()
  watch(
    () => connection.recoveries,
    () => {
      const error = failure()
      if (error && !isPermanentError(error)) void retry()
    },
  )
}
