/** Fresh temporary folders, each removed after the test that made it (used by tests only). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterThisTest } from './after-test'

/** A fresh folder in the system's temporary folder, its name starting with `prefix`. */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterThisTest(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
