import { closeSync, existsSync, openSync, readFileSync, readdirSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import type { CacheDamage } from '@shared/history'
import { HISTORY_FILE_NAME, MEMORY_PATH, inspectFile } from '../../src/main/core/history/database'
import { LATEST_VERSION } from '../../src/main/core/history/migrations'
import { testNotification, testProof, testTransaction } from '../support/history-test-data'
import { openStore, tempDir } from '../support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'

/** A cache file with some history in it, closed. */
async function filledCache(rows = 3000): Promise<{ dir: string; path: string }> {
  const dir = tempDir()
  const store = openStore({ dir })
  const history = store.forIndexer(INDEXER)
  history.recordProofs(Array.from({ length: rows }, (_, index) => testProof(index)))
  history.recordTransactions(Array.from({ length: rows }, (_, index) => testTransaction(index)))
  history.recordNotifications([testNotification(1)])
  await store.close()
  return { dir, path: join(dir, HISTORY_FILE_NAME) }
}

/** Overwrites every page of one index with garbage, leaving the tables the open's probe reads intact. */
function corruptIndex(path: string, index: string): void {
  const db = new DatabaseSync(path)
  const pages = (db.prepare('SELECT pageno FROM dbstat WHERE name = ?').all(index) as { pageno: number }[]).map((row) => row.pageno)
  db.close()
  expect(pages.length).toBeGreaterThan(0)
  const fd = openSync(path, 'r+')
  for (const page of pages) writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (page - 1) * 4096)
  closeSync(fd)
}

/** The store works on whatever it now holds: writes and reads back. */
function expectWorking(history: ReturnType<ReturnType<typeof openStore>['forIndexer']>): void {
  history.recordProofs([testProof(99_999)])
  expect(history.proof(testProof(99_999).proofAccount).data?.proofAccount).toBe(testProof(99_999).proofAccount)
}

function expectMovedAside(damage: CacheDamage | null, original: Buffer, kind: CacheDamage['kind']): void {
  expect(damage?.kind).toBe(kind)
  expect(damage?.movedTo).toEqual(expect.stringContaining(`history.${kind}-`))
  expect(damage?.message).toContain(damage?.movedTo as string)
  // The user keeps the damaged file as it was.
  expect(readFileSync(damage?.movedTo as string).equals(original)).toBe(true)
}

/** Writes `bytes` over the file at `offset`. */
function overwrite(path: string, bytes: Buffer, offset: number): void {
  const fd = openSync(path, 'r+')
  writeSync(fd, bytes, 0, bytes.length, offset)
  closeSync(fd)
}

/** Opened again, the store finds the file at `path` corrupt: moved aside as it was, and a fresh cache works. */
function expectCorruptMovedAsideAtOpen(dir: string, path: string): void {
  const original = readFileSync(path)
  const store = openStore({ dir })
  expectMovedAside(store.info().damage, original, 'corrupt')
  expectWorking(store.forIndexer(INDEXER))
}

/**
 * A store holding one written proof, on a disk that is then full (the file
 * may grow no more, on every connection that writes it). `writeWorker`: the
 * queue writes on its worker thread (the default) or on this one.
 */
async function onFullDisk(write: NonNullable<Parameters<typeof openStore>[0]>['write'], writeWorker: boolean) {
  const store = openStore({ write, writeWorker })
  expect(await store.writesAside()).toBe(writeWorker)
  const problems: string[] = []
  store.onProblem((problem) => problems.push(problem.message))
  const history = store.forIndexer(INDEXER)
  history.recordProofs([testProof(0)])
  await store.flush()
  const db = store.database.db
  store.limitFilePages((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count)
  return { store, problems, history }
}

describe('a damaged cache never stops the app', () => {
  it('a truncated file (cut mid-page) is moved aside and a new cache is built', async () => {
    const { dir, path } = await filledCache()
    truncateSync(path, Math.floor(statSync(path).size / 2) + 123)
    const original = readFileSync(path)
    expect(inspectFile(path)?.kind).toBe('truncated')

    const store = openStore({ dir })
    const info = store.info()
    expectMovedAside(info.damage, original, 'truncated')
    expect(info.path).toBe(path)
    // What the pages left in the file still hold is read back into the new cache.
    expect(info.rows).toBeGreaterThan(0)
    expect(info.damage?.salvagedRows).toBeGreaterThan(0)
    expectWorking(store.forIndexer(INDEXER))
  })

  it('a file cut at a page boundary is found by its header', async () => {
    const { dir, path } = await filledCache()
    truncateSync(path, 4096 * 3)
    const store = openStore({ dir })
    expect(store.info().damage?.kind).toBe('truncated')
    expectWorking(store.forIndexer(INDEXER))
  })

  it('random bytes over the header: not a database any more', async () => {
    const { dir, path } = await filledCache()
    overwrite(path, Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 11) & 0xff)), 0)
    expectCorruptMovedAsideAtOpen(dir, path)
  })

  it('random bytes inside the data: found by the integrity check at open', async () => {
    const { dir, path } = await filledCache()
    overwrite(path, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131 + 7) & 0xff)), 4096 * 20)
    expectCorruptMovedAsideAtOpen(dir, path)
  })

  it('damage met while reading (a file too large to check whole at open) rebuilds the cache then', async () => {
    const { dir, path } = await filledCache()
    corruptIndex(path, 'proofs_by_type')
    const store = openStore({ dir, integrityCheckMaxBytes: 0 })
    expect(store.info().damage).toBeNull()
    const seen: (CacheDamage | null)[] = []
    store.onDamage((damage) => seen.push(damage))
    const history = store.forIndexer(INDEXER)
    expect(history.listProofs({ limit: 5 }).data.items).toHaveLength(5)

    // This read walks the damaged index: the file goes aside, its rows are copied into the new cache, and the read is answered there.
    history.listProofs({ type: 'BALANCE', limit: 5 })
    expect(seen.map((damage) => damage?.kind)).toEqual(['corrupt'])
    expect(existsSync(seen[0]?.movedTo as string)).toBe(true)
    // Only an index was damaged: every row could be read back.
    expect(history.listProofs({ limit: 1 }).data.total).toBe('3000')
    expect(seen[0]?.message).toMatch(/records that could still be read were copied into the new cache/)
    expectWorking(history)
  })

  it('damage met by a read off the main thread rebuilds the cache as one on it does, and the read is answered', async () => {
    const { dir, path } = await filledCache()
    corruptIndex(path, 'proofs_by_authority')
    const store = openStore({ dir, integrityCheckMaxBytes: 0 })
    const seen: (CacheDamage | null)[] = []
    store.onDamage((damage) => seen.push(damage))
    const history = store.forIndexer(INDEXER)
    // The watched records' scan walks the damaged index on the read worker's connection first.
    const details = await history.watchedDetails({ addresses: [], authorities: [testProof(7).authority as string] }, [], 10)
    expect(seen.map((damage) => damage?.kind)).toEqual(['corrupt'])
    expect(existsSync(seen[0]?.movedTo as string)).toBe(true)
    // Answered from the rebuilt cache, into which every row was copied back (only an index was damaged).
    expect(details.coverage.total).toBeGreaterThan(0)
    expect(history.listProofs({ limit: 1 }).data.total).toBe('3000')
    expectWorking(history)
  })

  it.each([
    ['on the write worker', true],
    ['on this thread', false],
  ])('damage met while writing %s rebuilds the cache and writes the batch to the new one', async (_, writeWorker) => {
    const { dir, path } = await filledCache()
    corruptIndex(path, 'proofs_by_type')
    const store = openStore({ dir, integrityCheckMaxBytes: 0, writeWorker })
    expect(await store.writesAside()).toBe(writeWorker)
    const history = store.forIndexer(INDEXER)
    const fresh = Array.from({ length: 50 }, (_, index) => testProof(100_000 + index))
    history.recordProofs(fresh)
    await store.flush()
    expect(store.info().damage?.kind).toBe('corrupt')
    // The batch went to the new cache, beside the 3,000 rows read back from the damaged file.
    expect(history.listProofs({ limit: 1 }).data.total).toBe('3050')
    for (const proof of fresh) expect(history.proof(proof.proofAccount).data?.proofAccount).toBe(proof.proofAccount)
  })

  it('a file locked by another program is left alone; the session keeps history in memory', async () => {
    const { dir, path } = await filledCache(10)
    const holder = new DatabaseSync(path)
    holder.exec('BEGIN EXCLUSIVE')
    try {
      const store = openStore({ dir, busyTimeoutMs: 20 })
      const info = store.info()
      expect(info.damage?.kind).toBe('locked')
      expect(info.damage?.movedTo).toBeNull()
      expect(info.path).toBe(MEMORY_PATH)
      expect(info.damage?.message).toMatch(/in use by another program/)
      expectWorking(store.forIndexer(INDEXER))
      // Clearing the session's cache empties the memory, never the other program's file.
      await store.clear({ everything: true })
      expect(store.info().damage?.kind).toBe('locked')
      expect(existsSync(path)).toBe(true)
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
    // Nothing was lost: the file still holds its history.
    const reopened = openStore({ dir })
    expect(reopened.info().damage).toBeNull()
    expect(reopened.forIndexer(INDEXER).listProofs({ limit: 20 }).data.items).toHaveLength(10)
  })

  it('a lock taken later makes writes wait (reported), and they are written once it is gone', async () => {
    const dir = tempDir()
    const store = openStore({ dir, busyTimeoutMs: 20, write: { retryDelayMs: 10 } })
    const history = store.forIndexer(INDEXER)
    history.recordProofs([testProof(1)])
    await store.flush()
    const holder = new DatabaseSync(join(dir, HISTORY_FILE_NAME))
    holder.exec('BEGIN IMMEDIATE')
    history.recordProofs([testProof(2)])
    await store.flush()
    expect(store.info().damage?.kind).toBe('locked')
    expect(store.info().pendingWrites).toBe(1)
    holder.exec('ROLLBACK')
    holder.close()
    await store.flush()
    expect(store.info().damage).toBeNull()
    expect(history.listProofs({}).data.items).toHaveLength(2)
  })

  it.each([
    ['on the write worker', true],
    ['on this thread', false],
  ])('a full disk, written %s: writes fail visibly and wait, reads still work, nothing is lost once there is room', async (_, writeWorker) => {
    const { store, problems, history } = await onFullDisk({ retryDelayMs: 10 }, writeWorker)

    const many = Array.from({ length: 2000 }, (_, index) => testProof(index + 1))
    history.recordProofs(many)
    await store.flush()
    const info = store.info()
    expect(info.damage?.kind).toBe('disk-full')
    expect(info.damage?.message).toMatch(/disk is full/)
    expect(info.pendingWrites).toBe(2000)
    // What was cached is still there to read.
    expect(history.listProofs({}).data.items.map((p) => p.proofAccount)).toEqual([testProof(0).proofAccount])

    store.limitFilePages(null)
    await store.flush()
    expect(store.info().damage).toBeNull()
    expect(store.info().pendingWrites).toBe(0)
    expect(history.listProofs({ limit: 200 }).data.total).toBe('2001')
    expect(problems).toEqual([])
  })

  it.each([
    ['on the write worker', true],
    ['on this thread', false],
  ])('a full disk for too long, written %s, drops the oldest waiting records and says so', async (_, writeWorker) => {
    const { store, problems, history } = await onFullDisk({ retryDelayMs: 60_000, maxPendingRecords: 100 }, writeWorker)
    history.recordProofs(Array.from({ length: 80 }, (_, index) => testProof(index + 1)))
    await store.flush()
    history.recordProofs(Array.from({ length: 80 }, (_, index) => testProof(index + 100)))
    // 160 wait, in parts of 8 records: the oldest eight parts go, and 96 are left under the bound of 100.
    expect(store.info().pendingWrites).toBe(96)
    expect(problems.at(-1)).toMatch(/64 oldest waiting records were not kept/)
  })

  it('a schema from a newer version is moved aside, not misread', async () => {
    const { dir, path } = await filledCache(10)
    const db = new DatabaseSync(path)
    db.exec(`PRAGMA user_version = ${LATEST_VERSION + 1}`)
    db.close()
    const original = readFileSync(path)
    const store = openStore({ dir })
    const damage = store.info().damage
    expectMovedAside(damage, original, 'newer-schema')
    expect(damage?.message).toMatch(new RegExp(`schema version ${LATEST_VERSION + 1}`))
    expectWorking(store.forIndexer(INDEXER))
  })

  it('a file that claims the latest version without its tables is treated as damaged', () => {
    const dir = tempDir()
    const db = new DatabaseSync(join(dir, HISTORY_FILE_NAME))
    // One of the cache's tables, not the rest (a file with none of them is another program's, and left alone).
    db.exec(`CREATE TABLE indexers (x); PRAGMA user_version = ${LATEST_VERSION}`)
    db.close()
    const store = openStore({ dir })
    const damage = store.info().damage
    expect(damage?.kind).toBe('corrupt')
    expect(damage?.message).toMatch(/tables are missing/)
    expectWorking(store.forIndexer(INDEXER))
  })

  it('a data directory that cannot hold a file: history in memory, and why', () => {
    const dir = tempDir()
    const notADirectory = join(dir, 'file')
    writeFileSync(notADirectory, 'x')
    const store = openStore({ path: join(notADirectory, HISTORY_FILE_NAME) })
    const info = store.info()
    expect(info.damage?.kind).toBe('unavailable')
    expect(info.path).toBe(MEMORY_PATH)
    expectWorking(store.forIndexer(INDEXER))
  })

  it('a record that cannot be written is dropped alone and reported; the rest of its batch is kept', async () => {
    const store = openStore()
    const problems: string[] = []
    store.onProblem((problem) => problems.push(problem.message))
    const history = store.forIndexer(INDEXER)
    const broken = { ...testProof(2), raw: { big: 1n } as unknown as Record<string, unknown> }
    history.recordProofs([testProof(1)])
    history.recordProofs([broken])
    history.recordProofs([testProof(3)])
    await store.flush()
    expect(history.listProofs({}).data.items.map((p) => p.proofAccount).sort()).toEqual([testProof(1).proofAccount, testProof(3).proofAccount].sort())
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/could not be stored/)
  })

  it('clear cache starts an empty file and keeps no damage', async () => {
    const { dir } = await filledCache(50)
    const store = openStore({ dir })
    await store.clear({ everything: true })
    expect(store.info().rows).toBe(0)
    expect(readdirSync(dir).filter((name) => name.includes('corrupt'))).toEqual([])
    expectWorking(store.forIndexer(INDEXER))
  })
})
