/**
 * One search box over the cache: a signature, proof account or address by
 * prefix (index range scans, so a million rows cost a few index seeks), a
 * circuit by id or name prefix, and notifications by full text (SQLite FTS5;
 * a substring match where FTS5 is missing).
 */
import type { SearchHit } from '@shared/history'
import { circuitLabel } from '@shared/circuit-label'
import { isBase58 } from '@shared/ids'
import type { HistoryDatabase } from './database'
import type { ReadStep } from './read-worker'
import { proofFromRow, transactionFromRow, type ProofRow, type TransactionRow } from './stored-records'

/** Sorts after every character of an identifier, closing a prefix range. */
const PREFIX_END = '\uffff'
const MAX_QUERY_LENGTH = 200
const DETAIL_LENGTH = 160
/** Matches read per hit shown, newest stored first, before they are ordered by time. */
const RECENT_MATCH_MARGIN = 20

export interface SearchOptions {
  /** Hits per kind. Default 5. */
  perKind?: number
}

/** A search's hits found by index seeks (cheap), and the full-text read of notifications, left to the caller to run aside. */
export interface SearchParts {
  hits: SearchHit[]
  notifications: ReadStep | null
}

export function searchCache(database: HistoryDatabase, indexerId: number, text: string, options: SearchOptions = {}): SearchParts {
  const query = typeof text === 'string' ? text.trim().slice(0, MAX_QUERY_LENGTH) : ''
  if (query === '') return { hits: [], notifications: null }
  const perKind = Math.max(1, Math.min(50, Math.floor(options.perKind ?? 5)))
  const hits: SearchHit[] = []
  if (isBase58(query)) {
    hits.push(...transactionsBySignature(database, indexerId, query, perKind))
    hits.push(...proofsByAccount(database, indexerId, query, perKind))
    hits.push(...addresses(database, indexerId, query, perKind))
  }
  hits.push(...circuits(database, indexerId, query, perKind))
  return { hits, notifications: notificationsRead(database.fullTextSearch, indexerId, query, perKind) }
}

function transactionsBySignature(database: HistoryDatabase, indexerId: number, prefix: string, limit: number): SearchHit[] {
  const rows = database
    .statement('SELECT signature, raw, detail_raw FROM transactions WHERE indexer_id = ? AND signature >= ? AND signature < ? ORDER BY signature LIMIT ?')
    .all(indexerId, prefix, prefix + PREFIX_END, limit) as unknown as (TransactionRow & { signature: string })[]
  return rows.map((row) => {
    const tx = safely(() => transactionFromRow(row))
    const detail = tx === null ? null : [tx.status ?? 'status unknown', tx.slot === null ? null : `slot ${tx.slot}`].filter(Boolean).join(' · ')
    return { kind: 'transaction', id: row.signature, title: row.signature, detail, source: 'cache' }
  })
}

function proofsByAccount(database: HistoryDatabase, indexerId: number, prefix: string, limit: number): SearchHit[] {
  const rows = database
    .statement('SELECT proof_account, complete, raw FROM proofs WHERE indexer_id = ? AND proof_account >= ? AND proof_account < ? ORDER BY proof_account LIMIT ?')
    .all(indexerId, prefix, prefix + PREFIX_END, limit) as unknown as (ProofRow & { proof_account: string })[]
  const nameOf = database.statement('SELECT name FROM circuits WHERE indexer_id = ? AND circuit_id = ?')
  return rows.map((row) => {
    const proof = safely(() => proofFromRow(row))
    // A proof seen only on the socket has no circuit name: the one the cache knows stands in, as in every view.
    const known = (id: string) => (nameOf.get(indexerId, id) as { name: string | null } | undefined)?.name ?? null
    const circuit = proof?.circuitId == null ? proof?.circuitName ?? null : circuitLabel(proof.circuitId, proof.circuitName ?? known(proof.circuitId))
    const detail = proof === null ? null : [circuit, proof.proofType].filter(Boolean).join(' · ') || null
    return { kind: 'proof', id: row.proof_account, title: row.proof_account, detail, source: 'cache' }
  })
}

/**
 * Distinct addresses by prefix, from proof authorities and transaction
 * accounts: each step seeks the next distinct value in an index, so a busy
 * address with many rows costs no more than a quiet one.
 */
function addresses(database: HistoryDatabase, indexerId: number, prefix: string, limit: number): SearchHit[] {
  const sources = [
    { column: 'authority', table: 'proofs', detail: 'proof authority' },
    { column: 'account', table: 'transaction_accounts', detail: 'in transactions' },
  ]
  const found = new Map<string, string[]>()
  for (const { column, table, detail } of sources) {
    const seek = (comparison: '>=' | '>') =>
      database.statement(
        `SELECT ${column} AS address FROM ${table} WHERE indexer_id = ? AND ${column} ${comparison} ? AND ${column} < ? ORDER BY ${column} LIMIT 1`,
      )
    let row = seek('>=').get(indexerId, prefix, prefix + PREFIX_END) as { address: string } | undefined
    for (let count = 0; row !== undefined && count < limit; count++) {
      note(found, row.address, detail)
      row = seek('>').get(indexerId, row.address, prefix + PREFIX_END) as { address: string } | undefined
    }
  }
  return [...found.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([address, details]) => ({ kind: 'address', id: address, title: address, detail: details.join(', '), source: 'cache' }))
}

function note(found: Map<string, string[]>, address: string, detail: string): void {
  const details = found.get(address) ?? []
  if (!details.includes(detail)) details.push(detail)
  found.set(address, details)
}

function circuits(database: HistoryDatabase, indexerId: number, text: string, limit: number): SearchHit[] {
  const pattern = `${escapeLike(text)}%`
  const rows = database
    .statement(
      "SELECT circuit_id, name, proof_type FROM circuits WHERE indexer_id = ? AND (circuit_id LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\') ORDER BY circuit_id LIMIT ?",
    )
    .all(indexerId, pattern, pattern, limit) as { circuit_id: string; name: string | null; proof_type: string | null }[]
  return rows.map((row) => ({
    kind: 'circuit',
    id: row.circuit_id,
    title: circuitLabel(row.circuit_id, row.name),
    detail: [row.name ? `Circuit #${row.circuit_id}` : null, row.proof_type].filter(Boolean).join(' · '),
    source: 'cache',
  }))
}

/**
 * Notifications by their words: a full-text match, or a scan of every entry
 * where SQLite has no FTS5; either may read many rows, so it is a read step
 * for the read worker.
 */
function notificationsRead(fullTextSearch: boolean, indexerId: number, text: string, limit: number): ReadStep {
  const match = fullTextSearch ? ftsQuery(text) : null
  if (match !== null) {
    // A common word matches most entries: sorting all of them by time costs ~100 ms on a large cache, while
    // FTS5 walks its matches newest-stored first at no cost. So the last-stored matches are taken, then
    // ordered by time (a backfilled old entry is stored late, hence the margin).
    return {
      sql: `SELECT notification_id, title, body FROM (
           SELECT n.notification_id, n.title, n.body, n.received_at FROM notifications_fts f CROSS JOIN notifications n ON n.id = f.rowid
           WHERE notifications_fts MATCH ? AND n.indexer_id = ? ORDER BY f.rowid DESC LIMIT ?
         ) ORDER BY received_at DESC LIMIT ?`,
      params: [match, indexerId, limit * RECENT_MATCH_MARGIN, limit],
      mode: 'all',
    }
  }
  const pattern = `%${escapeLike(text)}%`
  return {
    sql: "SELECT notification_id, title, body FROM notifications WHERE indexer_id = ? AND (title LIKE ? ESCAPE '\\' OR body LIKE ? ESCAPE '\\') ORDER BY received_at DESC LIMIT ?",
    params: [indexerId, pattern, pattern, limit],
    mode: 'all',
  }
}

/** The hits of what notificationsRead read. */
export function notificationHits(rows: readonly { notification_id: string; title: string; body: string }[]): SearchHit[] {
  return rows.map((row) => ({
    kind: 'notification',
    id: row.notification_id,
    title: row.title,
    detail: row.body === '' ? null : row.body.length > DETAIL_LENGTH ? `${row.body.slice(0, DETAIL_LENGTH)}…` : row.body,
    source: 'cache',
  }))
}

/** Every word as a quoted prefix term, so user text is never read as FTS5 syntax. */
export function ftsQuery(text: string): string | null {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word))
  if (words.length === 0) return null
  return words.map((word) => `"${word.replace(/"/g, '""')}"*`).join(' ')
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

function safely<T>(read: () => T): T | null {
  try {
    return read()
  } catch {
    return null
  }
}
