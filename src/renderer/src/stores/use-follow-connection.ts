import { watch, type Ref } from 'vue'
import type { ErrorInfo } from '@shared/domain'
import { isPermanentError } from '@renderer/errors/ask-again'
import { useConnectionStore } from './connection'

/** What a store holds from the indexer, and how to ask for it again. */
export interface ConnectionFollower {
  /** What the last request failed with; null when it did not fail. */
  error: Readonly<Ref<ErrorInfo | null>>
  /** Asks the last question again; does nothing before the first one. */
  retry: () => Promise<void>
  /** Asks the last question of another indexer: what is held came from the old one. */
  restart: () => Promise<void>
}

export interface UseFollowConnectionOptions {
  /**
   * Ask again after every outage, not only after a failure: for data that
   * live events keep current, which may have missed events meanwhile.
   */
  refreshAfterOutage?: boolean
}

/**
 * Keeps `follower` in step with the connection: when the indexer is back
 * after an outage it repeats what failed (unless the outage did not cause
 * the failure), and for another indexer it starts over. Call it while a
 * store is being set up, so the watches live as long as the store.
 */
export function useFollowConnection(follower: ConnectionFollower, options: UseFollowConnectionOptions = {}): void {
  const connection = useConnectionStore()
  watch(
    () => connection.recoveries,
    () => {
      const error = follower.error.value
      if (options.refreshAfterOutage || (error && !isPermanentError(error))) void follower.retry()
    },
  )
  watch(
    () => connection.indexerChanges,
    () => void follower.restart(),
  )
}
