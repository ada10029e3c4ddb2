import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_CACHE_KIB, HistoryDatabase } from './database'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function cacheKiBOf(database: HistoryDatabase): number {
  return -Number((database.db.prepare('PRAGMA cache_size').get() as { cache_size: number }).cache_size)
}

describe('HistoryDatabase page cache', () => {
  it('is 16 MiB unless asked otherwise, on a file and in memory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'proofwatch-db-'))
    dirs.push(dir)
    const onFile = HistoryDatabase.open({ path: join(dir, 'history.sqlite') })
    const inMemory = HistoryDatabase.open({ path: ':memory:' })
    const asked = HistoryDatabase.open({ path: ':memory:', cacheKiB: 64 * 1024 })
    try {
      expect(DEFAULT_CACHE_KIB).toBe(16 * 1024)
      expect(cacheKiBOf(onFile)).toBe(16 * 1024)
      expect(cacheKiBOf(inMemory)).toBe(16 * 1024)
      expect(cacheKiBOf(asked)).toBe(64 * 1024)
    } finally {
      for (const database of [onFile, inMemory, asked]) database.close()
    }
  })
})

describe('HistoryDatabase memory outside the page cache', () => {
  it('maps no part of the file into memory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'proofwatch-db-'))
    dirs.push(dir)
    const onFile = HistoryDatabase.open({ path: join(dir, 'history.sqlite') })
    try {
      expect((onFile.db.prepare('PRAGMA mmap_size').get() as { mmap_size: number }).mmap_size).toBe(0)
    } finally {
      onFile.close()
    }
  })
})
