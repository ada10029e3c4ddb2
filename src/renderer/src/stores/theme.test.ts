import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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
  vi.restoreAllMocks()
  document.documentElement.removeAttribute('data-theme')
})

/** A system colour scheme the test can change (happy-dom's is always light). */
function systemScheme(dark: boolean): { change(dark: boolean): void } {
  const listeners = new Set<(event: MediaQueryListEvent) => void>()
  const media = {
    matches: dark,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  }
  vi.spyOn(window, 'matchMedia').mockReturnValue(media as unknown as MediaQueryList)
  return {
    change(next) {
      media.matches = next
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent)
    },
  }
}

describe('theme', () => {
  it('sets data-theme to the scheme in effect', () => {
    applyTheme(root, 'dark')
    expect(root.getAttribute('data-theme')).toBe('dark')
    applyTheme(root, 'light')
    expect(root.getAttribute('data-theme')).toBe('light')
  })

  it('applies the saved theme at start and follows settings pushed later, resolving system through the system', async () => {
    systemScheme(true)
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
    expect(root.getAttribute('data-theme')).toBe('dark')
    expect(theme.choice).toBe('system')
  })

  it('follows the system, and its changes, while settings cannot be read', async () => {
    const system = systemScheme(true)
    bridge.fail('getSettings', { code: 'INTERNAL', message: 'settings unreadable' })
    const theme = useThemeStore()
    await theme.start(root)
    expect(root.getAttribute('data-theme')).toBe('dark')
    expect(theme.choice).toBe('system')
    system.change(false)
    await flushPromises()
    expect(root.getAttribute('data-theme')).toBe('light')
    expect(theme.effective).toBe('light')
  })
})
