import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeSettings } from '@test/support/renderer/workspace-fixtures'
import { applyTheme, useThemeStore } from './theme'

let bridge: FakeBridge
let root: HTMLElement

beforeEach(() => {
  bridge = setupStores().bridge
  root = document.createElement('html')
})

afterEach(() => {
  document.documentElement.removeAttribute('data-theme')
})

describe('theme', () => {
  it('sets data-theme for light and dark and removes it for system', () => {
    applyTheme(root, 'dark')
    expect(root.getAttribute('data-theme')).toBe('dark')
    applyTheme(root, 'light')
    expect(root.getAttribute('data-theme')).toBe('light')
    applyTheme(root, 'system')
    expect(root.hasAttribute('data-theme')).toBe(false)
  })

  it('applies the saved theme at start and follows settings pushed later', async () => {
    bridge.handle('getSettings', () => makeSettings({ theme: 'dark' }))
    const theme = useThemeStore()
    await theme.start(root)
    await flushPromises()
    expect(root.getAttribute('data-theme')).toBe('dark')
    expect(theme.effective).toBe('dark')
    bridge.emit('settings', makeSettings({ theme: 'light' }))
    await flushPromises()
    expect(root.getAttribute('data-theme')).toBe('light')
    bridge.emit('settings', makeSettings({ theme: 'system' }))
    await flushPromises()
    expect(root.hasAttribute('data-theme')).toBe(false)
    expect(theme.choice).toBe('system')
  })

  it('follows the system while settings cannot be read', async () => {
    bridge.fail('getSettings', { code: 'INTERNAL', message: 'settings unreadable' })
    const theme = useThemeStore()
    await theme.start(root)
    expect(root.hasAttribute('data-theme')).toBe(false)
    expect(theme.choice).toBe('system')
  })
})
