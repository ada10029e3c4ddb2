import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { flushPromises, mount } from '@vue/test-utils'
import { createRouter, createWebHashHistory } from 'vue-router'
import { useListKeys } from './use-list-keys'

function harness() {
  const router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', component: { render: () => h('p', 'home') } },
      { path: '/list', component: { render: () => h('p', 'list') } },
    ],
  })
  const Host = defineComponent(() => {
    const root = ref<HTMLElement | null>(null)
    const { helpOpen } = useListKeys(root)
    return () =>
      h('main', { ref: root }, [
        h('input', { 'data-testid': 'field' }),
        h('span', { 'data-testid': 'help' }, String(helpOpen.value)),
        ...['a', 'b', 'c'].map((id) => h('div', { 'data-testid': 'proof-row', id }, [h('a', { href: `#/${id}` }, id)])),
      ])
  })
  const wrapper = mount(Host, { attachTo: document.body, global: { plugins: [router] } })
  return { wrapper, router }
}

const press = (key: string, target: EventTarget = document.activeElement ?? window) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

describe('useListKeys', () => {
  it('moves between rows with j/k and the arrows, toggles the help with ?, and leaves fields alone', async () => {
    const { wrapper } = harness()
    const focused = () => (document.activeElement as HTMLElement | null)?.textContent
    press('j', document.body)
    expect(focused()).toBe('a')
    press('j')
    press('ArrowDown')
    expect(focused()).toBe('c')
    press('j')
    expect(focused()).toBe('c')
    press('k')
    press('ArrowUp')
    expect(focused()).toBe('a')
    press('?')
    await flushPromises()
    expect(wrapper.get('[data-testid="help"]').text()).toBe('true')
    const field = wrapper.get('[data-testid="field"]').element as HTMLInputElement
    field.focus()
    press('j', field)
    expect(document.activeElement).toBe(field)
    wrapper.unmount()
  })

  it('goes back on Esc', async () => {
    const { wrapper, router } = harness()
    await router.push('/')
    await router.push('/list')
    press('Escape', document.body)
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/'))
    wrapper.unmount()
  })
})
