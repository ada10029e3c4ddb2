import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeCacheInfo } from '@test/support/renderer/workspace-fixtures'
import { useCacheStore } from './cache'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

const DAMAGE = { kind: 'corrupt' as const, message: 'file is not a database', movedTo: '/data/history.sqlite.damaged-1', at: 1_700_000_000_000 }

describe('cache store', () => {
  it('clears what is not kept, or everything, and takes the new info', async () => {
    bridge.handle('getCacheInfo', () => makeCacheInfo())
    bridge.handle('clearCache', ({ everything }) => makeCacheInfo({ rows: everything ? 0 : 12, bytes: 4096 }))
    const cache = useCacheStore()
    await cache.ensureLoaded()
    expect(cache.info?.rows).toBe(45_678)
    expect(await cache.clear(false)).toBe(true)
    expect(cache.info?.rows).toBe(12)
    expect(await cache.clear(true)).toBe(true)
    expect(cache.info?.rows).toBe(0)
    expect(bridge.callsOf('clearCache')).toEqual([[{ everything: false }], [{ everything: true }]])
  })

  it('keeps a failed clear as an error and the info as it was', async () => {
    bridge.handle('getCacheInfo', () => makeCacheInfo())
    bridge.fail('clearCache', { code: 'INTERNAL', message: 'database is locked' })
    const cache = useCacheStore()
    await cache.ensureLoaded()
    expect(await cache.clear(true)).toBe(false)
    expect(cache.clearError?.message).toBe('database is locked')
    expect(cache.info?.rows).toBe(45_678)
  })

  it('shows damage from the pushed cache event until dismissed, and a newer damage again', async () => {
    bridge.handle('getCacheInfo', () => makeCacheInfo())
    const cache = useCacheStore()
    await cache.ensureLoaded()
    expect(cache.showDamageBanner).toBe(false)
    bridge.emit('cache', makeCacheInfo({ damage: DAMAGE }))
    expect(cache.showDamageBanner).toBe(true)
    cache.dismissDamage()
    expect(cache.showDamageBanner).toBe(false)
    expect(cache.damage?.movedTo).toBe(DAMAGE.movedTo)
    bridge.emit('cache', makeCacheInfo({ damage: { ...DAMAGE, kind: 'disk-full', at: DAMAGE.at + 1 } }))
    expect(cache.showDamageBanner).toBe(true)
  })
})
