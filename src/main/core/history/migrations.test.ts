import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { HISTORY_FILE_NAME } from './database'
import { LATEST_VERSION, MIGRATIONS, UPSERT_CIRCUIT, migrate, schemaVersion } from './migrations'
import { testNotification, testProof, testTransaction } from '@test/support/history-test-data'
import { openStore, tempDir } from '@test/support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'

/** A file at `version`, holding what that version could hold, written with that version's own columns. */
function fileAtVersion(version: number): { dir: string; path: string } {
  const dir = tempDir()
  const path = join(dir, HISTORY_FILE_NAME)
  const db = new DatabaseSync(path)
  db.exec('PRAGMA journal_mode = WAL')
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= version),
  )
  expect(schemaVersion(db)).toBe(version)
  db.prepare('INSERT INTO indexers (id, key, first_seen_at, last_seen_at) VALUES (1, ?, 1, 1)').run(INDEXER)
  for (let index = 0; index < 20; index++) {
    const proof = testProof(index)
    db.prepare(
      `INSERT INTO proofs (indexer_id, proof_account, authority, circuit_id, proof_type, slot, time, complete, raw, stored_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, 1, ?, 5)`,
    ).run(proof.proofAccount, proof.authority, proof.circuitId, proof.proofType, Number(proof.slotVerified), proof.verifiedAt, JSON.stringify(proof.raw))
    // A version 2 app kept circuits as it wrote proofs.
    if (version >= 2) db.prepare(UPSERT_CIRCUIT).run(1, proof.circuitId, proof.circuitName, proof.proofType)
    const tx = testTransaction(index)
    const { id } = db
      .prepare(
        `INSERT INTO transactions (indexer_id, signature, status, slot, time, raw, stored_at)
         VALUES (1, ?, ?, ?, ?, ?, 5) RETURNING id`,
      )
      .get(tx.signature, tx.status, Number(tx.slot), tx.blockTime, JSON.stringify(tx.raw)) as { id: number }
    db.prepare('INSERT INTO transaction_accounts (transaction_id, account, indexer_id, slot, time) VALUES (?, ?, 1, ?, ?)').run(
      id,
      tx.feePayer,
      Number(tx.slot),
      tx.blockTime,
    )
  }
  const notification = testNotification(2)
  db.prepare(
    `INSERT INTO notifications (indexer_id, notification_id, kind, title, body, received_at, read, raw, stored_at)
     VALUES (1, ?, ?, ?, ?, ?, 1, ?, 5)`,
  ).run(notification.id, notification.kind, notification.title, notification.body, notification.receivedAt, JSON.stringify(notification.raw))
  if (version >= 2) db.prepare('UPDATE proofs SET own = 1 WHERE proof_account = ?').run(testProof(0).proofAccount)
  db.close()
  return { dir, path }
}

describe('schema migrations', () => {
  it('are numbered from 1 without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, index) => index + 1))
    expect(LATEST_VERSION).toBe(MIGRATIONS.length)
  })

  it('build a new file at the latest version, in WAL mode, with incremental vacuum', async () => {
    const dir = tempDir()
    const store = openStore({ dir })
    expect(store.info().damage).toBeNull()
    await store.close()
    const db = new DatabaseSync(join(dir, HISTORY_FILE_NAME))
    expect(schemaVersion(db)).toBe(LATEST_VERSION)
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
    expect(db.prepare('PRAGMA auto_vacuum').get()).toEqual({ auto_vacuum: 2 })
    const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name)
    expect(tables).toEqual(expect.arrayContaining(['proofs', 'transactions', 'notifications', 'circuits', 'notifications_fts']))
    db.close()
  })

  for (const version of MIGRATIONS.map((m) => m.version).filter((v) => v < LATEST_VERSION)) {
    it(`bring a version ${version} file up to date and keep its history`, async () => {
      const { dir, path } = fileAtVersion(version)
      const store = openStore({ dir })
      expect(store.info().damage).toBeNull()
      const history = store.forIndexer(INDEXER)

      const proofs = history.listProofs({ limit: 50 }).data
      expect(proofs.total).toBe('20')
      expect(proofs.items[0]).toEqual(testProof(19))
      expect(history.listTransactions({ pubkey: testTransaction(3).feePayer as string }).data.items.length).toBeGreaterThan(0)
      expect(history.listNotifications({}).data.items).toEqual([{ ...testNotification(2), read: true }])

      // Version 2 added circuits (filled from the proofs held) and version 3 the notification text index.
      expect((await history.search('circuit-3')).some((hit) => hit.kind === 'circuit' && hit.id === '3')).toBe(true)
      expect((await history.search('verified')).map((hit) => hit.id)).toEqual([testNotification(2).id])
      // Rows written before a column existed get its default; later ones keep theirs.
      const own = store.database.db.prepare('SELECT count(*) AS n FROM proofs WHERE own = 1').get() as { n: number }
      expect(own.n).toBe(version >= 2 ? 1 : 0)

      // New writes use the new schema.
      history.recordProofs([testProof(100)])
      expect(history.proof(testProof(100).proofAccount).data).toEqual(testProof(100))
      await store.close()
      const db = new DatabaseSync(path)
      expect(schemaVersion(db)).toBe(LATEST_VERSION)
      db.close()
    })
  }

  it('a failing migration leaves the file at its last good version', () => {
    const dir = tempDir()
    const db = new DatabaseSync(join(dir, 'x.sqlite'))
    const broken = [...MIGRATIONS.slice(0, 1), { version: 2, name: 'broken', up: (d: DatabaseSync) => d.exec('CREATE TABLE proofs (x)') }]
    expect(() => migrate(db, broken)).toThrow(/already exists/)
    expect(schemaVersion(db)).toBe(1)
    db.close()
  })
})
