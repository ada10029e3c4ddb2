import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppNotification } from '@shared/domain'
import { testCentreEntry, testProof } from '@test/support/history-test-data'
import { HistoryDatabase } from './database'
import { HistoryWriter, IndexerIds } from './history-writer'
import type { WriteOp } from './write-op'

const INDEXER = 'http://127.0.0.1:2'
const opened: HistoryDatabase[] = []

afterEach(() => {
  for (const database of opened.splice(0)) database.close()
  vi.restoreAllMocks()
})

function writerOnNewCache(): { writer: HistoryWriter; database: HistoryDatabase } {
  const database = HistoryDatabase.open({ path: ':memory:' })
  opened.push(database)
  return { writer: new HistoryWriter(database, new IndexerIds(database, () => 0)), database }
}

const proofs = (from: number, count: number): WriteOp => ({
  type: 'proofs',
  indexer: INDEXER,
  at: 0,
  proofs: Array.from({ length: count }, (_, index) => testProof(from + index)),
})

function storedProofs(database: HistoryDatabase): number {
  return Number((database.db.prepare('SELECT count(*) AS n FROM proofs').get() as { n: number }).n)
}

function entry(n: number): AppNotification {
  return testCentreEntry('burst', { title: `${n + 1} new transactions`, receivedAt: 500 + n, subject: n === 0 ? { kind: 'transaction', id: 'first' } : null })
}

describe('a transaction cut short by its time (HistoryWriter.applyUntil)', () => {
  it('commits the parts it applied, the first whatever the time, and says how many operations they were', () => {
    const { writer, database } = writerOnNewCache()
    const ops = Array.from({ length: 20 }, (_, index) => proofs(index, 1))
    // A time already past: one part, of eight records.
    expect(writer.applyUntil(ops, 0)).toBe(8)
    expect(storedProofs(database)).toBe(8)
    expect(database.db.isTransaction).toBe(false)
    expect(writer.applyUntil(ops.slice(8), Infinity)).toBe(12)
    expect(storedProofs(database)).toBe(20)
    // An operation of more records than a part is a part of its own, never cut.
    expect(writer.applyUntil([proofs(100, 30), proofs(200, 1)], 0)).toBe(1)
    expect(storedProofs(database)).toBe(50)
  })

  it('foresees a COMMIT from the records it holds: at a millisecond a record and 20 ms to go, it stops at the part that ends past them (24 records), not after the first', () => {
    const { writer, database } = writerOnNewCache()
    let now = 1_000
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    // Applying takes no time here; a COMMIT takes a millisecond for each record it holds.
    const exec = database.db.exec.bind(database.db)
    let atBegin = 0
    vi.spyOn(database.db, 'exec').mockImplementation((sql: string) => {
      if (sql === 'BEGIN IMMEDIATE') atBegin = storedProofs(database)
      exec(sql)
      if (sql === 'COMMIT') now += storedProofs(database) - atBegin
    })
    // Nothing known yet: all of it, 40 records, whose COMMIT took 40 ms.
    expect(writer.applyUntil(Array.from({ length: 40 }, (_, index) => proofs(index, 1)), now + 1_000)).toBe(40)
    expect(now).toBe(1_040)
    // 20 ms: three parts (a 24 ms COMMIT foreseen once the third is applied), where the last COMMIT's own time (40 ms)
    // would have stopped it after one.
    expect(writer.applyUntil(Array.from({ length: 40 }, (_, index) => proofs(100 + index, 1)), now + 20)).toBe(24)
    expect(storedProofs(database)).toBe(64)
  })

  it('a burst of one notification written in parts leaves the row that one merged write leaves', () => {
    const burst: WriteOp[] = Array.from({ length: 30 }, (_, n) => ({ type: 'notifications', indexer: INDEXER, at: 1 + n, notifications: [entry(n)] }))
    const whole = writerOnNewCache()
    whole.writer.applyBatch(burst)
    const cut = writerOnNewCache()
    let applied = 0
    let transactions = 0
    while (applied < burst.length) {
      applied += cut.writer.applyUntil(burst.slice(applied), 0)
      transactions++
    }
    expect(transactions).toBe(4)
    const rows = (database: HistoryDatabase) => database.db.prepare('SELECT * FROM notifications ORDER BY id').all()
    expect(rows(cut.database)).toEqual(rows(whole.database))
    expect(rows(whole.database)).toHaveLength(1)
    expect(rows(whole.database)[0]).toMatchObject({ title: '30 new transactions', received_at: 500 })
  })
})
