import { chmodSync, renameSync, writeFileSync } from 'node:fs'

/**
 * Replaces a file only its user may read (0600) in one step: written beside
 * it and renamed over it, so a crash never leaves half a file. A temporary
 * file left by a crash keeps its old mode, so it is narrowed before it
 * becomes the file.
 */
export function writePrivateFile(file: string, text: string): void {
  const temporary = `${file}.tmp`
  writeFileSync(temporary, text, { mode: 0o600 })
  chmodSync(temporary, 0o600)
  renameSync(temporary, file)
}
