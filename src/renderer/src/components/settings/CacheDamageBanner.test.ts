import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { CacheDamage } from '@shared/history'
import { mountView } from '@test/support/renderer/mount-view'
import { makeCacheInfo } from '@test/support/renderer/workspace-fixtures'
import { describeDamage } from '@renderer/model/cache-damage'
import CacheDamageBanner from './CacheDamageBanner.vue'

const TRUNCATED: CacheDamage = { kind: 'truncated', message: 'file is not a database', movedTo: '/data/history.1.damaged', at: 1 }

describe('cache damage', () => {
  it('says what happened and what was done for each kind', () => {
    expect(describeDamage(TRUNCATED)).toEqual({
      headline: 'The history cache file was cut short',
      done: 'It was moved aside to /data/history.1.damaged and a new, empty cache was started.',
    })
    expect(describeDamage({ ...TRUNCATED, kind: 'disk-full', movedTo: null }).done).toMatch(/kept in memory until there is room/)
    expect(describeDamage({ ...TRUNCATED, kind: 'locked', movedTo: null }).headline).toBe('The history cache was locked by another program')
    expect(describeDamage({ ...TRUNCATED, kind: 'newer-schema' }).headline).toBe('The history cache was written by a newer ProofWatch')
  })

  it('says the readable records are being copied while a salvage runs, and how many once it is over', () => {
    expect(describeDamage({ ...TRUNCATED, salvaging: true }).done).toBe(
      'It was moved aside to /data/history.1.damaged; the records that can still be read are being copied into a new cache, and show as they arrive.',
    )
    expect(describeDamage({ ...TRUNCATED, salvagedRows: 12_345 }).done).toBe(
      'It was moved aside to /data/history.1.damaged; the 12,345 records that could still be read were copied into a new cache.',
    )
  })
})

describe('CacheDamageBanner', () => {
  it('shows damage found at start, links to Settings, and goes away when dismissed', async () => {
    const { wrapper, router } = await mountView(CacheDamageBanner, '/', (bridge) => bridge.handle('getCacheInfo', () => makeCacheInfo({ damage: TRUNCATED })))
    const banner = wrapper.get('[data-testid="cache-damage-banner"]')
    expect(banner.attributes('role')).toBe('alert')
    expect(banner.text()).toContain('The history cache file was cut short.')
    expect(banner.get('a').attributes('href')).toBe('/settings#settings-cache')
    await wrapper.get('[data-testid="cache-damage-dismiss"]').trigger('click')
    expect(wrapper.find('[data-testid="cache-damage-banner"]').exists()).toBe(false)
    expect(router.currentRoute.value.path).toBe('/')
  })

  it('appears when the cache event reports damage later', async () => {
    const { wrapper, bridge } = await mountView(CacheDamageBanner, '/', (fake) => fake.handle('getCacheInfo', () => makeCacheInfo()))
    expect(wrapper.find('[data-testid="cache-damage-banner"]').exists()).toBe(false)
    bridge.emit('cache', makeCacheInfo({ damage: { ...TRUNCATED, kind: 'disk-full', movedTo: null, at: 2 } }))
    await flushPromises()
    expect(wrapper.get('[data-testid="cache-damage-banner"]').text()).toContain('The disk is full')
  })
})
