import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, memorySettingsStorage } from './settings'
import { SettingsSnapshot } from './settings-snapshot'

describe('SettingsSnapshot', () => {
  it('hands out one frozen copy until the next write, then the written settings', () => {
    const storage = memorySettingsStorage()
    const settings = new SettingsSnapshot(storage)
    const first = settings.current()
    expect(settings.current()).toBe(first)
    expect(Object.isFrozen(first.notifications)).toBe(true)
    expect(() => {
      ;(first.notifications as { doNotDisturb: boolean }).doNotDisturb = !first.notifications.doNotDisturb
    }).toThrow(TypeError)
    const next = { ...settings.read(), theme: 'dark' as const }
    settings.write(next)
    expect(settings.current()).not.toBe(first)
    expect(settings.current().theme).toBe('dark')
    expect(storage.read().theme).toBe('dark')
    // read() still hands out a copy of its own, free to change.
    const copy = settings.read()
    copy.theme = 'light'
    expect(settings.current().theme).toBe('dark')
    expect(DEFAULT_SETTINGS.theme).not.toBe('dark')
  })
})
