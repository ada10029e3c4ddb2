import { describe, expect, it } from 'vitest'
import { DEMO_PROFILE_ID } from '@shared/settings'
import { ProofWatchError } from '@shared/errors'
import { applySettingsPatch, deriveWsUrl, DEFAULT_SETTINGS, publicSettings, settingsFromStored, type SavedSettings } from './settings'
import { memorySecretStorage } from './secrets'
import type { Logger } from '../log/log'

const WALLET = 'Wa11etWa11etWa11etWa11etWa11etWa11etWa1'.replace(/l/g, 'k').replace(/0/g, '1')
let ids = 0
const nextId = () => `p${++ids}`

function recordingLogger() {
  const warnings: string[] = []
  const log: Logger = { info() {}, warn: (m) => warnings.push(m), error() {} }
  return { log, warnings }
}

function withProfile(): SavedSettings {
  return applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Mine', httpUrl: 'https://indexer.example/' } }, () => 'mine').settings
}

describe('settings', () => {
  it('saves a profile with checked URLs and makes it active', () => {
    const { settings, credentials } = applySettingsPatch(
      DEFAULT_SETTINGS,
      { saveProfile: { name: ' Mine ', httpUrl: ' https://indexer.example/ ', wsUrl: 'wss://indexer.example/ws#x', wallet: WALLET } },
      nextId,
    )
    expect(settings.profiles).toEqual([
      { id: expect.any(String), name: 'Mine', httpUrl: 'https://indexer.example', wsUrl: 'wss://indexer.example/ws', wallet: WALLET },
    ])
    expect(settings.activeProfileId).toBe(settings.profiles[0]!.id)
    expect(credentials.size).toBe(0)
  })

  it.each([
    [{ name: 'x', httpUrl: 'ftp://x' }, /must start with http:\/\/ or https:\/\//],
    [{ name: 'x', httpUrl: 'not a url' }, /not a URL/],
    [{ name: 'x', httpUrl: 'http://a', wsUrl: 'http://a/ws' }, /ws:\/\/ or wss:\/\//],
    [{ name: 'x', httpUrl: 'http://user:pw@a' }, /credentials/],
    [{ name: 'x', httpUrl: 'http://a', wsUrl: 'ws://u:p@a/ws' }, /credentials/],
    [{ name: '  ', httpUrl: 'http://a' }, /name/],
    [{ name: 'x', httpUrl: '' }, /HTTP URL/],
    [{ name: 'x', httpUrl: 'http://a', wallet: 'not-base58-0OIl' }, /wallet/i],
    [{ name: 'x', httpUrl: 'http://a', credential: 'hunter2' }, /cookie:<name>=<value> or bearer:<token>/],
  ])('rejects the profile %j with a clear message', (profile, message) => {
    const attempt = () => applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: profile })
    expect(attempt).toThrow(ProofWatchError)
    expect(attempt).toThrow(message)
  })

  it('hands credentials to the caller and never keeps them in the settings', () => {
    const { settings, credentials } = applySettingsPatch(
      DEFAULT_SETTINGS,
      { saveProfile: { name: 'Mine', httpUrl: 'http://a', credential: ' cookie:s=abc ' } },
      () => 'mine',
    )
    expect(credentials.get('mine')).toBe('cookie:s=abc')
    expect(JSON.stringify(settings)).not.toContain('abc')
    const cleared = applySettingsPatch(settings, { saveProfile: { id: 'mine', name: 'Mine', httpUrl: 'http://a', credential: '' } })
    expect(cleared.credentials.get('mine')).toBeNull()
    const kept = applySettingsPatch(settings, { saveProfile: { id: 'mine', name: 'Renamed', httpUrl: 'http://a' } })
    expect(kept.credentials.has('mine')).toBe(false)
    expect(kept.settings.profiles[0]!.name).toBe('Renamed')
  })

  it('switches between the demo and a profile, and removing the active one goes back to the demo', () => {
    const mine = withProfile()
    expect(mine.activeProfileId).toBe('mine')
    const demo = applySettingsPatch(mine, { activeProfileId: DEMO_PROFILE_ID }).settings
    expect(demo.activeProfileId).toBe(DEMO_PROFILE_ID)
    expect(demo.profiles).toHaveLength(1)
    const back = applySettingsPatch(demo, { activeProfileId: 'mine' }).settings
    const removed = applySettingsPatch(back, { removeProfile: 'mine' })
    expect(removed.settings).toMatchObject({ profiles: [], activeProfileId: DEMO_PROFILE_ID })
    expect(removed.credentials.get('mine')).toBeNull()
  })

  it.each([
    [{ activeProfileId: 'nope' }, /No indexer profile/],
    [{ removeProfile: DEMO_PROFILE_ID }, /cannot be removed/],
    [{ saveProfile: { id: DEMO_PROFILE_ID, name: 'x', httpUrl: 'http://a' } }, /cannot be edited/],
    [{ polling: { seriesMs: 10 } }, /series interval/],
    [{ cache: { maxBytes: 5 } }, /cache size/],
    [{ theme: 'purple' as never }, /Theme must be/],
    [{ desktop: { closeToTray: 'yes' as never } }, /closeToTray/],
    [{ notifications: { maxPerMinute: 0 } }, /a minute/],
  ])('rejects %j and changes nothing', (patch, message) => {
    const before = structuredClone(DEFAULT_SETTINGS)
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, patch)).toThrow(message)
    expect(DEFAULT_SETTINGS).toEqual(before)
  })

  it('merges polling, cache, theme, desktop and notification rules', () => {
    const { settings } = applySettingsPatch(DEFAULT_SETTINGS, {
      polling: { seriesMs: 30_000 },
      cache: { maxRows: 100_000 },
      theme: 'dark',
      desktop: { startHidden: true },
      notifications: { doNotDisturb: true },
    })
    expect(settings.polling).toEqual({ ...DEFAULT_SETTINGS.polling, seriesMs: 30_000 })
    expect(settings.cache).toEqual({ ...DEFAULT_SETTINGS.cache, maxRows: 100_000 })
    expect(settings.theme).toBe('dark')
    expect(settings.desktop).toEqual({ ...DEFAULT_SETTINGS.desktop, startHidden: true })
    expect(settings.notifications.doNotDisturb).toBe(true)
  })

  it('shows the renderer whether a credential is set, never the credential', () => {
    const secrets = memorySecretStorage({ mine: 'bearer:secret-token' })
    const shown = publicSettings(withProfile(), secrets, WALLET)
    expect(shown.profiles.map((p) => [p.id, p.credentialSet])).toEqual([
      [DEMO_PROFILE_ID, true],
      ['mine', true],
    ])
    expect(JSON.stringify(shown)).not.toContain('secret-token')
    secrets.set('mine', null)
    expect(publicSettings(withProfile(), secrets, WALLET).profiles[1]!.credentialSet).toBe(false)
  })

  it('turns settings saved before profiles existed into one profile', () => {
    const { log } = recordingLogger()
    const migrated = settingsFromStored({ indexerUrl: 'http://127.0.0.1:8787/', wsUrl: 'ws://127.0.0.1:8787/ws', useDemo: false }, log)
    expect(migrated.profiles).toEqual([
      { id: 'my-indexer', name: 'My indexer', httpUrl: 'http://127.0.0.1:8787', wsUrl: 'ws://127.0.0.1:8787/ws', wallet: null },
    ])
    expect(migrated.activeProfileId).toBe('my-indexer')
    expect(settingsFromStored({ indexerUrl: 'http://a', useDemo: true }, log).activeProfileId).toBe(DEMO_PROFILE_ID)
  })

  it('keeps what validates from a hand-edited file and warns about the rest', () => {
    const { log, warnings } = recordingLogger()
    const stored = {
      profiles: [
        { id: 'good', name: 'Good', httpUrl: 'http://a', wsUrl: null },
        { id: 'bad', name: 'Bad', httpUrl: 'gopher://a' },
        { name: 'No id', httpUrl: 'http://b' },
      ],
      activeProfileId: 'bad',
      polling: { seriesMs: 'soon' },
      theme: 'dark',
      watchlist: { addresses: [] },
    }
    const settings = settingsFromStored(stored, log)
    expect(settings.profiles.map((p) => p.id)).toEqual(['good'])
    expect(settings.activeProfileId).toBe(DEMO_PROFILE_ID)
    expect(settings.polling).toEqual(DEFAULT_SETTINGS.polling)
    expect(settings.theme).toBe('dark')
    expect(settings.watchlist).toEqual({ addresses: [] })
    expect(warnings.length).toBe(3)
    expect(settingsFromStored('garbage', log)).toEqual(DEFAULT_SETTINGS)
  })

  it('keeps the snoozes as saved for notify/snoozes.ts to check, and a file without any has none', () => {
    const { log } = recordingLogger()
    const snoozes = [{ target: { kind: 'source', id: 'health' }, until: null }, 'odd']
    expect(settingsFromStored({ snoozes }, log).snoozes).toEqual(snoozes)
    expect(settingsFromStored({}, log)).not.toHaveProperty('snoozes')
  })

  it('derives the socket URL from the indexer URL', () => {
    expect(deriveWsUrl('http://127.0.0.1:8787')).toBe('ws://127.0.0.1:8787/ws')
    expect(deriveWsUrl('https://host/base/')).toBe('wss://host/base/ws')
  })
})
