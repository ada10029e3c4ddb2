import { describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { setupStores } from '../../../../test/support/renderer/store-setup'
import ProblemBanner from './ProblemBanner.vue'

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
})
