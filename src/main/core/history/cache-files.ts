/**
 * The cache's files on disk, before and around SQLite: what the header of a
 * file says about its damage, keeping the files readable by their owner
 * only, links put in their place, and moving a damaged file aside for the
 * user. Nothing here opens a SQLite connection.
 */
import { closeSync, constants, existsSync, fchmodSync, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, extname, join } from 'node:path'
import type { CacheDamageKind } from '@shared/history'

const SQLITE_MAGIC = 'SQLite format 3\u0000'
const HEADER_BYTES = 100

/**
 * Damage that the file's header shows without SQLite: a file shorter than
 * its header says, cut in the middle of a page, or not a SQLite file at all.
 */
export function inspectFile(path: string): { kind: 'truncated' | 'corrupt'; message: string } | null {
  let size: number
  try {
    size = statSync(path).size
  } catch {
    return null
  }
  if (size === 0) return null
  if (size < HEADER_BYTES) return { kind: 'truncated', message: `the file is only ${size} bytes long` }
  const header = Buffer.alloc(HEADER_BYTES)
  const fd = openSync(path, 'r')
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0)
  } finally {
    closeSync(fd)
  }
  if (header.toString('latin1', 0, 16) !== SQLITE_MAGIC) return { kind: 'corrupt', message: 'the file is not a SQLite database' }
  const rawPageSize = header.readUInt16BE(16)
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return { kind: 'corrupt', message: `the page size ${rawPageSize} is invalid` }
  if (size % pageSize !== 0) {
    return { kind: 'truncated', message: `the file ends in the middle of a page (${size} bytes, pages of ${pageSize})` }
  }
  const changeCounter = header.readUInt32BE(24)
  const pageCount = header.readUInt32BE(28)
  const validFor = header.readUInt32BE(92)
  if (pageCount > 0 && changeCounter === validFor && pageCount * pageSize > size) {
    return { kind: 'truncated', message: `the file holds ${size / pageSize} of its ${pageCount} pages` }
  }
  return null
}

/** O_NOFOLLOW: a link put in place of a file is never opened, so never created through or chmodded through (POSIX). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

/**
 * The cache holds the user's history: readable by its owner only. Created
 * 0600 before SQLite opens it (SQLite gives the -wal and -shm it creates the
 * main file's mode).
 */
export function createPrivately(path: string): void {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW, 0o600))
  } catch {
    // Reported by SQLite itself when it opens the file.
  }
}

/**
 * Older files are narrowed, once they are known to be ProofWatch's. Through
 * the descriptor of the file itself, never a link. Best effort: a file this
 * process cannot change is reported by SQLite itself.
 */
export function makePrivate(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    let fd: number
    try {
      fd = openSync(file, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0))
    } catch {
      continue // Absent, or a link: left as it is.
    }
    try {
      const stats = fstatSync(fd)
      if (stats.isFile() && (stats.mode & 0o077) !== 0) fchmodSync(fd, 0o600)
    } catch {
      // Not ours to change (another owner, a read-only folder).
    } finally {
      closeSync(fd)
    }
  }
}

/** Whether the cache's files (itself, its -wal, its -shm) are readable by their owner only; absent ones count as private. Reads no descriptor. */
export function isPrivate(path: string): boolean {
  return [path, `${path}-wal`, `${path}-shm`].every((file) => {
    try {
      return (statSync(file).mode & 0o077) === 0
    } catch {
      return true
    }
  })
}

/** The first of the cache's files (itself, its -wal, its -shm) that is a symbolic link; null when none is. */
export function linkAmong(path: string): string | null {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      if (lstatSync(file).isSymbolicLink()) return file
    } catch {
      // Absent.
    }
  }
  return null
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

export function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

/**
 * Renames the file (and its write-ahead log, which belongs to it) to
 * `<name>.<kind>-<time><ext>` next to it. Returns the new path, or null when
 * it could not be moved.
 */
export function moveAside(path: string, kind: CacheDamageKind, at: number): string | null {
  const extension = extname(path)
  const stem = basename(path, extension)
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-')
  let target = join(dirname(path), `${stem}.${kind}-${stamp}${extension}`)
  for (let attempt = 1; existsSync(target); attempt++) {
    target = join(dirname(path), `${stem}.${kind}-${stamp}-${attempt}${extension}`)
  }
  try {
    renameSync(path, target)
  } catch {
    return null
  }
  try {
    if (existsSync(`${path}-wal`)) renameSync(`${path}-wal`, `${target}-wal`)
  } catch {
    // The main file is what the user keeps; a log that cannot follow is dropped below.
  }
  rmSync(`${path}-wal`, { force: true })
  rmSync(`${path}-shm`, { force: true })
  return target
}

export function removeDatabaseFiles(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true })
}
