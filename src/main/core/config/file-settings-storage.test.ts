import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFileSettingsStorage } from './file-settings-storage'
import { applySettingsPatch, DEFAULT_SETTINGS } from './settings'
import { tempFolder } from '../../../../test/support/temp-folder'

const tempDir = () => tempFolder('proofwatch-settings-')

describe('file settings store', () => {
  it('starts with the defaults and persists what is written, watchlist included', () => {
    const dir = tempDir()
    const store = createFileSettingsStorage(dir)
    expect(store.read()).toEqual(DEFAULT_SETTINGS)
    const { settings } = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Local', httpUrl: 'http://127.0.0.1:8787' } }, () => 'local')
    store.write({ ...settings, watchlist: { addresses: [{ pubkey: 'x' }] } })
    const reread = createFileSettingsStorage(dir).read()
    expect(reread.profiles).toEqual(settings.profiles)
    expect(reread.activeProfileId).toBe('local')
    expect(reread.watchlist).toEqual({ addresses: [{ pubkey: 'x' }] })
  })

  it('keeps an unreadable file aside and starts from defaults', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), '{"profiles": [{"httpUrl": "http://x', 'utf8')
    const warnings: string[] = []
    const store = createFileSettingsStorage(dir, { info() {}, warn: (m) => warnings.push(m), error() {} })
    expect(store.read()).toEqual(DEFAULT_SETTINGS)
    const aside = readdirSync(dir).find((f) => f.startsWith('settings.json.unreadable-'))
    expect(aside).toBeDefined()
    expect(readFileSync(join(dir, aside!), 'utf8')).toContain('http://x')
    expect(warnings).toHaveLength(1)
  })

  it('drops parts that do not validate and keeps the rest', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ profiles: [{ id: 'a', name: 'A', httpUrl: 42 }], theme: 'light' }))
    const read = createFileSettingsStorage(dir).read()
    expect(read.profiles).toEqual([])
    expect(read.theme).toBe('light')
  })
})
