import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Logger } from '../core/log'
import { createElectronSettingsStore } from './settings-store'

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

describe('createElectronSettingsStore', () => {
  it('reads the defaults (the demo indexer) when nothing is saved', () => {
    expect(createElectronSettingsStore({ cwd: dir }).read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
  })

  it('persists a write for the next start', () => {
    createElectronSettingsStore({ cwd: dir }).write({ indexerUrl: 'https://indexer.example', wsUrl: 'wss://indexer.example/ws', useDemo: false })
    expect(createElectronSettingsStore({ cwd: dir }).read()).toEqual({
      indexerUrl: 'https://indexer.example',
      wsUrl: 'wss://indexer.example/ws',
      useDemo: false,
    })
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ indexerUrl: 'https://indexer.example' })
  })

  it("uses the app's userData folder when no folder is given", () => {
    createElectronSettingsStore().write({ indexerUrl: 'http://127.0.0.1:8080', wsUrl: null, useDemo: false })
    expect(existsSync(join(dir, 'settings.json'))).toBe(true)
    expect(createElectronSettingsStore().read().indexerUrl).toBe('http://127.0.0.1:8080')
  })

  it('starts from defaults when the file is not JSON, keeping the bad file aside', () => {
    writeFileSync(join(dir, 'settings.json'), '{"indexerUrl": "https://half')
    const log = recordingLog()
    const store = createElectronSettingsStore({ cwd: dir, log })
    expect(store.read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    expect(readFileSync(join(dir, 'settings.json.bad'), 'utf8')).toBe('{"indexerUrl": "https://half')
    expect(log.warnings).toHaveLength(1)
    store.write({ indexerUrl: 'https://indexer.example', wsUrl: null, useDemo: false })
    expect(createElectronSettingsStore({ cwd: dir }).read().indexerUrl).toBe('https://indexer.example')
  })

  it('starts from defaults when the file has the wrong shape', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ indexerUrl: 42, wsUrl: ['x'] }))
    expect(createElectronSettingsStore({ cwd: dir }).read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    expect(existsSync(join(dir, 'settings.json.bad'))).toBe(true)
  })

  it('lets electron-store clear a file its schema rejects (clearInvalidConfig)', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ indexerUrl: `https://x.example/${'a'.repeat(3000)}`, wsUrl: null, useDemo: false }))
    expect(createElectronSettingsStore({ cwd: dir }).read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    expect(existsSync(join(dir, 'settings.json.bad'))).toBe(false)
  })

  it('reads unusable saved URLs as the defaults instead of failing', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ indexerUrl: 'ftp://nope', wsUrl: null, useDemo: false }))
    const log = recordingLog()
    expect(createElectronSettingsStore({ cwd: dir, log }).read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    expect(log.warnings).toEqual(['Saved settings are not valid; using the demo indexer'])
  })
})
