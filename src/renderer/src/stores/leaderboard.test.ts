import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeLeaderboard } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useLeaderboardStore } from './leaderboard'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('leaderboard store', () => {
  it('loads the last day once', async () => {
    bridge.handle('getLeaderboard', () => ({ entries: makeLeaderboard(2) }))
    const leaderboard = useLeaderboardStore()
    await leaderboard.ensureLoaded()
    await leaderboard.ensureLoaded()
    expect(bridge.callsOf('getLeaderboard')).toEqual([[{ period: '24h', limit: 10 }]])
    expect(leaderboard.entries?.map((entry) => entry.rank)).toEqual([1, 2])
  })

  it('keeps what the answer says about its freshness, and when it came', async () => {
    bridge.handle('getLeaderboard', () => ({ entries: makeLeaderboard(1), freshness: { source: 'cache', fetchedAt: 1_000 } }))
    const leaderboard = useLeaderboardStore()
    expect(leaderboard.fetchedAt).toBeNull()
    await leaderboard.load()
    expect(leaderboard.freshness).toEqual({ source: 'cache', fetchedAt: 1_000 })
    expect(leaderboard.fetchedAt).toBeGreaterThan(0)
  })

  it('keeps the error and recovers on retry', async () => {
    bridge.fail('getLeaderboard', { code: 'RATE_LIMITED', message: 'slow down', status: 429 })
    const leaderboard = useLeaderboardStore()
    await leaderboard.load()
    expect(leaderboard.error?.code).toBe('RATE_LIMITED')
    expect(leaderboard.entries).toBeNull()
    bridge.handle('getLeaderboard', () => ({ entries: [] }))
    await leaderboard.retry()
    expect(leaderboard.error).toBeNull()
    expect(leaderboard.entries).toEqual([])
  })
})
