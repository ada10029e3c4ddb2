import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { mountView } from '@renderer/test-utils/mount-view'
import SettingsView from './SettingsView.vue'

describe('SettingsView', () => {
  it('fills the form from the settings and saves blanks as null', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => {
      fake.handle('getSettings', () => ({ indexerUrl: 'https://indexer.example', wsUrl: null, useDemo: false }))
      fake.handle('updateSettings', (patch) => ({
        indexerUrl: patch.indexerUrl ?? null,
        wsUrl: patch.wsUrl ?? null,
        useDemo: patch.useDemo ?? false,
      }))
    })
    const httpInput = wrapper.get('[data-testid="settings-indexer-url"]')
    expect((httpInput.element as HTMLInputElement).value).toBe('https://indexer.example')
    expect((wrapper.get('[data-testid="settings-ws-url"]').element as HTMLInputElement).value).toBe('')
    expect((wrapper.get('[data-testid="settings-source-indexer"]').element as HTMLInputElement).checked).toBe(true)

    await httpInput.setValue('   ')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsOf('updateSettings')).toEqual([[{ useDemo: false, indexerUrl: null, wsUrl: null }]])
    expect(wrapper.find('[data-testid="settings-saved"]').exists()).toBe(true)
  })

  it('switches to the demo keeping the indexer URL', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => {
      fake.handle('getSettings', () => ({ indexerUrl: 'https://indexer.example', wsUrl: null, useDemo: false }))
      fake.handle('updateSettings', () => ({ indexerUrl: 'https://indexer.example', wsUrl: null, useDemo: true }))
    })
    await wrapper.get('[data-testid="settings-source-demo"]').setValue(true)
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsOf('updateSettings')).toEqual([[{ useDemo: true, indexerUrl: 'https://indexer.example', wsUrl: null }]])
    expect((wrapper.get('[data-testid="settings-source-demo"]').element as HTMLInputElement).checked).toBe(true)
  })

  it('shows the validation error from the bridge', async () => {
    const { wrapper } = await mountView(SettingsView, '/settings', (bridge) => {
      bridge.handle('getSettings', () => ({ indexerUrl: null, wsUrl: null, useDemo: true }))
      bridge.fail('updateSettings', { code: 'INVALID_ARGUMENT', message: 'indexerUrl must use http or https' })
    })
    await wrapper.get('[data-testid="settings-indexer-url"]').setValue('ftp://x')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid="settings-error"]').text()).toContain('indexerUrl must use http or https')
    expect(wrapper.find('[data-testid="settings-saved"]').exists()).toBe(false)
  })

  it('shows a failure to load with Retry', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) =>
      fake.fail('getSettings', { code: 'INTERNAL', message: 'store unreadable' }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('store unreadable')
    bridge.handle('getSettings', () => ({ indexerUrl: null, wsUrl: null, useDemo: true }))
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="settings-indexer-url"]').exists()).toBe(true)
  })
})
