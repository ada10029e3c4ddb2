import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import FreshnessBadge from './FreshnessBadge.vue'
import { NOW_TICK_MS } from '../composables/use-now'

afterEach(() => {
  vi.useRealTimers()
})

describe('FreshnessBadge', () => {
  it('says how old the data is and keeps counting', async () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 31, 12, 0, 0) })
    const wrapper = mount(FreshnessBadge, { props: { source: 'network', fetchedAt: Date.now() - 50_000 } })
    const badge = wrapper.get('[data-testid="freshness"]')
    expect(badge.text()).toBe('Updated 50 seconds ago')
    expect(badge.attributes('data-source')).toBe('network')
    expect(badge.attributes('title')).toMatch(/^Fetched /)
    vi.advanceTimersByTime(2 * NOW_TICK_MS)
    await wrapper.vm.$nextTick()
    expect(badge.text()).toBe('Updated 1 minute ago')
    wrapper.unmount()
  })

  it('says live, and offline with the reason', () => {
    const live = mount(FreshnessBadge, { props: { source: 'live', fetchedAt: null } })
    expect(live.text()).toBe('Live')
    expect(live.get('[data-testid="freshness"]').classes()).toContain('ok')
    const offline = mount(FreshnessBadge, {
      props: { source: 'cache', fetchedAt: Date.now() - 3 * 3_600_000, offline: { message: 'connect ECONNREFUSED' } },
    })
    const badge = offline.get('[data-testid="freshness"]')
    expect(badge.text()).toBe('Offline — cached 3 hours ago')
    expect(badge.attributes('data-source')).toBe('offline')
    expect(badge.attributes('title')).toContain('connect ECONNREFUSED')
    expect(badge.classes()).toContain('bad')
  })
})
