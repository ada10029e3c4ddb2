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
  private readonly byAccountAfter: StatementSync
  private readonly newestOfAccount: StatementSync

  constructor(path: string, httpUrl: string) {
    this.db = new DatabaseSync(path, { readOnly: true })
    const row = this.db.prepare('SELECT id FROM indexers WHERE key = ?').get(indexerKey(httpUrl)) as { id: number } | undefined
    if (row === undefined) throw new Error(`${path} holds no rows of ${httpUrl}`)
    this.indexerId = row.id
    this.byAccount = this.db.prepare('SELECT count(*) AS n FROM transaction_accounts WHERE indexer_id = ? AND account = ?')
    this.byAccountAfter = this.db.prepare('SELECT count(*) AS n FROM transaction_accounts WHERE indexer_id = ? AND account = ? AND slot > ?')
    this.newestOfAccount = this.db.prepare('SELECT max(slot) AS slot FROM transaction_accounts WHERE indexer_id = ? AND account = ?')
  }

  /** Transactions stored as involving `address`; with `afterSlot`, only those of later slots (a range of the index: cheap to ask often). */
  transactionsOf(address: string, afterSlot?: number | bigint): number {
    const row = afterSlot === undefined ? this.byAccount.get(this.indexerId, address) : this.byAccountAfter.get(this.indexerId, address, afterSlot)
    return Number((row as { n: number }).n)
  }

  /** The latest slot of a transaction stored as involving `address` (-1 when none). */
  newestSlotOf(address: string): number | bigint {
    const slot = (this.newestOfAccount.get(this.indexerId, address) as { slot: number | bigint | null }).slot
    return slot ?? -1
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
