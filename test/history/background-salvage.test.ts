import { closeSync, openSync, readdirSync, statSync, truncateSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, vi } from 'vitest'
import type { CacheDamage } from '@shared/history'
import { HISTORY_FILE_NAME } from '../../src/main/core/history/database'
import { ReadWorker } from '../../src/main/core/history/read-worker'
import { SalvageRun, salvageInto } from '../../src/main/core/history/salvage'
import { testProof, testTransaction } from '../support/history-test-data'
import { openStore, tempDir } from '../support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'

/** A closed cache file holding `rows` proofs and as many transactions. */
async function filledCache(rows: number): Promise<{ dir: string; path: string }> {
  const dir = tempDir()
  const store = openStore({ dir })
  const history = store.forIndexer(INDEXER)
  history.recordProofs(Array.from({ length: rows }, (_, index) => testProof(index)))
  history.recordTransactions(Array.from({ length: rows }, (_, index) => testTransaction(index)))
  await store.close()
  return { dir, path: join(dir, HISTORY_FILE_NAME) }
}

/** Garbage over a few of a table's leaf pages: the rows on them are lost, the rest readable. */
function damageLeaves(path: string, table: string, count: number): void {
  const db = new DatabaseSync(path)
  const leaves = (db.prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno").all(table) as { pageno: number }[]).map((row) => row.pageno)
  db.close()
  expect(leaves.length).toBeGreaterThan(count * 3)
  const fd = openSync(path, 'r+')
  for (let index = 1; index <= count; index++) {
    const page = leaves[Math.floor((leaves.length * index) / (count + 1))] as number
    writeSync(fd, Buffer.alloc(4096, 0x5a + index), 0, 4096, (page - 1) * 4096)
  }
  closeSync(fd)
}

/** Proofs the store holds now, read on its connection. */
function proofRows(store: ReturnType<typeof openStore>): number {
  return Number((store.database.db.prepare('SELECT count(*) AS n FROM proofs').get() as { n: number }).n)
}

/** A fresh cache that `copy` salvages into; the proofs it then holds. */
function salvagedProofs(copy: (db: DatabaseSync) => void): number {
  const store = openStore()
  copy(store.database.db)
  return proofRows(store)
}

describe('a damaged cache read back while the app runs (salvageInBackground)', () => {
  it('opens at once on the new cache, lets the event loop run while it copies, and then says what it copied', async () => {
    const { dir, path } = await filledCache(4000)
    truncateSync(path, Math.floor(statSync(path).size * 0.6) + 100)

    const store = openStore({ dir, salvageInBackground: true })
    const seen: (CacheDamage | null)[] = []
    store.onDamage((damage) => seen.push(damage))
    const atOpen = store.damage
    expect(atOpen?.kind).toBe('truncated')
    expect(atOpen?.salvaging).toBe(true)
    expect(atOpen?.salvagedRows).toBeUndefined()
    expect(atOpen?.message).toMatch(/being copied into the new cache/)
    // Nothing copied before the first slice: open did not wait for it.
    expect(proofRows(store)).toBe(0)

    // Turns of the loop between slices: immediates queued meanwhile run before the salvage ends.
    let turns = 0
    let counting = true
    const tick = (): void => {
      turns++
      if (counting) setImmediate(tick)
    }
    setImmediate(tick)
    await store.whenSalvaged()
    counting = false

    expect(turns).toBeGreaterThan(1)
    const done = store.damage
    expect(done?.salvaging).toBeUndefined()
    expect(done?.salvagedRows).toBeGreaterThan(0)
    expect(done?.message).toMatch(/records that could still be read were copied into the new cache/)
    expect(done?.movedTo).toBe(atOpen?.movedTo)
    expect(seen.at(-1)).toEqual(done)
    expect(proofRows(store)).toBeGreaterThan(0)
    // The readable part's copy goes (removed off the main thread); the damaged file stays for the user.
    await vi.waitFor(() => expect(readdirSync(dir).filter((name) => name.endsWith('.readable-part'))).toEqual([]))
    expect(readdirSync(dir).some((name) => name.startsWith('history.truncated-'))).toBe(true)
  })

  it('waits salvageAfterMs before it begins, so that the start has the machine first', async () => {
    const { dir, path } = await filledCache(200)
    truncateSync(path, Math.floor(statSync(path).size * 0.6) + 100)
    const begun = vi.spyOn(SalvageRun, 'startAside')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let store: ReturnType<typeof openStore>
    try {
      store = openStore({ dir, salvageInBackground: true, salvageAfterMs: 2_000 })
      vi.advanceTimersByTime(1_999)
      expect(begun).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(begun).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
      begun.mockRestore()
    }
    await store.whenSalvaged()
    expect(store.damage?.salvagedRows).toBeGreaterThan(0)
    expect(proofRows(store)).toBeGreaterThan(0)
  })

  it('while it copies, the log is checkpointed aside after checkpointAsideEveryInSalvage rows, and after checkpointAsideEvery again once it is over', async () => {
    const checkpoints = vi.spyOn(ReadWorker.prototype, 'checkpoint')
    try {
      const salvageWith = async (everyInSalvage: number) => {
        const { dir, path } = await filledCache(2000)
        truncateSync(path, Math.floor(statSync(path).size * 0.6) + 100)
        const store = openStore({ dir, salvageInBackground: true, checkpointAsideEvery: 10, checkpointAsideEveryInSalvage: everyInSalvage })
        await store.whenSalvaged()
        expect(store.damage?.salvagedRows).toBeGreaterThan(100)
        return store
      }
      const spaced = await salvageWith(1_000_000)
      expect(checkpoints).not.toHaveBeenCalled()
      // Over: the next 50 records are past the usual 10.
      spaced.forIndexer(INDEXER).recordProofs(Array.from({ length: 50 }, (_, index) => testProof(100_000 + index)))
      await spaced.flush()
      expect(checkpoints).toHaveBeenCalledTimes(1)
      checkpoints.mockClear()
      await salvageWith(10)
      expect(checkpoints).toHaveBeenCalled()
    } finally {
      checkpoints.mockRestore()
    }
  })

  it('copies in slices what it would copy at once, bad pages included', async () => {
    const { path } = await filledCache(6000)
    damageLeaves(path, 'proofs', 3)
    const atOnce = salvagedProofs((db) => expect(salvageInto(db, path).unreadableRanges).toBeGreaterThan(0))
    // One range a slice, so that every failed range rolls back a slice and is copied again the careful way.
    let slices = 0
    const inSlices = salvagedProofs((db) => {
      const run = SalvageRun.start(db, path)
      while (!run.step(() => true)) slices++
      expect(run.finish().unreadableRanges).toBeGreaterThan(0)
    })
    expect(slices).toBeGreaterThan(10)
    expect(inSlices).toBe(atOnce)
    expect(atOnce).toBeGreaterThan(5000)
    expect(atOnce).toBeLessThan(6000)
  })

  it('stops where it is when the cache closes, and leaves no copy behind', async () => {
    const { dir, path } = await filledCache(4000)
    truncateSync(path, Math.floor(statSync(path).size * 0.6) + 100)
    const store = openStore({ dir, salvageInBackground: true })
    const salvaged = store.whenSalvaged()
    await store.close()
    await salvaged
    await vi.waitFor(() => expect(readdirSync(dir).filter((name) => name.endsWith('.readable-part'))).toEqual([]))
  })

  it('a clear during the salvage ends it: the cleared cache stays empty', async () => {
    const { dir, path } = await filledCache(4000)
    truncateSync(path, Math.floor(statSync(path).size * 0.6) + 100)
    const store = openStore({ dir, salvageInBackground: true })
    await store.clear({ everything: true })
    await store.whenSalvaged()
    expect(proofRows(store)).toBe(0)
    expect(store.damage).toBeNull()
  })

  it('a sound file has nothing to salvage: the wait is over at once', async () => {
    const { dir } = await filledCache(10)
    const store = openStore({ dir, salvageInBackground: true })
    await store.whenSalvaged()
    expect(store.damage).toBeNull()
    expect(proofRows(store)).toBe(10)
  })
})
