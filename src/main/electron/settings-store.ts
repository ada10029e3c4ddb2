import { readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import Store from 'electron-store'
import type { PublicSettings } from '@shared/domain'
import type { Logger } from '../core/log'
import { silentLogger } from '../core/log'
import type { SettingsStore } from '../core/settings'
import { DEFAULT_SETTINGS, settingsFromStored } from '../core/settings'

export interface ElectronSettingsStoreOptions {
  /** Folder of the settings file; the app's userData folder when not given. */
  cwd?: string
  /** File name without `.json`. */
  name?: string
  log?: Logger
}

const URL_SETTING = { type: ['string', 'null'], maxLength: 2048 } as const

/**
 * Settings kept by electron-store in `<userData>/settings.json`. A file that
 * is not JSON or not the expected shape is moved aside to `settings.json.bad`
 * (with a warning) and the defaults are used; electron-store's
 * clearInvalidConfig is the second line of defence for the same case.
 */
export function createElectronSettingsStore(options: ElectronSettingsStoreOptions = {}): SettingsStore {
  const log = options.log ?? silentLogger
  const name = options.name ?? 'settings'
  const cwd = options.cwd ?? app.getPath('userData')
  moveAsideIfUnreadable(join(cwd, `${name}.json`), log)

  const store = new Store<PublicSettings>({
    cwd,
    name,
    defaults: DEFAULT_SETTINGS,
    schema: { indexerUrl: URL_SETTING, wsUrl: URL_SETTING, useDemo: { type: 'boolean' } },
    clearInvalidConfig: true,
  })

  // Read and checked once (a hand-edited file may hold unusable URLs); this process is its only writer.
  let current = settingsFromStored(store.store, log)
  return {
    read: () => ({ ...current }),
    write(next) {
      store.set({ indexerUrl: next.indexerUrl, wsUrl: next.wsUrl, useDemo: next.useDemo })
      current = { ...next }
    },
  }
}

function moveAsideIfUnreadable(file: string, log: Logger): void {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return // No file yet, or not readable: electron-store decides.
  }
  if (isSettingsJson(text)) return
  try {
    renameSync(file, `${file}.bad`)
    log.warn('The settings file was unreadable; moved it aside and started from defaults', { file: `${file}.bad` })
  } catch (error) {
    log.warn('The settings file is unreadable and could not be moved aside; it will be reset', error)
  }
}

function isSettingsJson(text: string): boolean {
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return false
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  const urlsFit = ['indexerUrl', 'wsUrl'].every((key) => record[key] === undefined || record[key] === null || typeof record[key] === 'string')
  return urlsFit && (record.useDemo === undefined || typeof record.useDemo === 'boolean')
}
