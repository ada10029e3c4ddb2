/**
 * The placeholder cache: a SQLite proofs table with a unique key and one
 * secondary index, standing in for the history store's schema until that
 * exists (then its schema and write path replace PLACEHOLDER_SCHEMA and
 * upsertProofs). Also the same history as one JSON file, for the naive way.
 */
import { closeSync, createWriteStream, openSync, writeSync } from 'node:fs'
import { once } from 'node:events'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { cachedProofs, type CachedProof } from './records'

export const PLACEHOLDER_SCHEMA = `
CREATE TABLE IF NOT EXISTS proofs (
  id INTEGER PRIMARY KEY,
  proof_account TEXT NOT NULL UNIQUE,
  authority TEXT NOT NULL,
  circuit_id INTEGER NOT NULL,
  proof_type TEXT NOT NULL,
  slot INTEGER NOT NULL,
  verified_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS proofs_by_slot ON proofs (slot);
`

const UPSERT = `
INSERT INTO proofs (proof_account, authority, circuit_id, proof_type, slot, verified_at, revoked, record)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (proof_account) DO UPDATE SET revoked = excluded.revoked, slot = excluded.slot, record = excluded.record
`

export const NEWEST_PROOFS = 'SELECT record FROM proofs ORDER BY slot DESC LIMIT ?'
/** Keys from `lower` up to but excluding `upper`: a prefix search that can use the unique index. */
export const PROOFS_BY_PREFIX = 'SELECT record FROM proofs WHERE proof_account >= ? AND proof_account < ? ORDER BY proof_account LIMIT ?'

export type CacheTuning = 'default' | 'tuned'

/**
 * WAL and synchronous=NORMAL always; `tuned` adds a 64 MiB page cache and a
 * checkpoint every 10,000 pages instead of 1,000 (fewer, larger WAL flushes).
 */
export function openCache(path: string, tuning: CacheTuning = 'default', readOnly = false): DatabaseSync {
  const db = new DatabaseSync(path, { readOnly })
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
  if (tuning === 'tuned') db.exec('PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 10000;')
  if (!readOnly) db.exec(PLACEHOLDER_SCHEMA)
  return db
}

export class ProofUpserter {
  private readonly statement: StatementSync

  constructor(private readonly db: DatabaseSync) {
    this.statement = db.prepare(UPSERT)
  }

  /** One transaction for all of `proofs`. */
  upsert(proofs: readonly CachedProof[]): void {
    this.db.exec('BEGIN')
    try {
      for (const proof of proofs) this.upsertOne(proof)
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  private upsertOne(proof: CachedProof): void {
    this.statement.run(
      proof.proofAccount,
      proof.authority,
      proof.circuitId,
      proof.proofType,
      Number(proof.slotVerified),
      Date.parse(proof.verifiedAt),
      proof.revoked ? 1 : 0,
      JSON.stringify(proof),
    )
  }
}

/** Writes `count` proofs into a new cache file as fast as SQLite allows, then leaves it in WAL mode like the app's. */
export function writeCacheFile(path: string, count: number, seed: number): void {
  const db = new DatabaseSync(path)
  // Building the fixture is not what is measured: no journal, no fsync, index after the load.
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;')
  db.exec(PLACEHOLDER_SCHEMA.replace(/CREATE INDEX[^;]*;/, ''))
  const upserter = new ProofUpserter(db)
  let batch: CachedProof[] = []
  for (const proof of cachedProofs(count, seed)) {
    batch.push(proof)
    if (batch.length === 20_000) {
      upserter.upsert(batch)
      batch = []
    }
  }
  if (batch.length) upserter.upsert(batch)
  db.exec(PLACEHOLDER_SCHEMA)
  db.exec('PRAGMA journal_mode = WAL;')
  db.close()
}

/** The same proofs as one JSON array, written in slices so no single string holds the whole file. */
export async function writeJsonHistory(path: string, count: number, seed: number): Promise<void> {
  const out = createWriteStream(path)
  out.write('[')
  let slice: string[] = []
  let first = true
  const flush = async () => {
    if (slice.length === 0) return
    const text = (first ? '' : ',') + slice.join(',')
    first = false
    slice = []
    if (!out.write(text)) await once(out, 'drain')
  }
  for (const proof of cachedProofs(count, seed)) {
    slice.push(JSON.stringify(proof))
    if (slice.length === 10_000) await flush()
  }
  await flush()
  out.end(']')
  await once(out, 'finish')
}

/** Rewrites the whole JSON history: what a JSON-file cache does for every new event. */
export function rewriteJsonHistory(path: string, records: readonly unknown[]): void {
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, JSON.stringify(records))
  } finally {
    closeSync(fd)
  }
}
