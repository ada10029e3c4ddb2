import { readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import Store from 'electron-store'
import type { Logger } from '../core/log'
import { silentLogger } from '../core/log'
import type { SavedSettings, SettingsStore } from '../core/settings'
import { settingsFromStored } from '../core/settings'

export interface ElectronSettingsStoreOptions {
  /** Folder of the settings file; the app's userData folder when not given. */
  cwd?: string
  /** File name without `.json`. */
  name?: string
  log?: Logger
}

/**
 * Settings kept by electron-store in `<userData>/settings.json`. A file that
 * is not a JSON object is moved aside to `settings.json.bad` (with a
 * warning) and the defaults are used; parts that do not validate fall back
 * to their defaults one by one (settingsFromStored), so one bad field never
 * costs the rest.
 */
export function createElectronSettingsStore(options: ElectronSettingsStoreOptions = {}): SettingsStore {
  const log = options.log ?? silentLogger
  const name = options.name ?? 'settings'
  const cwd = options.cwd ?? app.getPath('userData')
  moveAsideIfUnreadable(join(cwd, `${name}.json`), log)

  const store = new Store<Record<string, unknown>>({ cwd, name, clearInvalidConfig: true })

  // Read and checked once (a hand-edited file may hold anything); this process is its only writer.
  let current = settingsFromStored(store.store, log)
  return {
    read: () => structuredClone(current),
    write(next: SavedSettings) {
      // The whole document replaces the old one: keys dropped by a newer version do not linger.
      store.store = structuredClone(next) as unknown as Record<string, unknown>
      current = structuredClone(next)
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
  if (isJsonObject(text)) return
  try {
    renameSync(file, `${file}.bad`)
    log.warn('The settings file was unreadable; moved it aside and started from defaults', { file: `${file}.bad` })
  } catch (error) {
    log.warn('The settings file is unreadable and could not be moved aside; it will be reset', error)
  }
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}
