import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@renderer/test-utils/fake-bridge'
import { makeLeaderboard } from '@renderer/test-utils/fixtures'
import { setupStores } from '@renderer/test-utils/store-setup'
import { useLeaderboardStore } from './leaderboard'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('leaderboard store', () => {
  it('loads the last day once', async () => {
    bridge.handle('getLeaderboard', () => makeLeaderboard(2))
    const leaderboard = useLeaderboardStore()
    await leaderboard.ensureLoaded()
    await leaderboard.ensureLoaded()
    expect(bridge.callsOf('getLeaderboard')).toEqual([[{ period: '24h', limit: 10 }]])
    expect(leaderboard.entries?.map((entry) => entry.rank)).toEqual([1, 2])
  })

  it('keeps the error and recovers on retry', async () => {
    bridge.fail('getLeaderboard', { code: 'RATE_LIMITED', message: 'slow down', status: 429 })
    const leaderboard = useLeaderboardStore()
    await leaderboard.load()
    expect(leaderboard.error?.code).toBe('RATE_LIMITED')
    expect(leaderboard.entries).toBeNull()
    bridge.handle('getLeaderboard', () => [])
    await leaderboard.retry()
    expect(leaderboard.error).toBeNull()
    expect(leaderboard.entries).toEqual([])
  })
})
