import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { PublicSettings, SettingsPatch } from '@shared/settings'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import {
  DEMO_PROFILE,
  makeAppInfo,
  makeCacheInfo,
  makeConnectionReport,
  makeProfile,
  makeSettings,
  makeWatchedAddress,
  makeWatchlist,
} from '@test/support/renderer/workspace-fixtures'
import SettingsView from './SettingsView.vue'

/** Settings that apply patches like main would (no validation), starting from `initial`. */
function serveSettings(bridge: FakeBridge, initial: PublicSettings = makeSettings()): { current: () => PublicSettings } {
  let settings = structuredClone(initial)
  bridge.handle('getSettings', () => settings)
  bridge.handle('updateSettings', (patch: SettingsPatch) => {
    const next = structuredClone(settings)
    if (patch.saveProfile) {
      const { credential, ...rest } = patch.saveProfile
      const id = rest.id ?? `p${next.profiles.length}`
      const profile = { id, name: rest.name, httpUrl: rest.httpUrl, wsUrl: rest.wsUrl ?? null, wallet: rest.wallet ?? null, credentialSet: typeof credential === 'string' }
      next.profiles = [...next.profiles.filter((p) => p.id !== id), profile]
      next.activeProfileId = patch.activeProfileId ?? id
    } else if (patch.activeProfileId) next.activeProfileId = patch.activeProfileId
    if (patch.removeProfile) next.profiles = next.profiles.filter((p) => p.id !== patch.removeProfile)
    if (patch.theme) next.theme = patch.theme
    if (patch.notifications) Object.assign(next.notifications, patch.notifications)
    if (patch.polling) Object.assign(next.polling, patch.polling)
    if (patch.cache) Object.assign(next.cache, patch.cache)
    if (patch.desktop) Object.assign(next.desktop, patch.desktop)
    settings = next
    return next
  })
  bridge.handle('getAppInfo', () => makeAppInfo())
  bridge.handle('getCacheInfo', () => makeCacheInfo())
  bridge.handle('getWatchlist', () => makeWatchlist())
  return { current: () => settings }
}

describe('SettingsView', () => {
  it('shows a failure to load with Retry', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => {
      fake.fail('getSettings', { code: 'INTERNAL', message: 'settings file unreadable' })
      fake.handle('getAppInfo', () => makeAppInfo())
    })
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('settings file unreadable')
    serveSettings(bridge)
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="profile-row"]')).toHaveLength(1)
  })

  it('does not call the demo "in use" when this run was started with --indexer', async () => {
    const { wrapper } = await mountView(SettingsView, '/settings', (fake) =>
      serveSettings(fake, makeSettings({ launchIndexerUrl: 'https://indexer.example' })),
    )
    const demo = wrapper.get('[data-profile="demo"]')
    expect(demo.find('[data-testid="profile-active"]').exists()).toBe(false)
    expect(demo.get('[data-testid="profile-chosen"]').text()).toBe('Chosen — this run watches the launch indexer')
    expect(demo.get('[data-testid="profile-chosen"]').attributes('title')).toContain('https://indexer.example')
  })

  it('lists the profiles, switches between them and removes one after a second press', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) =>
      serveSettings(fake, makeSettings({ profiles: [DEMO_PROFILE, makeProfile('prod', { credentialSet: true })] })),
    )
    const rows = wrapper.findAll('[data-testid="profile-row"]')
    expect(rows.map((row) => row.attributes('data-profile'))).toEqual(['demo', 'prod'])
    expect(rows[0]!.find('[data-testid="profile-active"]').exists()).toBe(true)
    expect(rows[0]!.find('[data-testid="profile-edit"]').exists()).toBe(false)
    expect(rows[1]!.text()).toContain('Credential set')

    await rows[1]!.get('[data-testid="profile-use"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('updateSettings')).toEqual([[{ activeProfileId: 'prod' }]])
    expect(wrapper.get('[data-profile="prod"]').find('[data-testid="profile-active"]').exists()).toBe(true)

    await wrapper.get('[data-profile="prod"] [data-testid="profile-remove"]').trigger('click')
    expect(wrapper.get('[data-profile="prod"] [data-testid="profile-remove"]').text()).toBe('Really remove?')
    expect(bridge.callsOf('updateSettings')).toHaveLength(1)
    await wrapper.get('[data-profile="prod"] [data-testid="profile-remove"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('updateSettings').at(-1)).toEqual([{ removeProfile: 'prod' }])
    expect(wrapper.findAll('[data-testid="profile-row"]')).toHaveLength(1)
  })

  it('checks the URLs of a new profile before saving: http(s) and ws(s) only', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => serveSettings(fake))
    await wrapper.get('[data-testid="profile-name"]').setValue('Prod')
    await wrapper.get('[data-testid="settings-indexer-url"]').setValue('ftp://indexer.example')
    await wrapper.get('[data-testid="settings-ws-url"]').setValue('https://indexer.example/ws')
    await wrapper.get('[data-testid="profile-save-use"]').trigger('submit')
    expect(wrapper.get('[data-testid="profile-httpUrl-problem"]').text()).toBe('The HTTP URL must start with http:// or https://, not ftp://')
    expect(wrapper.get('[data-testid="profile-wsUrl-problem"]').text()).toBe('The WebSocket URL must start with ws:// or wss://, not https://')
    await wrapper.get('[data-testid="profile-test"]').trigger('click')
    expect(bridge.callsOf('updateSettings')).toEqual([])
    expect(bridge.callsOf('testConnection')).toEqual([])
    // Problems follow the typing once shown.
    await wrapper.get('[data-testid="settings-indexer-url"]').setValue('https://indexer.example')
    expect(wrapper.find('[data-testid="profile-httpUrl-problem"]').exists()).toBe(false)
  })

  it('saves a new profile with a credential that is never shown back, and uses it', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => serveSettings(fake))
    await wrapper.get('[data-testid="profile-name"]').setValue('Prod')
    await wrapper.get('[data-testid="settings-indexer-url"]').setValue(' https://indexer.example ')
    await wrapper.get('[data-testid="profile-credential-kind"]').setValue('bearer')
    await wrapper.get('[data-testid="profile-secret"]').setValue('s3cret-token')
    expect(wrapper.get('[data-testid="profile-secret"]').attributes('type')).toBe('password')
    await wrapper.get('[data-testid="profile-editor"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsOf('updateSettings')).toEqual([
      [{ saveProfile: { name: 'Prod', httpUrl: 'https://indexer.example', wsUrl: null, wallet: null, credential: 'bearer:s3cret-token' } }],
    ])
    expect(wrapper.find('[data-profile="p1"] [data-testid="profile-active"]').exists()).toBe(true)
    expect(wrapper.html()).not.toContain('s3cret-token')
    expect((wrapper.get('[data-testid="profile-name"]').element as HTMLInputElement).value).toBe('')

    // Editing it later offers to keep the saved credential and sends none unless asked.
    await wrapper.get('[data-profile="p1"] [data-testid="profile-edit"]').trigger('click')
    expect(wrapper.find('[data-testid="credential-set"]').exists()).toBe(true)
    expect((wrapper.get('[data-testid="profile-credential-kind"]').element as HTMLSelectElement).value).toBe('keep')
    expect(wrapper.find('[data-testid="profile-secret"]').exists()).toBe(false)
    await wrapper.get('[data-testid="profile-name"]').setValue('Production')
    await wrapper.get('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('updateSettings').at(-1)).toEqual([
      { saveProfile: { id: 'p1', name: 'Production', httpUrl: 'https://indexer.example', wsUrl: null, wallet: null }, activeProfileId: 'p1' },
    ])
  })

  it('shows what main refused in the profiles section and keeps the form', async () => {
    const { wrapper } = await mountView(SettingsView, '/settings', (fake) => {
      serveSettings(fake)
      fake.fail('updateSettings', { code: 'INVALID_ARGUMENT', message: 'A profile named Prod exists already' })
    })
    await wrapper.get('[data-testid="profile-name"]').setValue('Prod')
    await wrapper.get('[data-testid="settings-indexer-url"]').setValue('https://indexer.example')
    await wrapper.get('[data-testid="profile-editor"]').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid="save-error-profiles"]').text()).toBe('Not saved: A profile named Prod exists already')
    expect((wrapper.get('[data-testid="profile-name"]').element as HTMLInputElement).value).toBe('Prod')
  })

  it('tests a connection and reports each endpoint and the socket', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => {
      serveSettings(fake)
      fake.handle('testConnection', () => makeConnectionReport())
    })
    await wrapper.get('[data-testid="profile-name"]').setValue('Prod')
    await wrapper.get('[data-testid="settings-indexer-url"]').setValue('https://indexer.example')
    await wrapper.get('[data-testid="profile-test"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('testConnection')).toEqual([[{ name: 'Prod', httpUrl: 'https://indexer.example', wsUrl: null, wallet: null, credential: null }]])
    const checks = wrapper.findAll('[data-testid="connection-check"]')
    expect(checks.map((check) => check.attributes('data-ok'))).toEqual(['true', 'false'])
    expect(checks[0]!.text()).toContain('42 ms')
    expect(checks[1]!.text()).toContain('connection refused')
    expect(bridge.callsOf('updateSettings')).toEqual([])
  })

  it('saves notification rules at once and follows do-not-disturb switched from the tray', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => {
      serveSettings(fake)
      fake.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1)]))
      fake.handle('watchAddress', () => makeWatchlist([makeWatchedAddress(1, { notify: false })]))
    })
    // The user's own routine proofs are off by default (quiet by default): switched on here.
    await wrapper.get('[data-testid="rules-source-userProofs"]').setValue(true)
    await flushPromises()
    expect(bridge.callsOf('updateSettings').at(-1)).toEqual([
      { notifications: { sources: { notifications: true, userProofs: true, circuits: true, addresses: true, health: true } } },
    ])
    expect(wrapper.find('[data-testid="saved-notifications"]').exists()).toBe(true)

    await wrapper.get('[data-testid="rules-per-minute"]').setValue('500')
    expect(wrapper.get('[data-testid="rules-problem"]').text()).toContain('from 1 to 60')

    await wrapper.get(`[data-testid="rules-address-${makeWatchedAddress(1).pubkey}"]`).setValue(false)
    await flushPromises()
    expect(bridge.callsOf('watchAddress')).toEqual([[{ pubkey: makeWatchedAddress(1).pubkey, notify: false }]])

    const pushed = makeSettings()
    pushed.notifications.doNotDisturb = true
    bridge.emit('settings', pushed)
    await flushPromises()
    expect((wrapper.get('[data-testid="rules-dnd"]').element as HTMLInputElement).checked).toBe(true)
  })

  it('puts a refused rule change back as it was', async () => {
    const { wrapper } = await mountView(SettingsView, '/settings', (fake) => {
      serveSettings(fake)
      fake.fail('updateSettings', { code: 'INTERNAL', message: 'settings file is read-only' })
    })
    const box = wrapper.get('[data-testid="rules-dnd"]')
    await box.setValue(true)
    await flushPromises()
    expect((box.element as HTMLInputElement).checked).toBe(false)
    expect(wrapper.get('[data-testid="save-error-notifications"]').text()).toContain('settings file is read-only')
  })

  it('saves polling intervals in milliseconds and refuses nonsense', async () => {
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => serveSettings(fake))
    expect((wrapper.get('[data-testid="polling-seriesMs"]').element as HTMLInputElement).value).toBe('60')
    await wrapper.get('[data-testid="polling-seriesMs"]').setValue('2')
    await wrapper.get('[data-testid="polling-save"]').trigger('submit')
    expect(wrapper.get('[data-testid="polling-problem"]').text()).toContain('Charts')
    await wrapper.get('[data-testid="polling-seriesMs"]').setValue('30')
    await wrapper.get('[data-testid="polling-save"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsOf('updateSettings')).toEqual([[{ polling: { seriesMs: 30_000, leaderboardMs: 120_000, overviewMs: 15_000 } }]])
  })

  it('shows the cache, its damage, clears it and saves its caps', async () => {
    const damage = { kind: 'corrupt' as const, message: 'database disk image is malformed', movedTo: '/data/history.damaged.sqlite', at: 1_700_000_000_000 }
    const { wrapper, bridge } = await mountView(SettingsView, '/settings', (fake) => {
      serveSettings(fake)
      fake.handle('getCacheInfo', () => makeCacheInfo({ damage }))
      fake.handle('clearCache', ({ everything }) => makeCacheInfo({ rows: everything ? 0 : 100, bytes: 2048 }))
    })
    expect(wrapper.get('[data-testid="cache-damage"]').text()).toContain('moved aside to /data/history.damaged.sqlite')
    expect(wrapper.get('[data-testid="cache-size"]').text()).toBe('12 MB of 500 MB · 45,678 of 2,000,000 records')
    await wrapper.get('[data-testid="cache-clear"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="cache-size"]').text()).toContain('100 of 2,000,000')
    await wrapper.get('[data-testid="cache-clear-everything"]').trigger('click')
    expect(bridge.callsOf('clearCache')).toEqual([[{ everything: false }]])
    await wrapper.get('[data-testid="cache-clear-everything"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('clearCache').at(-1)).toEqual([{ everything: true }])

    await wrapper.get('[data-testid="cache-max-mb"]').setValue('200')
    await wrapper.get('[data-testid="cache-limits-save"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsOf('updateSettings').at(-1)).toEqual([{ cache: { maxBytes: 200 * 1024 * 1024, maxRows: 2_000_000 } }])
  })

  it('says in place when clearing the cache fails', async () => {
    const { wrapper } = await mountView(SettingsView, '/settings', (fake) => {
      serveSettings(fake)
      fake.fail('clearCache', { code: 'INTERNAL', message: 'database is locked' })
    })
    await wrapper.get('[data-testid="cache-clear"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="cache-clear-error"]').text()).toBe('Not cleared: database is locked')
  })

  it('saves the theme and shows desktop options only in the desktop app', async () => {
    const browser = await mountView(SettingsView, '/settings', (fake) => serveSettings(fake))
    expect(browser.wrapper.find('[data-testid="settings-desktop"]').exists()).toBe(false)
    await browser.wrapper.get('[data-testid="theme-dark"]').setValue(true)
    await flushPromises()
    expect(browser.bridge.callsOf('updateSettings')).toEqual([[{ theme: 'dark' }]])
    expect((browser.wrapper.get('[data-testid="theme-dark"]').element as HTMLInputElement).checked).toBe(true)

    const desktop = await mountView(SettingsView, '/settings', (fake) => {
      serveSettings(fake)
      fake.handle('getAppInfo', () => makeAppInfo({ platform: 'desktop', secrets: { encrypted: false, warning: 'No keyring found' } }))
    })
    await desktop.wrapper.get('[data-testid="desktop-launchAtLogin"]').setValue(true)
    await flushPromises()
    expect(desktop.bridge.callsOf('updateSettings')).toEqual([[{ desktop: { launchAtLogin: true } }]])
    expect(textsOf(desktop.wrapper, 'secrets-state')).toEqual(['Not encrypted — No keyring found'])
  })

  it("focuses and marks the rule an entry's reason links to (/settings?rule=addresses)", async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus')
    const { wrapper } = await mountView(
      SettingsView,
      '/settings?rule=addresses',
      (fake) => {
        serveSettings(fake)
        fake.handle('previewNotificationRules', () => ({ since: 0, events: 0, notifications: 0, days: [], latest: [], capped: false, cap: 20_000 }))
      },
    )
    await flushPromises()
    const row = wrapper.get('[data-testid="rules-source-row-addresses"]')
    expect(row.attributes('data-linked')).toBe('true')
    expect(wrapper.get('[data-testid="rules-source-row-circuits"]').attributes('data-linked')).toBeUndefined()
    const focused = focus.mock.contexts.map((element) => (element as HTMLElement).getAttribute('data-testid'))
    focus.mockRestore()
    expect(focused).toContain('rules-source-addresses')
  })
})
