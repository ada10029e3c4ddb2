import { watch } from 'vue'
import { defineStore } from 'pinia'
import type { LeaderboardQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useConnectionStore } from './connection'
import { createLoader } from './loader'
import { retryAfterOutage } from './retry-after-outage'

export const LEADERBOARD_QUERY: LeaderboardQuery = { period: '24h', limit: 10 }

/** The most active provers of the last day. */
export const useLeaderboardStore = defineStore('leaderboard', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const loader = createLoader(() => bridge.getLeaderboard({ ...LEADERBOARD_QUERY }))

  retryAfterOutage(() => loader.error.value, loader.retry)
  watch(
    () => connection.indexerChanges,
    () => void loader.restart(),
  )

  return {
    entries: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    retry: loader.retry,
    ensureLoaded: loader.ensureLoaded,
  }
})
