/**
 * What the history cache file holds, seen from a read-only connection of its
 * own: only committed rows count, whatever the store still has queued.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { indexerKey } from '../../src/main/core/indexer/url'

export class StoredRows {
  private readonly db: DatabaseSync
  private readonly indexerId: number
  private readonly byAccount: StatementSync

  constructor(path: string, httpUrl: string) {
    this.db = new DatabaseSync(path, { readOnly: true })
    const row = this.db.prepare('SELECT id FROM indexers WHERE key = ?').get(indexerKey(httpUrl)) as { id: number } | undefined
    if (row === undefined) throw new Error(`${path} holds no rows of ${httpUrl}`)
    this.indexerId = row.id
    this.byAccount = this.db.prepare('SELECT count(*) AS n FROM transaction_accounts WHERE indexer_id = ? AND account = ?')
  }

  /** Transactions stored as involving `address`. */
  transactionsOf(address: string): number {
    return Number((this.byAccount.get(this.indexerId, address) as { n: number }).n)
  }

  /** Rows of this indexer by table (a scan of each index: not for timed paths). */
  totals(): { proofs: number; transactions: number; notifications: number } {
    const count = (table: string) => Number((this.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE indexer_id = ?`).get(this.indexerId) as { n: number }).n)
    return { proofs: count('proofs'), transactions: count('transactions'), notifications: count('notifications') }
  }

  close(): void {
    this.db.close()
  }
}
