import { accessSync, constants, renameSync } from 'node:fs'
import { join } from 'node:path'
import { privateFolder } from '../files/private-folder'
import { FileNotReadable, readRegularTextFile } from '../files/read-regular-file'
import { silentLogger, type Logger } from '../log/log'
import { DEFAULT_SETTINGS, settingsFromStored, type SavedSettings, type SettingsStorage } from './settings'
import { writePrivateFile } from '../files/write-private-file'

/** Far more than settings with a watchlist of thousands of labelled addresses take. */
export const SETTINGS_MAX_BYTES = 16 * 1024 * 1024

/**
 * Settings as a JSON file in the data directory, for serve mode (the app
 * uses electron-store). Writes go to a temporary file first, so a crash
 * never leaves half a file; the file is the user's only (0600). An
 * unreadable file (garbage, a directory) is kept aside, not lost. A data
 * directory that cannot be written never stops a start: settings then live
 * in memory for the session, and `notice` says why.
 */
export function createFileSettingsStorage(dataDir: string, log: Logger = silentLogger): SettingsStorage {
  const file = join(dataDir, 'settings.json')
  const reasons: string[] = []
  let writable = true
  try {
    privateFolder(dataDir)
    accessSync(dataDir, constants.W_OK)
  } catch (error) {
    writable = false
    reasons.push(`the data folder ${dataDir} cannot be written (${codeOf(error)})`)
  }
  let current = load()
  const notice =
    reasons.length === 0
      ? null
      : `Settings: ${reasons.join('; ')}. ${writable ? '' : 'Changes to settings and the watchlist last for this session only.'}`.trim()
  if (notice) log.warn(notice)

  function load(): SavedSettings {
    let text: string
    try {
      text = readRegularTextFile(file, SETTINGS_MAX_BYTES)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(DEFAULT_SETTINGS)
      return unreadable(error instanceof FileNotReadable ? error.why : codeOf(error))
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return unreadable('not valid JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return unreadable('not a JSON object')
    return settingsFromStored(parsed, log)
  }

  /** Keeps the file aside when the folder allows it, and starts from the defaults either way. */
  function unreadable(why: string): SavedSettings {
    const aside = `${file}.unreadable-${Date.now()}`
    let kept = `kept as it is`
    if (writable) {
      try {
        renameSync(file, aside)
        kept = `kept aside as ${aside}`
      } catch (error) {
        writable = false
        kept = `left as it is (it could not be moved aside: ${codeOf(error)})`
      }
    }
    reasons.push(`${file} could not be read (${why}); it was ${kept} and the defaults are used`)
    return structuredClone(DEFAULT_SETTINGS)
  }

  return {
    read: () => structuredClone(current),
    write(next) {
      if (writable) {
        writePrivateFile(file, JSON.stringify(next, null, 2) + '\n')
      }
      current = structuredClone(next)
    },
    notice,
  }
}

function codeOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return typeof code === 'string' ? code : typeof message === 'string' ? message : String(error)
}
