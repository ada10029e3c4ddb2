/** Fresh temporary folders, each removed after the test that made it (used by tests only). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

const folders: string[] = []
// Registered when this module is first imported, so it runs after a test file's own afterEach (which closes what is open in the folders).
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh folder in the system's temporary folder, its name starting with `prefix`. */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  folders.push(dir)
  return dir
}
