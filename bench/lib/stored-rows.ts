/**
 * What the history cache file holds, seen from a read-only connection of its
 * own: only committed rows count, whatever the store still has queued.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { indexerKey } from '../../src/main/core/indexer/url'

export class StoredRows {
  private readonly db: DatabaseSync
  private readonly indexerId: number
  private readonly byAccountFromSlot: StatementSync
  private readonly newestOfAccount: StatementSync

  constructor(path: string, httpUrl: string) {
    this.db = new DatabaseSync(path, { readOnly: true })
    const row = this.db.prepare('SELECT id FROM indexers WHERE key = ?').get(indexerKey(httpUrl)) as { id: number } | undefined
    if (row === undefined) throw new Error(`${path} holds no rows of ${httpUrl}`)
    this.indexerId = row.id
    this.byAccountFromSlot = this.db.prepare('SELECT count(*) AS n FROM transaction_accounts WHERE indexer_id = ? AND account = ? AND slot >= ?')
    this.newestOfAccount = this.db.prepare('SELECT coalesce(max(slot), -1) AS slot FROM transaction_accounts WHERE indexer_id = ? AND account = ?')
  }

  /**
   * Where to count `address`'s new transactions from: its newest slot and
   * how many it holds there already (a new one may share that slot).
   */
  markOf(address: string): { slot: number | bigint; held: number } {
    const slot = (this.newestOfAccount.get(this.indexerId, address) as { slot: number | bigint }).slot
    return { slot, held: this.fromSlot(address, slot) }
  }

  /** Transactions stored as involving `address` since `mark`: a range of the account index, cheap to ask often. */
  transactionsSince(address: string, mark: { slot: number | bigint; held: number }): number {
    return this.fromSlot(address, mark.slot) - mark.held
  }

  private fromSlot(address: string, slot: number | bigint): number {
    return Number((this.byAccountFromSlot.get(this.indexerId, address, slot) as { n: number }).n)
  }

  close(): void {
    this.db.close()
  }
}
