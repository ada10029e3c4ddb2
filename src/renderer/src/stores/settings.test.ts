import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { deferred } from '@test/support/renderer/deferred'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeConnectionReport, makeProfile, makeSettings } from '@test/support/renderer/workspace-fixtures'
import type { ConnectionReport } from '@shared/settings'
import { useSettingsStore } from './settings'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
  bridge.handle('getSettings', () => makeSettings())
})

describe('settings store', () => {
  it('loads, saves a section and says where it was saved', async () => {
    bridge.handle('updateSettings', (patch) => makeSettings({ theme: patch.theme ?? 'system' }))
    const settings = useSettingsStore()
    await settings.ensureLoaded()
    expect(settings.usingDemo).toBe(true)
    expect(settings.activeProfile?.id).toBe('demo')
    expect(await settings.save({ theme: 'dark' }, 'theme')).toBe(true)
    expect(settings.settings?.theme).toBe('dark')
    expect(settings.outcomeFor('theme')?.error).toBeNull()
    expect(settings.outcomeFor('polling')).toBeNull()
  })

  it('keeps the validation error in its section and the previous settings', async () => {
    bridge.fail('updateSettings', { code: 'INVALID_ARGUMENT', message: 'httpUrl must use http or https' })
    const settings = useSettingsStore()
    await settings.ensureLoaded()
    expect(await settings.save({ saveProfile: { name: 'x', httpUrl: 'ftp://x' } }, 'profiles')).toBe(false)
    expect(settings.outcomeFor('profiles')?.error?.message).toBe('httpUrl must use http or https')
    expect(settings.settings?.profiles).toHaveLength(1)
  })

  it('follows settings pushed by main (the tray toggled do-not-disturb)', async () => {
    const settings = useSettingsStore()
    await settings.ensureLoaded()
    const pushed = makeSettings({ profiles: [makeSettings().profiles[0]!, makeProfile('prod')], activeProfileId: 'prod' })
    pushed.notifications.doNotDisturb = true
    bridge.emit('settings', pushed)
    expect(settings.settings?.notifications.doNotDisturb).toBe(true)
    expect(settings.usingDemo).toBe(false)
    expect(settings.activeProfile?.name).toBe('Indexer prod')
  })

  it('keeps only the latest connection test and its failure', async () => {
    const slow = deferred<ConnectionReport>()
    let call = 0
    bridge.handle('testConnection', () => (++call === 1 ? slow.promise : makeConnectionReport({ httpUrl: 'https://second.example' })))
    const settings = useSettingsStore()
    const first = settings.testConnection({ name: 'a', httpUrl: 'https://first.example' })
    expect(settings.testing).toBe(true)
    await settings.testConnection({ name: 'b', httpUrl: 'https://second.example' })
    slow.resolve(makeConnectionReport({ httpUrl: 'https://first.example' }))
    await first
    expect(settings.testReport?.httpUrl).toBe('https://second.example')
    expect(settings.testing).toBe(false)

    bridge.fail('testConnection', { code: 'INVALID_ARGUMENT', message: 'wsUrl must use ws or wss' })
    await settings.testConnection({ name: 'c', httpUrl: 'https://x.example', wsUrl: 'http://x' })
    expect(settings.testReport).toBeNull()
    expect(settings.testError?.message).toBe('wsUrl must use ws or wss')
  })
})
