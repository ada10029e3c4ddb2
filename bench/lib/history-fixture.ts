/**
 * The 1,000,000-row history cache the benchmarks start from, written with
 * the history store's own schema (its migrations) and write path (its
 * HistoryWriter, the records decoded as the core decodes them), for an
 * indexer that cannot be reached. A benchmark that connects to a live
 * indexer re-keys its copy to that indexer, so the rows are that indexer's
 * history.
 */
import type { AppNotification, Proof, Transaction } from '@shared/domain'
import { DatabaseSync } from 'node:sqlite'
import { HistoryDatabase } from '../../src/main/core/history/database'
import { HistoryWriter, IndexerIds, type WriteOp } from '../../src/main/core/history/history-writer'
import { decodeProof, decodeTransaction } from '../../src/main/core/indexer/decode'
import { indexerKey } from '../../src/main/core/indexer/url'
import { historyRecords, type CachedActivity } from './records'

/** Nothing listens on port 1 of the loopback: the cache's indexer is unreachable. */
export const FIXTURE_INDEXER_URL = 'http://127.0.0.1:1'

const RECORDS_PER_TRANSACTION = 20_000

/** A notification-centre entry as activityEntries() makes it. */
export function activityNotification(activity: CachedActivity): AppNotification {
  const { id, type, title, body, subject } = activity
  return { id, kind: type, title, body, receivedAt: activity.receivedAt, read: false, subject, raw: { id, type, title, body, subject }, extra: {} }
}

/** Writes `count` records of history (see historyRecords) into a new cache file at `path`. */
export function writeHistoryFixture(path: string, count: number, seed: number): void {
  // A large page cache and no fsync while building: how the file is made is not what is measured.
  const database = HistoryDatabase.open({ path, cacheKiB: 512 * 1024 })
  if (database.damage !== null) throw new Error(`the fixture could not be opened: ${database.damage.message}`)
  try {
    database.db.exec('PRAGMA synchronous = OFF; PRAGMA journal_mode = OFF')
    const writer = new HistoryWriter(database, new IndexerIds(database, Date.now))
    const indexer = indexerKey(FIXTURE_INDEXER_URL)
    let ops: WriteOp[] = []
    let proofs: Proof[] = []
    let notifications: AppNotification[] = []
    let records = 0
    let at = 0
    const flush = () => {
      if (proofs.length > 0) ops.push({ type: 'proofs', indexer, at, proofs })
      if (notifications.length > 0) ops.push({ type: 'notifications', indexer, at, notifications })
      writer.applyBatch(ops)
      ops = []
      proofs = []
      notifications = []
      records = 0
    }
    for (const record of historyRecords(count, seed)) {
      switch (record.kind) {
        case 'proof':
          proofs.push(decodeProof(record.proof))
          at = Date.parse(record.proof.verifiedAt)
          break
        case 'transaction': {
          const transaction: Transaction = decodeTransaction(record.transaction)
          ops.push({ type: 'transactions', indexer, at, transactions: [transaction], address: record.address })
          break
        }
        case 'activity':
          notifications.push(activityNotification(record.activity))
          break
      }
      if (++records === RECORDS_PER_TRANSACTION) flush()
    }
    if (records > 0) flush()
    database.db.exec('PRAGMA journal_mode = WAL')
  } finally {
    database.close()
  }
}

/** Makes the rows of the fixture's indexer those of the indexer at `httpUrl` (a copy about to be used against it). */
export function rekeyHistory(path: string, httpUrl: string): void {
  const db = new DatabaseSync(path)
  try {
    const { changes } = db.prepare('UPDATE indexers SET key = ? WHERE key = ?').run(indexerKey(httpUrl), indexerKey(FIXTURE_INDEXER_URL))
    if (changes !== 1) throw new Error(`${path} holds no history of ${FIXTURE_INDEXER_URL}`)
  } finally {
    db.close()
  }
}
