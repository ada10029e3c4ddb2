import { afterEach, describe, expect, it, vi } from 'vitest'
import { DatabaseSync } from 'node:sqlite'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openStore, tempDir } from '@test/support/temp-dir'
import { testProof } from '@test/support/history-test-data'
import { NOTIFICATION_CAP, type RecordChange } from './history-writer'
import { damageKindOf } from './sqlite-errors'
import { WriteWorker, WriteWorkerGone, type WriteWorkerOptions } from './write-worker'
import type { WriteOp } from './write-op'

const INDEXER = 'http://127.0.0.1:8787'
const workers: WriteWorker[] = []

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.close()
})

/** A cache file made and migrated by the app's own open, then closed. */
async function cacheFile(): Promise<string> {
  const store = openStore()
  const path = store.database.path
  await store.close()
  return path
}

function startWorker(path: string, options: Partial<WriteWorkerOptions> = {}): WriteWorker {
  const worker = new WriteWorker({ path, busyTimeoutMs: 50, cacheKiB: 2048, notificationCap: NOTIFICATION_CAP, onRecordChanged: () => undefined, ...options })
  workers.push(worker)
  return worker
}

function proofsOp(from: number, count: number, revoked = false): WriteOp {
  return {
    type: 'proofs',
    indexer: INDEXER,
    at: 1,
    proofs: Array.from({ length: count }, (_, index) => (revoked ? testProof(from + index, { extra: { revoked: true } }) : testProof(from + index))),
  }
}

function storedProofs(path: string): number {
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    return Number((db.prepare('SELECT count(*) AS n FROM proofs').get() as { n: number }).n)
  } finally {
    db.close()
  }
}

describe("the cache's write worker", () => {
  it('writes a begun batch on its own thread and tells its outcome on a later turn, the event loop running meanwhile', async () => {
    const path = await cacheFile()
    const worker = startWorker(path)
    // A turn of the loop (its check phase) comes before an answer that takes the worker a 5,000-record transaction.
    let turned = false
    setImmediate(() => {
      turned = true
    })
    const outcome = await new Promise<Error | null>((resolve) => {
      let answered = false
      worker.begin([proofsOp(0, 5_000)], (error) => {
        answered = true
        resolve(error)
      })
      // Never told within the call that began it.
      expect(answered).toBe(false)
      expect(worker.busy).toBe(true)
    })
    expect(outcome).toBeNull()
    expect(turned).toBe(true)
    expect(worker.busy).toBe(false)
    expect(storedProofs(path)).toBe(5_000)
  })

  it('says when it is up, and applies a batch and waits for it on this thread: committed once the call returns', async () => {
    const path = await cacheFile()
    const worker = startWorker(path)
    expect(worker.ready).toBe(false)
    await expect(worker.whenReady()).resolves.toBe(true)
    expect(worker.ready).toBe(true)
    worker.applyBatch([proofsOp(0, 30)])
    expect(storedProofs(path)).toBe(30)
    // A batch begun before is answered first, inside the wait.
    const told: (Error | null)[] = []
    worker.begin([proofsOp(100, 10)], (error) => told.push(error))
    worker.settle()
    expect(told).toEqual([null])
    expect(storedProofs(path)).toBe(40)
  })

  it("reports a stored proof's changed standing once its batch committed", async () => {
    const path = await cacheFile()
    const changes: RecordChange[] = []
    const worker = startWorker(path, { onRecordChanged: (found) => changes.push(...found) })
    worker.applyBatch([proofsOp(0, 2)])
    worker.applyBatch([proofsOp(1, 1, true)])
    expect(changes.map(({ proofAccount, field, before, after }) => ({ proofAccount, field, before, after }))).toEqual([
      { proofAccount: testProof(1).proofAccount, field: 'revoked', before: testProof(1).revoked, after: true },
    ])
  })

  it("throws a failed batch's SQLite error with its codes, so that damage is told from a bug, and writes nothing of it", async () => {
    const dir = tempDir()
    const notADatabase = join(dir, 'history.sqlite')
    writeFileSync(notADatabase, 'not a database, '.repeat(512))
    const worker = startWorker(notADatabase)
    const failure = (() => {
      try {
        worker.applyBatch([proofsOp(0, 3)])
      } catch (error) {
        return error
      }
      return null
    })()
    expect(damageKindOf(failure)).toBe('corrupt')
    expect(worker.usable).toBe(true)

    const path = await cacheFile()
    const good = startWorker(path)
    const broken = { ...proofsOp(10, 1), proofs: [{ ...testProof(10), raw: { big: 1n } }] } as WriteOp
    expect(() => good.applyBatch([proofsOp(0, 3), broken])).toThrow(/BigInt/)
    expect(storedProofs(path)).toBe(0)
    good.applyBatch([proofsOp(0, 3)])
    expect(storedProofs(path)).toBe(3)
  })

  it('writes to the new file once the old one was replaced', async () => {
    const first = await cacheFile()
    const second = await cacheFile()
    const worker = startWorker(first)
    worker.applyBatch([proofsOp(0, 2)])
    worker.reopen(second)
    worker.applyBatch([proofsOp(0, 5)])
    expect([storedProofs(first), storedProofs(second)]).toEqual([2, 5])
  })

  it('is given up when it does not answer in time: the batch is told so, and nothing more is sent to it', async () => {
    const path = await cacheFile()
    const worker = startWorker(path, { answerWithinMs: 0 })
    expect(() => worker.applyBatch([proofsOp(0, 1)])).toThrow(WriteWorkerGone)
    expect(worker.usable).toBe(false)
    await expect(worker.whenReady()).resolves.toBe(false)
    const later = await new Promise<Error | null>((resolve) => worker.begin([proofsOp(1, 1)], resolve))
    expect(later).toBeInstanceOf(WriteWorkerGone)
  })

  it('answers the batches under way before it closes', async () => {
    const path = await cacheFile()
    const worker = startWorker(path)
    const told = vi.fn()
    worker.begin([proofsOp(0, 2_000)], told)
    await worker.close()
    expect(told).toHaveBeenCalledWith(null)
    expect(storedProofs(path)).toBe(2_000)
    expect(worker.usable).toBe(false)
  })

  it('ends its thread after a quiet spell, and starts another for the next batch', async () => {
    const path = await cacheFile()
    const worker = startWorker(path, { idleMs: 1 })
    await expect(worker.whenReady()).resolves.toBe(true)
    worker.applyBatch([proofsOp(0, 2)])
    await vi.waitFor(() => expect(worker.ready).toBe(false))
    expect(worker.usable).toBe(true)
    worker.applyBatch([proofsOp(10, 3)])
    expect(storedProofs(path)).toBe(5)
    await expect(worker.whenReady()).resolves.toBe(true)
  })
})
