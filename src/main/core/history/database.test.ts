import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempFolder } from '@test/support/temp-folder'
import { DEFAULT_CACHE_KIB, HistoryDatabase } from './database'

function cacheKiBOf(database: HistoryDatabase): number {
  return -Number((database.db.prepare('PRAGMA cache_size').get() as { cache_size: number }).cache_size)
}

describe('HistoryDatabase page cache', () => {
  it('is 16 MiB unless asked otherwise, on a file and in memory', () => {
    const dir = tempFolder('proofwatch-db-')
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
    const dir = tempFolder('proofwatch-db-')
    const onFile = HistoryDatabase.open({ path: join(dir, 'history.sqlite') })
    try {
      expect((onFile.db.prepare('PRAGMA mmap_size').get() as { mmap_size: number }).mmap_size).toBe(0)
    } finally {
      onFile.close()
    }
  })
})

/**
 * POSIX record locks belong to the process and go when any of its descriptors
 * of the file is closed. A descriptor opened and closed beside the open
 * connection (to narrow the file's mode) would drop SQLite's locks: another
 * process opening the cache then takes itself for the only one, resets the
 * shared-memory index under this one (SIGBUS at its next write) and deletes
 * the write-ahead log at its close.
 */
describe('HistoryDatabase beside another process', () => {
  function otherProcessOpensAndCloses(path: string): void {
    const script = `const { DatabaseSync } = require('node:sqlite'); const db = new DatabaseSync(process.argv[1]); db.prepare('SELECT count(*) FROM sqlite_schema').get(); db.close()`
    execFileSync(process.execPath, ['-e', script, path], { stdio: 'pipe' })
  }

  for (const mode of [0o600, 0o644]) {
    it(`keeps its locks when it opens a cache of mode ${mode.toString(8)}: another process leaves its log alone`, () => {
      const dir = tempFolder('proofwatch-db-')
      const path = join(dir, 'history.sqlite')
      const first = HistoryDatabase.open({ path })
      first.close()
      chmodSync(path, mode)

      const database = HistoryDatabase.open({ path })
      try {
        database.db.exec('CREATE TABLE IF NOT EXISTS lock_probe (n INTEGER)')
        database.db.exec('INSERT INTO lock_probe VALUES (1)')
        expect(existsSync(`${path}-wal`)).toBe(true)
        otherProcessOpensAndCloses(path)
        // Alone, the other process would have checkpointed and deleted the log at its close.
        expect(existsSync(`${path}-wal`)).toBe(true)
        database.db.exec('INSERT INTO lock_probe VALUES (2)')
        expect((database.db.prepare('SELECT count(*) AS n FROM lock_probe').get() as { n: number }).n).toBe(2)
        expect(statSync(path).mode & 0o777).toBe(0o600)
      } finally {
        database.close()
      }
    })
  }
})
