import { describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { setupStores } from '@test/support/renderer/store-setup'
import ProblemBanner from './ProblemBanner.vue'
import ConnectionHealth from './ConnectionHealth.vue'
import { defineComponent, h } from 'vue'
import { formatLocalTime } from '@renderer/format/time'

describe('ProblemBanner', () => {
  it('shows repeated problems once with a count, and Dismiss removes the entry', async () => {
    const { bridge, pinia } = setupStores()
    const wrapper = mount(ProblemBanner, { global: { plugins: [pinia] } })
    for (let i = 0; i < 12; i++) bridge.emit('problem', { code: 'DECODE', message: 'frame could not be decoded' })
    bridge.emit('problem', { code: 'SOCKET', message: 'channel refused' })
    await flushPromises()

    const banners = wrapper.findAll('[data-testid="problem-banner"]')
    expect(banners).toHaveLength(2)
    expect(banners[0]?.text()).toContain('channel refused')
    expect(banners[0]?.find('[data-testid="problem-count"]').exists()).toBe(false)
    expect(banners[1]?.text()).toContain('frame could not be decoded')
    expect(banners[1]?.get('[data-testid="problem-count"]').text()).toBe('×12')

    await banners[1]?.get('[data-testid="problem-dismiss"]').trigger('click')
    expect(wrapper.findAll('[data-testid="problem-banner"]').map((banner) => banner.text())).toEqual([
      expect.stringContaining('channel refused'),
    ])
  })

  it('says a gap in words with local times, whole, and once however often it recurs (issue 23, defect 7)', async () => {
    const { bridge, pinia } = setupStores()
    const wrapper = mount(ProblemBanner, { global: { plugins: [pinia] } })
    const gap = (from: string, to: string) => ({
      code: 'INTERNAL' as const,
      message: `Proofs of your wallet sent between ${from} and ${to} were not received: the indexer keeps no history of them`,
    })
    bridge.emit('problem', gap('2026-11-27T05:13:04.992Z', '2026-11-27T05:14:10.001Z'))
    bridge.emit('problem', gap('2026-11-27T06:00:00.000Z', '2026-11-27T06:01:00.000Z'))
    await flushPromises()
    const banners = wrapper.findAll('[data-testid="problem-banner"]')
    expect(banners).toHaveLength(1)
    const text = banners[0]!.text()
    expect(text).not.toContain('INTERNAL')
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
    expect(banners[0]!.get('[data-testid="problem-text"]').text()).toContain(formatLocalTime(Date.parse('2026-11-27T06:00:00.000Z')))
    expect(banners[0]!.get('[data-testid="problem-count"]').text()).toBe('×2')
    await banners[0]!.get('[data-testid="problem-dismiss"]').trigger('click')
    expect(wrapper.findAll('[data-testid="problem-banner"]')).toHaveLength(0)
  })

  it('keeps what was dismissed in the connection panel, counted while hidden, and shows it again from there', async () => {
    const { bridge, pinia } = setupStores()
    const Both = defineComponent({ setup: () => () => h('div', [h(ProblemBanner), h(ConnectionHealth)]) })
    const wrapper = mount(Both, { global: { plugins: [pinia] } })
    bridge.emit('problem', { code: 'SOCKET', message: 'channel refused' })
    await flushPromises()
    expect(wrapper.find('[data-testid="health-dismissed"]').exists()).toBe(false)

    await wrapper.get('[data-testid="problem-dismiss"]').trigger('click')
    bridge.emit('problem', { code: 'SOCKET', message: 'channel refused' })
    await flushPromises()
    expect(wrapper.findAll('[data-testid="problem-banner"]')).toHaveLength(0)
    const listed = wrapper.findAll('[data-testid="health-dismissed-problem"]')
    expect(listed).toHaveLength(1)
    expect(listed[0]!.text()).toContain('channel refused')
    expect(listed[0]!.text()).toContain('×2')

    await listed[0]!.get('[data-testid="health-reopen-problem"]').trigger('click')
    expect(wrapper.findAll('[data-testid="problem-banner"]')).toHaveLength(1)
    expect(wrapper.get('[data-testid="problem-count"]').text()).toBe('×2')
    expect(wrapper.find('[data-testid="health-dismissed"]').exists()).toBe(false)
  })
})
