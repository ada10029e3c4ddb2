/**
 * The history cache's schema as numbered migrations. A file's
 * `PRAGMA user_version` is the number of the last one applied; each runs in
 * its own transaction together with that number, so a file is always at
 * exactly one version. Never edit a released migration: add the next one.
 *
 * Every row carries `indexer_id`, and every index starts with it, so one
 * indexer's data never shows in another's views. Lists order newest first
 * by (slot, time, id): `id` is insertion order, which breaks ties the way
 * the live feed delivered them. Unknown slot or time is stored as -1.
 */
import type { DatabaseSync } from 'node:sqlite'
import { decodeProof } from '../indexer/decode'

export interface Migration {
  version: number
  name: string
  up(db: DatabaseSync): void
}

const CORE_TABLES = `
CREATE TABLE indexers (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  first_seen_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE proofs (
  id INTEGER PRIMARY KEY,
  indexer_id INTEGER NOT NULL,
  proof_account TEXT NOT NULL,
  authority TEXT,
  circuit_id TEXT,
  proof_type TEXT,
  slot INTEGER NOT NULL,
  time INTEGER NOT NULL,
  -- 1: the full record; 0: only a live summary has been seen.
  complete INTEGER NOT NULL,
  raw TEXT NOT NULL,
  stored_at INTEGER NOT NULL,
  UNIQUE (indexer_id, proof_account)
);
CREATE INDEX proofs_newest ON proofs (indexer_id, slot, time);
CREATE INDEX proofs_by_authority ON proofs (indexer_id, authority, slot, time);
CREATE INDEX proofs_by_type ON proofs (indexer_id, proof_type, slot, time);

CREATE TABLE transactions (
  id INTEGER PRIMARY KEY,
  indexer_id INTEGER NOT NULL,
  signature TEXT NOT NULL,
  status TEXT,
  slot INTEGER NOT NULL,
  time INTEGER NOT NULL,
  -- The list item as received, or the full record when only that was received.
  raw TEXT NOT NULL,
  -- The full record (logs, instructions) once fetched.
  detail_raw TEXT,
  stored_at INTEGER NOT NULL,
  UNIQUE (indexer_id, signature)
);
CREATE INDEX transactions_newest ON transactions (indexer_id, slot, time);
CREATE INDEX transactions_by_status ON transactions (indexer_id, status, slot, time);
CREATE INDEX transactions_by_time ON transactions (indexer_id, time, slot);

-- Addresses a transaction involves (fee payer, instruction accounts, the
-- address a list or channel was asked for): the pubkey filter.
CREATE TABLE transaction_accounts (
  transaction_id INTEGER NOT NULL,
  account TEXT NOT NULL,
  indexer_id INTEGER NOT NULL,
  slot INTEGER NOT NULL,
  time INTEGER NOT NULL,
  PRIMARY KEY (transaction_id, account)
) WITHOUT ROWID;
CREATE INDEX transaction_accounts_by_account ON transaction_accounts (indexer_id, account, slot, time);
CREATE TRIGGER transactions_forget_accounts AFTER DELETE ON transactions BEGIN
  DELETE FROM transaction_accounts WHERE transaction_id = old.id;
END;

-- At most one overview per indexer and minute: the stats channel sends one every few seconds.
CREATE TABLE overview_snapshots (
  id INTEGER PRIMARY KEY,
  indexer_id INTEGER NOT NULL,
  minute INTEGER NOT NULL,
  observed_at INTEGER NOT NULL,
  raw TEXT NOT NULL,
  stored_at INTEGER NOT NULL,
  UNIQUE (indexer_id, minute)
);

CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  indexer_id INTEGER NOT NULL,
  metric TEXT NOT NULL,
  period TEXT NOT NULL,
  server_metric TEXT NOT NULL,
  stored_at INTEGER NOT NULL,
  UNIQUE (indexer_id, metric, period)
);
CREATE TABLE series_points (
  series_id INTEGER NOT NULL,
  t INTEGER NOT NULL,
  value REAL NOT NULL,
  PRIMARY KEY (series_id, t)
) WITHOUT ROWID;

CREATE TABLE leaderboards (
  id INTEGER PRIMARY KEY,
  indexer_id INTEGER NOT NULL,
  period TEXT NOT NULL,
  stored_at INTEGER NOT NULL,
  UNIQUE (indexer_id, period)
);
CREATE TABLE leaderboard_entries (
  leaderboard_id INTEGER NOT NULL,
  rank INTEGER NOT NULL,
  raw TEXT NOT NULL,
  PRIMARY KEY (leaderboard_id, rank)
) WITHOUT ROWID;

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  indexer_id INTEGER NOT NULL,
  notification_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  read INTEGER NOT NULL DEFAULT 0,
  -- What it is about (JSON), when main worked that out; not part of the raw record.
  subject TEXT,
  raw TEXT NOT NULL,
  stored_at INTEGER NOT NULL,
  UNIQUE (indexer_id, notification_id)
);
CREATE INDEX notifications_newest ON notifications (indexer_id, received_at);
`

/** Circuits by id for the by-circuit list, the user's own proofs kept from eviction, and a circuit index for search. */
const CIRCUITS_AND_OWN_PROOFS = `
ALTER TABLE proofs ADD COLUMN own INTEGER NOT NULL DEFAULT 0;
CREATE INDEX proofs_by_circuit ON proofs (indexer_id, circuit_id, slot, time);
CREATE TABLE circuits (
  indexer_id INTEGER NOT NULL,
  circuit_id TEXT NOT NULL,
  name TEXT,
  proof_type TEXT,
  PRIMARY KEY (indexer_id, circuit_id)
) WITHOUT ROWID;
`

/** Full-text search over notifications; contentless: the text stays in `notifications` only. */
const NOTIFICATION_SEARCH = `
CREATE VIRTUAL TABLE notifications_fts USING fts5 (title, body, content = '', contentless_delete = 1);
CREATE TRIGGER notifications_fts_insert AFTER INSERT ON notifications BEGIN
  INSERT INTO notifications_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;
CREATE TRIGGER notifications_fts_delete AFTER DELETE ON notifications BEGIN
  DELETE FROM notifications_fts WHERE rowid = old.id;
END;
CREATE TRIGGER notifications_fts_update AFTER UPDATE OF title, body ON notifications BEGIN
  DELETE FROM notifications_fts WHERE rowid = old.id;
  INSERT INTO notifications_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;
INSERT INTO notifications_fts (rowid, title, body) SELECT id, title, body FROM notifications;
`

/**
 * What each notification-centre entry belongs to (`address:<pubkey>` or
 * `circuit:<id>`), so the one unread model counts per watched address and
 * followed circuit with one indexed query.
 */
const NOTIFICATION_TOPICS = `
ALTER TABLE notifications ADD COLUMN topic TEXT;
CREATE INDEX notifications_unread ON notifications (indexer_id, read, topic);
`

/**
 * The Circuits view's last read of each circuit, with the fingerprint of its
 * verifying key, so that a key changed (or a circuit disabled) between two
 * reads is noticed, and the view has something to show offline.
 */
const CIRCUIT_KEYS = `
CREATE TABLE circuit_keys (
  indexer_id INTEGER NOT NULL,
  circuit_id TEXT NOT NULL,
  fingerprint TEXT,
  key_seen_at INTEGER,
  enabled INTEGER,
  -- The circuit's other fields as last read (JSON).
  facts TEXT NOT NULL,
  read_at INTEGER NOT NULL,
  PRIMARY KEY (indexer_id, circuit_id)
) WITHOUT ROWID;
`

export const UPSERT_CIRCUIT = `
INSERT INTO circuits (indexer_id, circuit_id, name, proof_type) VALUES (?, ?, ?, ?)
ON CONFLICT (indexer_id, circuit_id) DO UPDATE SET
  name = coalesce(excluded.name, circuits.name),
  proof_type = coalesce(excluded.proof_type, circuits.proof_type)`

/** Circuit names live only in the proofs' raw records, so the decoder reads them. */
function backfillCircuits(db: DatabaseSync): void {
  const insert = db.prepare(UPSERT_CIRCUIT)
  const rows = db.prepare('SELECT indexer_id, circuit_id, proof_type, complete, raw FROM proofs WHERE circuit_id IS NOT NULL')
  for (const row of rows.iterate() as Iterable<{ indexer_id: number; circuit_id: string; proof_type: string | null; complete: number; raw: string }>) {
    const name = row.complete === 1 ? circuitNameOf(row.raw) : null
    insert.run(row.indexer_id, row.circuit_id, name, row.proof_type)
  }
}

function circuitNameOf(raw: string): string | null {
  try {
    return decodeProof(JSON.parse(raw)).circuitName
  } catch {
    return null
  }
}

function fts5Missing(error: unknown): boolean {
  return error instanceof Error && /no such module: fts5/i.test(error.message)
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'core tables', up: (db) => db.exec(CORE_TABLES) },
  {
    version: 2,
    name: 'circuits and own proofs',
    up: (db) => {
      db.exec(CIRCUITS_AND_OWN_PROOFS)
      backfillCircuits(db)
    },
  },
  {
    version: 3,
    name: 'notification search',
    up: (db) => {
      try {
        db.exec(NOTIFICATION_SEARCH)
      } catch (error) {
        // A SQLite built without FTS5 still gets a working cache; search falls back to LIKE.
        if (!fts5Missing(error)) throw error
      }
    },
  },
  { version: 4, name: 'notification topics', up: (db) => db.exec(NOTIFICATION_TOPICS) },
  { version: 5, name: 'circuit keys', up: (db) => db.exec(CIRCUIT_KEYS) },
]

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined
  return row?.user_version ?? 0
}

/**
 * Applies the migrations above the file's version, each in its own
 * transaction with its version number. Returns the versions applied.
 */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const applied: number[] = []
  for (const migration of migrations) {
    if (migration.version <= schemaVersion(db)) continue
    db.exec('BEGIN IMMEDIATE')
    try {
      migration.up(db)
      db.exec(`PRAGMA user_version = ${migration.version}`)
      db.exec('COMMIT')
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
    applied.push(migration.version)
  }
  return applied
}

/** Whether this file has the notification full-text index (FTS5 may be missing from a SQLite build). */
export function hasFullTextSearch(db: DatabaseSync): boolean {
  return db.prepare("SELECT 1 AS found FROM sqlite_schema WHERE name = 'notifications_fts'").get() !== undefined
}
