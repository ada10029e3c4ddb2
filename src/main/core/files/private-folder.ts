import { chmodSync, mkdirSync, statSync } from 'node:fs'

/**
 * A folder only its user can enter (0700): the data folder and its logs/
 * hold the history, settings and credentials. Created so, and an existing
 * one that others can enter is narrowed. Best effort where modes mean
 * nothing (Windows) or the folder is not ours to change.
 */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (process.platform === 'win32') return
  try {
    const stats = statSync(dir)
    if (stats.isDirectory() && (stats.mode & 0o077) !== 0) chmodSync(dir, stats.mode & 0o700)
  } catch {
    // Another owner's folder, or a read-only mount: used as it is.
  }
}
