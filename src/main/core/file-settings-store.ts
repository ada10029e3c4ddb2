import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { silentLogger, type Logger } from './log'
import { DEFAULT_SETTINGS, settingsFromStored, type SavedSettings, type SettingsStore } from './settings'

/**
 * Settings as a JSON file in the data directory, for serve mode (the app
 * uses electron-store). Writes go to a temporary file first, so a crash
 * never leaves half a file; an unreadable file is kept aside, not lost.
 */
export function createFileSettingsStore(dataDir: string, log: Logger = silentLogger): SettingsStore {
  const file = join(dataDir, 'settings.json')
  mkdirSync(dataDir, { recursive: true })
  let current = load()

  function load(): SavedSettings {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(DEFAULT_SETTINGS)
      throw error
    }
    try {
      return settingsFromStored(JSON.parse(text), log)
    } catch {
      const aside = `${file}.unreadable-${Date.now()}`
      renameSync(file, aside)
      log.warn('settings file was unreadable; kept aside and started with defaults', { aside })
      return structuredClone(DEFAULT_SETTINGS)
    }
  }

  return {
    read: () => structuredClone(current),
    write(next) {
      const temporary = `${file}.tmp`
      writeFileSync(temporary, JSON.stringify(next, null, 2) + '\n')
      renameSync(temporary, file)
      current = structuredClone(next)
    },
  }
}
