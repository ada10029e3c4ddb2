/**
 * Real folders in the states a data directory can be found in: read-only,
 * and on a disk that fills up. As root a permission bit stops nothing, so a
 * read-only folder is a tmpfs remounted read-only and a full disk is a small
 * tmpfs; without root a read-only folder is chmod 0555 and a full disk is not
 * available (the test prints why and is skipped).
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestContext } from 'vitest'
import { afterThisTest } from '../support/after-test'

/** Runs after the test; a folder that cannot be cleaned is left in the temporary directory. */
function cleanupLater(cleanup: () => void): void {
  afterThisTest(() => {
    try {
      cleanup()
    } catch {
      // Left where it is.
    }
  })
}

export const isRoot = process.getuid?.() === 0

function mountTmpfs(sizeKiB: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'proofwatch-hostile-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k,mode=0755`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  cleanupLater(() => {
    // Lazy: a handle a test left open must not keep the mount, or fail the next test.
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}

/** A folder holding what `fill` put in it, then made read-only. */
export function readOnlyFolder(fill: (dir: string) => void = () => {}): string {
  if (isRoot) {
    const dir = mountTmpfs(64 * 1024)
    if (dir !== null) {
      fill(dir)
      execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'ignore' })
      return dir
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'proofwatch-hostile-'))
  fill(dir)
  chmodSync(dir, 0o555)
  cleanupLater(() => {
    chmodSync(dir, 0o755)
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}

/** A folder on a disk of `sizeKiB`; null (with the reason) where one cannot be made. */
function smallDisk(sizeKiB: number): { dir: string } | { reason: string } {
  if (!isRoot) return { reason: 'a full disk needs a small tmpfs, which needs root' }
  const dir = mountTmpfs(sizeKiB)
  if (dir === null) return { reason: 'mounting a tmpfs failed' }
  mkdirSync(join(dir, 'data'))
  return { dir: join(dir, 'data') }
}

/** A folder on a full-able disk for this test, or the test skipped with the reason printed (`suite` names who says so). */
export function smallDiskOrSkip(context: TestContext, sizeKiB: number, suite: string): { dir: string } {
  const disk = smallDisk(sizeKiB)
  if (!('reason' in disk)) return disk
  console.log(`${suite}: full disk skipped: ${disk.reason}`)
  return context.skip()
}

/** A fresh writable folder, removed after the test. */
export function writableFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'proofwatch-hostile-'))
  cleanupLater(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
