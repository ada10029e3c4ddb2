import { accessSync, constants, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import Store from 'electron-store'
import type { Logger } from '../core/log/log'
import { silentLogger } from '../core/log/log'
import type { SavedSettings, SettingsStorage } from '../core/config/settings'
import { settingsFromStored } from '../core/config/settings'
import { SETTINGS_MAX_BYTES } from '../core/config/file-settings-storage'
import { FileNotReadable, readRegularTextFile } from '../core/files/read-regular-file'

export interface ElectronSettingsStorageOptions {
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
export function createElectronSettingsStorage(options: ElectronSettingsStorageOptions = {}): SettingsStorage {
  const log = options.log ?? silentLogger
  const name = options.name ?? 'settings'
  const cwd = options.cwd ?? app.getPath('userData')
  const file = join(cwd, `${name}.json`)
  const unwritable = whyNotWritable(cwd, file)
  if (unwritable !== null) {
    // electron-store would throw at its first write (or at once): settings live in memory for this session instead.
    const notice = `Settings: ${unwritable}. The defaults are used, and changes to settings and the watchlist last for this session only.`
    log.warn(notice)
    let current = readOnlySettings(file, log)
    return {
      read: () => structuredClone(current),
      write: (next: SavedSettings) => void (current = structuredClone(next)),
      notice,
    }
  }
  moveAsideIfUnreadable(file, log)

  // The file is the user's only, like the credentials.
  const store = new Store<Record<string, unknown>>({ cwd, name, clearInvalidConfig: true, configFileMode: 0o600 })

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

/** Why the settings file cannot be kept here (a read-only folder, a folder in its place); null when it can. */
function whyNotWritable(cwd: string, file: string): string | null {
  try {
    if (statSync(file).isDirectory()) return `${file} is a folder, not a file`
  } catch {
    // No file yet: the folder decides.
  }
  try {
    accessSync(cwd, constants.W_OK)
    return null
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' ? null : `the data folder ${cwd} cannot be written (${code ?? String(error)})`
  }
}

/** What a file that cannot be written still gives; the defaults when it gives nothing. */
function readOnlySettings(file: string, log: Logger): SavedSettings {
  try {
    const parsed: unknown = JSON.parse(readRegularTextFile(file, SETTINGS_MAX_BYTES))
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return settingsFromStored(parsed, log)
  } catch {
    // Unreadable or absent: the defaults.
  }
  return settingsFromStored({}, log)
}

function moveAsideIfUnreadable(file: string, log: Logger): void {
  let text = ''
  try {
    text = readRegularTextFile(file, SETTINGS_MAX_BYTES)
  } catch (error) {
    // No file yet, or not ours to read: electron-store decides. A FIFO, a device or a huge file is moved aside
    // below, before electron-store reads it without a limit.
    if (!(error instanceof FileNotReadable) || error.reason === 'missing' || error.reason === 'denied') return
  }
  if (text !== '' && isJsonObject(text)) return
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
