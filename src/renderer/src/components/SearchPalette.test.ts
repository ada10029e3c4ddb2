import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createMemoryHistory } from 'vue-router'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeSearchHit } from '@test/support/renderer/workspace-fixtures'
import { createAppRouter } from '@renderer/router'
import SearchPalette from './SearchPalette.vue'
import { settle } from '@test/support/renderer/settle'

const SIGNATURE = '5'.repeat(44) + 'K'.repeat(44)
const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

const mounted: VueWrapper[] = []

afterEach(() => {
  // Each palette listens on window for Ctrl+K: none may outlive its test.
  for (const wrapper of mounted.splice(0)) wrapper.unmount()
  document.body.innerHTML = ''
  vi.useRealTimers()
})

async function mountPalette(prepare: (bridge: FakeBridge) => void = () => {}) {
  const { bridge, pinia } = setupStores()
  prepare(bridge)
  const router = createAppRouter(createMemoryHistory())
  await router.push('/')
  await router.isReady()
  const outside = document.createElement('button')
  document.body.append(outside)
  const host = document.createElement('div')
  document.body.append(host)
  const wrapper = mount(SearchPalette, { attachTo: host, global: { plugins: [pinia, router] } })
  mounted.push(wrapper)
  return { wrapper, router, bridge, outside }
}

function palette(): HTMLElement | null {
  return document.querySelector('[data-testid="search-palette"]')
}

function input(): HTMLInputElement {
  return document.querySelector('[data-testid="search-input"]') as HTMLInputElement
}

function press(target: EventTarget, key: string, options: KeyboardEventInit = {}): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }))
}

/** Types `text` and lets the debounced search run. */
async function type(text: string): Promise<void> {
  vi.useFakeTimers()
  input().value = text
  input().dispatchEvent(new Event('input'))
  await flushPromises()
  await vi.runAllTimersAsync()
  vi.useRealTimers()
  await flushPromises()
}

describe('SearchPalette', () => {
  it('opens with Ctrl+K as a modal dialog with the focus in its box, and Escape gives the focus back', async () => {
    const { outside } = await mountPalette()
    outside.focus()
    press(window, 'k', { ctrlKey: true })
    await flushPromises()
    const dialog = palette()!
    expect(dialog.getAttribute('role')).toBe('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(input())
    press(input(), 'Escape')
    await flushPromises()
    expect(palette()).toBeNull()
    expect(document.activeElement).toBe(outside)
  })

  it('opens with Cmd+K too, and from its button', async () => {
    const { wrapper } = await mountPalette()
    press(window, 'K', { metaKey: true })
    await flushPromises()
    expect(palette()).not.toBeNull()
    press(window, 'k', { metaKey: true })
    await flushPromises()
    expect(palette()).toBeNull()
    await wrapper.get('[data-testid="search-open"]').trigger('click')
    await flushPromises()
    expect(palette()).not.toBeNull()
  })

  it('says what the text looks like, lists hits with arrows, and Enter opens the chosen one', async () => {
    const { wrapper, router } = await mountPalette((bridge) =>
      bridge.handle('search', (query) =>
        query.network ? [] : [makeSearchHit('proof', ADDRESS, { title: 'Balance proof' }), makeSearchHit('address', ADDRESS, { title: 'Treasury' })],
      ),
    )
    await wrapper.get('[data-testid="search-open"]').trigger('click')
    await type(ADDRESS)
    expect(document.querySelector('[data-testid="search-shape"]')!.textContent).toBe('Looks like an address or a proof account.')
    // A base58 fragment is also a prefix of ids: the hint does not say "circuits and notifications" only (issue 23, defect 10).
    await type(ADDRESS.slice(0, 6))
    expect(document.querySelector('[data-testid="search-shape"]')!.textContent).toBe('Searching transactions, proofs and addresses that start with it, circuits and notifications.')
    await type('proof verified')
    expect(document.querySelector('[data-testid="search-shape"]')!.textContent).toBe('Searching circuits and notifications.')
    await type(ADDRESS)
    const options = [...document.querySelectorAll('[data-testid="search-result"]')]
    expect(options.map((option) => option.getAttribute('data-kind'))).toEqual(['proof', 'address'])
    expect(options[0]!.getAttribute('aria-selected')).toBe('true')
    expect(input().getAttribute('aria-activedescendant')).toBe('search-option-0')
    press(input(), 'ArrowDown')
    await flushPromises()
    expect(input().getAttribute('aria-activedescendant')).toBe('search-option-1')
    press(input(), 'ArrowDown')
    press(input(), 'ArrowUp')
    press(input(), 'ArrowUp')
    await flushPromises()
    expect(document.querySelector('#search-option-0')!.getAttribute('aria-selected')).toBe('true')
    press(input(), 'ArrowUp')
    await flushPromises()
    press(input(), 'Enter')
    await settle()
    expect(router.currentRoute.value.fullPath).toBe(`/address/${ADDRESS}`)
    expect(palette()).toBeNull()
  })

  it('asks the indexer for a signature the cache lacks, and offers to open it when neither knows it', async () => {
    const { wrapper, router, bridge } = await mountPalette((fake) => fake.handle('search', () => []))
    await wrapper.get('[data-testid="search-open"]').trigger('click')
    await type(SIGNATURE)
    expect(bridge.callsOf('search')).toEqual([[{ text: SIGNATURE, network: false }], [{ text: SIGNATURE, network: true }]])
    const option = document.querySelector('[data-testid="search-result"]')!
    expect(option.getAttribute('data-source')).toBe('guess')
    expect(option.textContent).toContain('not found; open anyway')
    ;(option as HTMLElement).click()
    await settle()
    expect(router.currentRoute.value.fullPath).toBe(`/transactions/${SIGNATURE}`)
  })

  it('searches at once when Enter comes before the pause in typing', async () => {
    const { wrapper, router } = await mountPalette((bridge) => bridge.handle('search', () => [makeSearchHit('transaction', SIGNATURE)]))
    await wrapper.get('[data-testid="search-open"]').trigger('click')
    input().value = SIGNATURE
    input().dispatchEvent(new Event('input'))
    press(input(), 'Enter')
    await settle()
    expect(router.currentRoute.value.fullPath).toBe(`/transactions/${SIGNATURE}`)
  })

  it('says when nothing is found and when the search fails', async () => {
    const { wrapper, bridge } = await mountPalette((fake) => fake.handle('search', () => []))
    await wrapper.get('[data-testid="search-open"]').trigger('click')
    await type('no such words')
    expect(document.querySelector('[data-testid="search-status"]')!.textContent!.trim()).toBe('Nothing found in the cache or on the indexer.')
    bridge.fail('search', { code: 'INTERNAL', message: 'cache unreadable' })
    await type('again')
    expect(document.querySelector('[data-testid="search-status"]')!.textContent).toContain('The search failed: cache unreadable')
  })

  it('keeps Tab inside the dialog', async () => {
    const { wrapper } = await mountPalette((bridge) => bridge.handle('search', () => []))
    await wrapper.get('[data-testid="search-open"]').trigger('click')
    await flushPromises()
    input().focus()
    const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true })
    input().dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(palette()!.contains(document.activeElement)).toBe(true)
  })

  it('closes when the backdrop is clicked', async () => {
    const { wrapper } = await mountPalette()
    await wrapper.get('[data-testid="search-open"]').trigger('click')
    await flushPromises()
    document.querySelector('[data-testid="search-backdrop"]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    await flushPromises()
    expect(palette()).toBeNull()
  })
})
