/**
 * Rows in every table of a history cache file, from a read-only connection
 * of its own (committed rows only): what a run added, table by table, is the
 * write amplification. The full-text index's own storage tables are left out
 * (their rows are pages of the index, not records); the index itself counts
 * one row per document.
 */
import { DatabaseSync } from 'node:sqlite'

export interface TableRows {
  name: string
  rows: number
}

const FTS_STORAGE = /_(data|idx|content|docsize|config)$/

export function rowsByTable(path: string): TableRows[] {
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    return rowsIn(db)
  } finally {
    db.close()
  }
}

/** The same on an open connection (one that writes sees its own uncommitted rows). */
export function rowsIn(db: DatabaseSync): TableRows[] {
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
  return tables
    .filter((table) => !FTS_STORAGE.test(table.name))
    .map((table) => ({ name: table.name, rows: Number((db.prepare(`SELECT count(*) AS n FROM "${table.name}"`).get() as { n: number }).n) }))
}

/** What `after` holds more than `before`, table by table (a table that shrank counts 0). */
export function rowsAdded(before: readonly TableRows[], after: readonly TableRows[]): TableRows[] {
  const was = new Map(before.map((table) => [table.name, table.rows]))
  return after.map((table) => ({ name: table.name, rows: Math.max(0, table.rows - (was.get(table.name) ?? 0)) }))
}
