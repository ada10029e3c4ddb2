import { mount } from '@vue/test-utils'
import { createMemoryHistory, createRouter } from 'vue-router'
import { describe, expect, it } from 'vitest'
import ShortId from './ShortId.vue'

const router = createRouter({
  history: createMemoryHistory(),
  routes: [
    { path: '/', component: { template: '<div />' } },
    { path: '/proof/:account', name: 'proof', component: { template: '<div />' } },
  ],
})

describe('ShortId with what a hostile indexer sends', () => {
  it('an id with a lone surrogate is shown, not linked, and rendering does not throw', () => {
    const wrapper = mount(ShortId, {
      props: { value: 'Abcd\uD800efghijklmnop', to: { name: 'proof', params: { account: 'Abcd\uD800efghijklmnop' } } },
      global: { plugins: [router] },
    })
    expect(wrapper.find('a').exists()).toBe(false)
    expect(wrapper.text()).toBe('Abcd…mnop')
    expect(wrapper.get('span').attributes('title')).toBe('Abcd\uFFFDefghijklmnop')
  })

  it('a bidi override in an id is neutralised in the text and the tooltip', () => {
    const wrapper = mount(ShortId, {
      props: { value: 'exe\u202Egnp.abcdefgh', to: { name: 'proof', params: { account: 'x' } } },
      global: { plugins: [router] },
    })
    expect(wrapper.get('a').attributes('title')).toBe('exe\uFFFDgnp.abcdefgh')
    expect(wrapper.text()).not.toContain('\u202E')
  })
})
