import { computed } from 'vue'
import { defineStore } from 'pinia'
import type { LeaderboardQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { useLoader } from '@renderer/composables/use-loader'

export const LEADERBOARD_QUERY: LeaderboardQuery = { period: '24h', limit: 10 }

/** The most active provers of the last day. */
export const useLeaderboardStore = defineStore('leaderboard', () => {
  const bridge = getBridge()
  const loader = useLoader(async () => {
    const leaderboard = await bridge.getLeaderboard({ ...LEADERBOARD_QUERY })
    return { leaderboard, fetchedAt: Date.now() }
  })

  useFollowConnection(loader)

  return {
    /** Null until the first answer. */
    entries: computed(() => loader.data.value?.leaderboard.entries ?? null),
    freshness: computed(() => loader.data.value?.leaderboard.freshness ?? null),
    fetchedAt: computed(() => loader.data.value?.fetchedAt ?? null),
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    retry: loader.retry,
    ensureLoaded: loader.ensureLoaded,
  }
})
