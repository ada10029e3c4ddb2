import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { damageKindOf, errorMessage, isFileDamage, sqliteCode } from './sqlite-errors'

function sqliteError(run: (db: DatabaseSync) => void): unknown {
  const db = new DatabaseSync(':memory:')
  try {
    run(db)
  } catch (error) {
    return error
  } finally {
    db.close()
  }
  throw new Error('expected SQLite to fail')
}

describe('SQLite failures as cache damage', () => {
  it('reads the result code of a real node:sqlite error', () => {
    const error = sqliteError((db) => db.exec('SELECT * FROM missing'))
    expect(sqliteCode(error)).toBe(1)
    expect(damageKindOf(error)).toBeNull()
    expect(errorMessage(error)).toMatch(/no such table/)
  })

  it('a full database is disk-full, not damage to move aside', () => {
    const error = sqliteError((db) => {
      db.exec('CREATE TABLE t (v TEXT)')
      db.exec(`PRAGMA max_page_count = ${(db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count}`)
      for (let i = 0; i < 1000; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(1000))
    })
    expect(damageKindOf(error)).toBe('disk-full')
    expect(isFileDamage(damageKindOf(error))).toBe(false)
  })

  it('maps each code family', () => {
    const coded = (errcode: number) => ({ code: 'ERR_SQLITE_ERROR', errcode })
    expect(damageKindOf(coded(11))).toBe('corrupt')
    expect(damageKindOf(coded(26))).toBe('corrupt')
    expect(damageKindOf(coded(522))).toBe('truncated')
    expect(damageKindOf(coded(5))).toBe('locked')
    expect(damageKindOf(coded(261))).toBe('locked')
    expect(damageKindOf(coded(13))).toBe('disk-full')
    expect(damageKindOf(coded(14))).toBe('unavailable')
    expect(damageKindOf(coded(19))).toBeNull()
    expect(damageKindOf(new Error('database disk image is malformed'))).toBeNull()
    expect(isFileDamage('corrupt')).toBe(true)
    expect(isFileDamage('newer-schema')).toBe(true)
    expect(isFileDamage('locked')).toBe(false)
  })
})
