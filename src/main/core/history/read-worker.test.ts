import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '@test/support/temp-dir'
import { waitFor } from '@test/support/wait-for'
import { ReadWorker, ReadWorkerGone, runHere } from './read-worker'

const open: { db: DatabaseSync; worker: ReadWorker }[] = []

/** A WAL file with a few rows, kept open by this thread as the cache keeps its own, and a worker on it. */
function fileWithWorker(idleMs = 30_000): { db: DatabaseSync; worker: ReadWorker; path: string } {
  const path = join(tempDir(), 'reads.sqlite')
  const db = new DatabaseSync(path)
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE rows (id INTEGER PRIMARY KEY, word TEXT); INSERT INTO rows (word) VALUES (\'one\'), (\'two\'), (\'three\')')
  const worker = new ReadWorker({ path, busyTimeoutMs: 100, cacheKiB: 1024, idleMs })
  open.push({ db, worker })
  return { db, worker, path }
}

afterEach(async () => {
  for (const { db, worker } of open.splice(0)) {
    await worker.close()
    db.close()
  }
})

describe('the cache read worker', () => {
  it('answers a batch of statements with the rows this thread would read', async () => {
    const { db, worker } = fileWithWorker()
    const steps = [
      { sql: 'SELECT id, word FROM rows WHERE id >= ? ORDER BY id', params: [2], mode: 'all' as const },
      { sql: 'SELECT count(*) AS n FROM rows', params: [], mode: 'get' as const },
      { sql: 'SELECT word FROM rows WHERE id = ?', params: [99], mode: 'get' as const },
    ]
    const here = runHere({ statement: (sql) => db.prepare(sql) }, steps)
    expect(await worker.run(steps)).toEqual(here)
    expect(here[0]).toEqual([
      { id: 2, word: 'two' },
      { id: 3, word: 'three' },
    ])
  })

  it('reads on a connection of its own: what this thread has not committed is not seen', async () => {
    const { db, worker } = fileWithWorker()
    db.exec("BEGIN; INSERT INTO rows (word) VALUES ('four')")
    expect(await worker.run([{ sql: 'SELECT count(*) AS n FROM rows', params: [], mode: 'get' }])).toEqual([{ n: 3 }])
    db.exec('COMMIT')
    expect(await worker.run([{ sql: 'SELECT count(*) AS n FROM rows', params: [], mode: 'get' }])).toEqual([{ n: 4 }])
  })

  it("hands SQLite's error fields over, so damage can be told from a bug, and keeps working", async () => {
    const { worker } = fileWithWorker()
    const failed = await worker.run([{ sql: 'SELECT * FROM nowhere', params: [], mode: 'all' }]).catch((error: unknown) => error)
    expect(failed).not.toBeInstanceOf(ReadWorkerGone)
    expect(failed).toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 1, message: expect.stringMatching(/no such table: nowhere/) })
    // Read-only: a write is refused by SQLite, never made.
    await expect(worker.run([{ sql: "INSERT INTO rows (word) VALUES ('x')", params: [], mode: 'all' }])).rejects.toMatchObject({ errcode: 8 })
    expect(worker.usable).toBe(true)
    expect(await worker.run([{ sql: 'SELECT count(*) AS n FROM rows', params: [], mode: 'get' }])).toEqual([{ n: 3 }])
  })

  it('moves the log into the file on a connection of its own, and the next write starts the log over', async () => {
    const { db, worker } = fileWithWorker()
    // As the cache would be if its own checkpoint had not run yet.
    db.exec('PRAGMA wal_autocheckpoint = 0')
    for (let row = 0; row < 50; row++) db.exec('INSERT INTO rows (word) VALUES (hex(randomblob(3000)))')
    const first = await worker.checkpoint()
    expect(first.busy).toBe(0)
    expect(first.log).toBeGreaterThan(50)
    expect(first.checkpointed).toBe(first.log)
    db.exec("INSERT INTO rows (word) VALUES ('after')")
    const second = await worker.checkpoint()
    expect(second.log).toBeLessThan(5)
    expect(second.checkpointed).toBe(second.log)
    expect(await worker.run([{ sql: 'SELECT count(*) AS n FROM rows', params: [], mode: 'get' }])).toEqual([{ n: 54 }])
  })

  it('never makes a file where the cache went away: the checkpoint fails, the reads go on as they can', async () => {
    const { worker, path } = fileWithWorker()
    expect(await worker.run([{ sql: 'SELECT count(*) AS n FROM rows', params: [], mode: 'get' }])).toEqual([{ n: 3 }])
    for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true })
    await expect(worker.checkpoint()).rejects.toMatchObject({ code: 'ERR_SQLITE_ERROR' })
    expect(existsSync(path)).toBe(false)
    expect(worker.usable).toBe(true)
  })

  it('is given up for good when it cannot open the file, so reads go to the main connection', async () => {
    const worker = new ReadWorker({ path: join(tempDir(), 'absent', 'none.sqlite'), busyTimeoutMs: 100, cacheKiB: 1024 })
    await expect(worker.run([{ sql: 'SELECT 1', params: [], mode: 'get' }])).rejects.toBeInstanceOf(ReadWorkerGone)
    expect(worker.usable).toBe(false)
    expect(worker.running).toBe(false)
    await expect(worker.run([{ sql: 'SELECT 1', params: [], mode: 'get' }])).rejects.toThrow(/could not open the cache/)
  })

  it('stops its thread after a quiet spell and starts one again for the next read', async () => {
    const { worker } = fileWithWorker(1)
    expect(await worker.run([{ sql: 'SELECT count(*) AS n FROM rows', params: [], mode: 'get' }])).toEqual([{ n: 3 }])
    await waitFor(() => !worker.running)
    expect(await worker.run([{ sql: 'SELECT word FROM rows WHERE id = 1', params: [], mode: 'get' }])).toEqual([{ word: 'one' }])
    expect(worker.usable).toBe(true)
  })

  it('fails a read under way as gone when it is closed, and takes none after', async () => {
    const { worker } = fileWithWorker()
    const reading = worker.run([{ sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) AS c FROM n', params: [], mode: 'get' }])
    const failing = expect(reading).rejects.toBeInstanceOf(ReadWorkerGone)
    await worker.close()
    await failing
    await expect(worker.run([{ sql: 'SELECT 1', params: [], mode: 'get' }])).rejects.toBeInstanceOf(ReadWorkerGone)
  })
})
