/**
 * Whether a SQLite file is ProofWatch's cache and whole, before anything in
 * it is changed: another program's file is refused (ForeignFileError), a
 * cache missing its tables or failing its integrity check is reported as
 * corruption, and a cache of ours is stamped with its application id.
 */
import type { DatabaseSync } from 'node:sqlite'
import { fileSize } from './cache-files'

/**
 * `PRAGMA application_id` of a ProofWatch cache ("PWch"), so that another
 * program's SQLite file at the cache's path is told apart before anything in
 * it is changed. Caches from before it was set have 0 and ProofWatch's tables.
 */
export const APPLICATION_ID = 0x50576368
const TABLES_OF_LATEST = ['indexers', 'proofs', 'transactions', 'transaction_accounts', 'overview_snapshots', 'series', 'series_points', 'leaderboards', 'leaderboard_entries', 'notifications', 'circuits', 'circuit_keys']

/** The file at the cache's path is not ProofWatch's cache: it is left exactly as it is. */
export class ForeignFileError extends Error {}

/** A full `quick_check` for a file up to `integrityCheckMaxBytes`; for a larger one, each table's newest rows. */
export function checkIntegrity(db: DatabaseSync, settings: { path: string; integrityCheckMaxBytes: number }): void {
  const size = fileSize(settings.path)
  if (size > settings.integrityCheckMaxBytes) {
    // Too big to read whole at every start: touch each table's newest rows; deeper damage is met (and handled) on use.
    for (const table of ['proofs', 'transactions', 'notifications']) {
      if (db.prepare('SELECT 1 AS found FROM sqlite_schema WHERE type = ? AND name = ?').get('table', table)) {
        db.prepare(`SELECT * FROM ${table} ORDER BY id DESC LIMIT 50`).all()
      }
    }
    return
  }
  const rows = db.prepare('PRAGMA quick_check(1)').all() as { quick_check: string }[]
  const verdict = rows[0]?.quick_check ?? 'ok'
  if (verdict !== 'ok') {
    throw Object.assign(new Error(`integrity check failed: ${verdict}`), { code: 'ERR_SQLITE_ERROR', errcode: 11 })
  }
}

/** Best effort: a cache from before the stamp, opened on a full disk, is stamped at a later start. */
export function stampOwnership(db: DatabaseSync): void {
  if (applicationId(db) === APPLICATION_ID) return
  try {
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`)
  } catch {
    // Its tables say it is ours until then.
  }
}

function applicationId(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA application_id').get() as { application_id: number } | undefined)?.application_id ?? 0)
}

/**
 * Refuses another program's SQLite file: one stamped with another
 * application id, or an unstamped one with tables none of which is
 * ProofWatch's. An empty file, and a cache from before the stamp, are ours.
 */
export function requireOwnDatabase(db: DatabaseSync, path: string): void {
  const id = applicationId(db)
  if (id === APPLICATION_ID) return
  if (id !== 0) {
    throw new ForeignFileError(`${path} is another program's SQLite database (application id 0x${(id >>> 0).toString(16)}); it was left as it is`)
  }
  const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name)
  if (tables.length > 0 && !tables.some((name) => TABLES_OF_LATEST.includes(name))) {
    const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '')
    throw new ForeignFileError(`${path} is a SQLite database of another program (its tables: ${shown}); it was left as it is`)
  }
}

export function requireTables(db: DatabaseSync): void {
  const names = new Set((db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name))
  const missing = TABLES_OF_LATEST.filter((name) => !names.has(name))
  if (missing.length > 0) {
    // Reported as corruption: the file claims a version whose tables it does not have.
    throw Object.assign(new Error(`the cache's tables are missing (${missing.join(', ')})`), { code: 'ERR_SQLITE_ERROR', errcode: 11 })
  }
}
