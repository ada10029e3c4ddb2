import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import CopyButton from './CopyButton.vue'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('CopyButton', () => {
  it('copies the text and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    const wrapper = mount(CopyButton, { props: { text: 'Acct1' } })
    await wrapper.get('[data-testid="copy-button"]').trigger('click')
    await flushPromises()
    expect(writeText).toHaveBeenCalledWith('Acct1')
    expect(wrapper.get('[data-testid="copy-button"]').text()).toBe('Copied')
    expect(wrapper.find('[data-testid="copy-fallback"]').exists()).toBe(false)
  })

  it('can be a symbol with the label read out, and says Copied to a screen reader', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(() => Promise.resolve()) } })
    const wrapper = mount(CopyButton, { props: { text: 'Acct1', label: 'address', compact: true } })
    const button = wrapper.get('[data-testid="copy-button"]')
    expect(button.attributes('aria-label')).toBe('Copy address')
    expect(button.text()).toBe('')
    await button.trigger('click')
    await flushPromises()
    expect(button.get('[role="status"]').text()).toBe('Copied')
  })

  it('explains what to do when there is no clipboard', async () => {
    vi.stubGlobal('navigator', {})
    const wrapper = mount(CopyButton, { props: { text: 'Acct1' } })
    await wrapper.get('[data-testid="copy-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="copy-fallback"]').text()).toContain('copy it by hand')
  })

  it('explains what to do when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } })
    const wrapper = mount(CopyButton, { props: { text: 'Acct1' } })
    await wrapper.get('[data-testid="copy-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="copy-fallback"]').exists()).toBe(true)
  })
})
