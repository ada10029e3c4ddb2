/**
 * Reading node:sqlite's errors: which SQLite result code a failure carries,
 * and what kind of cache damage it means.
 */
import type { CacheDamageKind } from '@shared/history'

const SQLITE_BUSY = 5
const SQLITE_LOCKED = 6
const SQLITE_READONLY = 8
const SQLITE_IOERR = 10
const SQLITE_CORRUPT = 11
const SQLITE_FULL = 13
const SQLITE_CANTOPEN = 14
const SQLITE_NOTADB = 26
const SQLITE_IOERR_SHORT_READ = 522

/** The extended SQLite result code of a node:sqlite error, or null for any other error. */
export function sqliteCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const { code, errcode } = error as { code?: unknown; errcode?: unknown }
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode : null
}

/** What a SQLite failure says about the cache file; null when it says nothing about it (a bug, bad input). */
export function damageKindOf(error: unknown): CacheDamageKind | null {
  const code = sqliteCode(error)
  if (code === null) return null
  if (code === SQLITE_IOERR_SHORT_READ) return 'truncated'
  switch (code & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return 'corrupt'
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return 'locked'
    case SQLITE_FULL:
    // A failed write to a file (ENOSPC, a vanished disk) has the same remedy as a full disk: keep the data, retry later.
    case SQLITE_IOERR:
      return 'disk-full'
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY:
      return 'unavailable'
    default:
      return null
  }
}

/** Damage that makes the file itself unusable: it is moved aside and replaced. */
export function isFileDamage(kind: CacheDamageKind | null): kind is 'truncated' | 'corrupt' | 'newer-schema' {
  return kind === 'truncated' || kind === 'corrupt' || kind === 'newer-schema'
}

/** The most specific words of a failure (node:sqlite's message names the table or column; errstr is generic). */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { errstr, message } = error as { errstr?: unknown; message?: unknown }
    if (typeof message === 'string' && message !== '') return message
    if (typeof errstr === 'string' && errstr !== '') return errstr
  }
  return String(error)
}
