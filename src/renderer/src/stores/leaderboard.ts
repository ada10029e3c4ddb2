import { defineStore } from 'pinia'
import type { LeaderboardQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { followConnection } from './follow-connection'
import { createLoader } from './loader'

export const LEADERBOARD_QUERY: LeaderboardQuery = { period: '24h', limit: 10 }

/** The most active provers of the last day. */
export const useLeaderboardStore = defineStore('leaderboard', () => {
  const bridge = getBridge()
  const loader = createLoader(() => bridge.getLeaderboard({ ...LEADERBOARD_QUERY }))

  followConnection(loader)

  return {
    entries: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    retry: loader.retry,
    ensureLoaded: loader.ensureLoaded,
  }
})
