import { watch } from 'vue'
import { defineStore } from 'pinia'
import type { LeaderboardQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { isPermanentError } from '@renderer/errors/as-error-info'
import { useConnectionStore } from './connection'
import { createLoader } from './loader'

export const LEADERBOARD_QUERY: LeaderboardQuery = { period: '24h', limit: 10 }

/** The most active provers of the last day. */
export const useLeaderboardStore = defineStore('leaderboard', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const loader = createLoader(() => bridge.getLeaderboard({ ...LEADERBOARD_QUERY }))

  function ensureLoaded(): Promise<void> {
    return loader.requested.value ? Promise.resolve() : loader.load()
  }

  watch(
    () => connection.recoveries,
    () => {
      if (loader.error.value && !isPermanentError(loader.error.value)) void loader.retry()
    },
  )
  watch(
    () => connection.indexerChanges,
    () => {
      const wasRequested = loader.requested.value
      loader.clear()
      if (wasRequested) void loader.load()
    },
  )

  return {
    entries: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    retry: loader.retry,
    ensureLoaded,
  }
})
