import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Logger } from '../core/log/log'
import { applySettingsPatch, DEFAULT_SETTINGS } from '../core/config/settings'
import { createElectronSettingsStorage } from './settings-storage'

const electron = vi.hoisted(() => {
  const paths: Record<string, string> = {}
  const app = { getPath: (name: string) => paths[name] ?? '', getVersion: () => '0.1.0' }
  const ipcMain = { on: () => ipcMain }
  return { paths, app, ipcMain, shell: { openPath: async () => '' } }
})

vi.mock('electron', () => ({ default: electron, app: electron.app, ipcMain: electron.ipcMain, shell: electron.shell }))

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proofwatch-settings-'))
  electron.paths.userData = dir
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function recordingLog(): Logger & { warnings: string[] } {
  const warnings: string[] = []
  return { warnings, info() {}, warn: (m) => warnings.push(m), error() {} }
}

const withIndexer = () =>
  applySettingsPatch(
    DEFAULT_SETTINGS,
    { saveProfile: { name: 'Mine', httpUrl: 'https://indexer.example' }, notifications: { doNotDisturb: true }, desktop: { closeToTray: false } },
    () => 'mine',
  ).settings

describe('createElectronSettingsStorage', () => {
  it('reads the defaults (the demo indexer) when nothing is saved', () => {
    expect(createElectronSettingsStorage({ cwd: dir }).read()).toEqual(DEFAULT_SETTINGS)
  })

  it('persists a write, notification rules and desktop options included, for the next start', () => {
    const saved = withIndexer()
    createElectronSettingsStorage({ cwd: dir }).write(saved)
    const reread = createElectronSettingsStorage({ cwd: dir }).read()
    expect(reread.profiles).toEqual(saved.profiles)
    expect(reread.activeProfileId).toBe('mine')
    expect(reread.notifications.doNotDisturb).toBe(true)
    expect(reread.desktop.closeToTray).toBe(false)
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ activeProfileId: 'mine' })
  })

  it("uses the app's userData folder when no folder is given", () => {
    createElectronSettingsStorage().write(withIndexer())
    expect(existsSync(join(dir, 'settings.json'))).toBe(true)
    expect(createElectronSettingsStorage().read().activeProfileId).toBe('mine')
  })

  it('starts from defaults when the file is not JSON, keeping the bad file aside', () => {
    writeFileSync(join(dir, 'settings.json'), '{"profiles": [{"httpUrl": "https://half')
    const log = recordingLog()
    const store = createElectronSettingsStorage({ cwd: dir, log })
    expect(store.read()).toEqual(DEFAULT_SETTINGS)
    expect(readFileSync(join(dir, 'settings.json.bad'), 'utf8')).toBe('{"profiles": [{"httpUrl": "https://half')
    expect(log.warnings).toHaveLength(1)
    store.write(withIndexer())
    expect(createElectronSettingsStorage({ cwd: dir }).read().activeProfileId).toBe('mine')
  })

  it('keeps the valid parts of a file with bad ones', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark', notifications: { doNotDisturb: 'maybe', maxPerMinute: 12 }, desktop: 7 }))
    const read = createElectronSettingsStorage({ cwd: dir }).read()
    expect(read.theme).toBe('dark')
    expect(read.notifications.maxPerMinute).toBe(12)
    expect(read.notifications.doNotDisturb).toBe(false)
    expect(read.desktop).toEqual(DEFAULT_SETTINGS.desktop)
  })

  it('moves aside a file that is JSON but not an object', () => {
    writeFileSync(join(dir, 'settings.json'), '[1, 2]')
    expect(createElectronSettingsStorage({ cwd: dir }).read()).toEqual(DEFAULT_SETTINGS)
    expect(existsSync(join(dir, 'settings.json.bad'))).toBe(true)
  })
  it('writes settings.json for its owner only (0600)', () => {
    createElectronSettingsStorage({ cwd: dir }).write(withIndexer())
    expect((statSync(join(dir, 'settings.json')).mode & 0o777).toString(8)).toBe('600')
  })

  it('a folder named settings.json: starts from the defaults, keeps changes for the session, and says why', () => {
    mkdirSync(join(dir, 'settings.json'))
    const log = recordingLog()
    const store = createElectronSettingsStorage({ cwd: dir, log })
    expect(store.read()).toEqual(DEFAULT_SETTINGS)
    store.write(withIndexer())
    expect(store.read().activeProfileId).toBe('mine')
    expect(store.notice).toMatch(/is a folder, not a file.*for this session only/)
    expect(log.warnings).toEqual([store.notice])
  })
})
