/**
 * "Launch at login". macOS and Windows keep it through Electron's login item
 * settings; Linux desktops read an XDG autostart entry, written here.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from '../core/log/log'
import { DESKTOP_NAME, PRODUCT_NAME } from './app-identity'

export interface LoginItemApp {
  setLoginItemSettings(settings: { openAtLogin: boolean; path?: string; args?: string[] }): void
}

export interface LoginItemOptions {
  app: LoginItemApp
  platform: NodeJS.Platform
  enabled: boolean
  /** The program to start: the AppImage itself when running from one, else the executable. */
  execPath: string
  env: Record<string, string | undefined>
  log: Logger
  home?: string
}

/** `~/.config/autostart`, or where XDG_CONFIG_HOME says. */
export function autostartDir(env: Record<string, string | undefined>, home: string = homedir()): string {
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'autostart')
}

/** A desktop entry that starts the app at login (Exec quoted per the desktop entry spec). */
export function autostartEntry(execPath: string): string {
  const quoted = `"${execPath.replace(/(["`$\\])/g, '\\$1')}"`
  return ['[Desktop Entry]', 'Type=Application', `Name=${PRODUCT_NAME}`, `Exec=${quoted}`, 'Terminal=false', 'X-GNOME-Autostart-enabled=true', ''].join('\n')
}

/** Applies the setting; returns false (and logs why) when the system refused. */
export function applyLoginItem(options: LoginItemOptions): boolean {
  const { platform, enabled, log } = options
  try {
    if (platform === 'darwin' || platform === 'win32') {
      options.app.setLoginItemSettings({ openAtLogin: enabled })
      return true
    }
    const dir = autostartDir(options.env, options.home)
    const file = join(dir, DESKTOP_NAME)
    if (enabled) {
      mkdirSync(dir, { recursive: true })
      writeFileSync(file, autostartEntry(options.env.APPIMAGE || options.execPath))
    } else {
      rmSync(file, { force: true })
    }
    return true
  } catch (error) {
    log.warn('Could not change launch at login', { error: error instanceof Error ? error.message : String(error) })
    return false
  }
}
