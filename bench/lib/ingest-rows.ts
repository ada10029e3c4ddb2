/**
 * What the core writes to the history store for the ingest's events, applied
 * straight with the history writer's SQL: the raw batched upsert that the
 * ingest is measured against. Per proof the demo indexer publishes two
 * events: its summary on `proofs` (one proofs row) and its transaction on its
 * authority's address channel (a transactions row and its address rows).
 * The notification centre groups a watched address's burst into one entry,
 * so at ingest rates the core adds next to no centre rows per event (the
 * ingest's rows-per-event figure counts them): the baseline writes none,
 * where it once wrote one entry and its full-text row per transaction.
 */
import type { AddressTransaction, AppNotification, ProofSummary } from '@shared/domain'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { topicKey } from '@shared/unread'
import { SQL } from '../../src/main/core/history/history-writer'
import { rawText, slotKey, timeKey } from '../../src/main/core/history/stored-records'
import { decodeProofSummary, decodeTransaction } from '../../src/main/core/indexer/decode'
import { EntryBuilder } from '../../src/main/core/notify/entry-builder'
import { ManualClock } from '../../test/support/manual-clock'
import { DemoNetwork } from '../../src/main/demo/network'
import { wireProofSummary, wireTransaction } from '../../src/main/demo/wire-format'

/** The two events of one published proof, decoded as the core decodes them. */
export interface ProofEvents {
  summary: ProofSummary
  item: AddressTransaction
  entry: AppNotification
}

/** Events per ProofEvents. */
export const EVENTS_PER_PROOF = 2

/** `proofs` proofs of a demo network (a seed of its own: new keys), decoded before anything is timed. */
export function proofEvents(proofs: number, seed: number): ProofEvents[] {
  const network = new DemoNetwork({ seed, rate: 0, historyProofs: 0, historyTransactions: 0 })
  return Array.from({ length: proofs }, () => {
    const { proof, transaction } = network.publishProof()
    const item: AddressTransaction = { address: proof.authority, transaction: decodeTransaction(wireTransaction(transaction)) }
    const entry = entryOf(item, proof.timeMs)
    return { summary: decodeProofSummary(wireProofSummary(proof)), item, entry }
  })
}

/** The centre's entry for one transaction of a watched address (a burst of one). */
function entryOf(item: AddressTransaction, at: number): AppNotification {
  let made: AppNotification | undefined
  const builder = new EntryBuilder({ clock: new ManualClock(at), describeAddress: (pubkey) => pubkey, emit: (entries) => (made = entries[0]), remove: () => undefined })
  builder.addressTransactions([item])
  if (made === undefined) throw new Error('the core made no notification entry of a watched address’s transaction')
  return made
}

/** The history writer's statements for those rows, on one connection. */
export class RawIngestWriter {
  private readonly summary: StatementSync
  private readonly transaction: StatementSync
  private readonly account: StatementSync
  private readonly notification: StatementSync

  constructor(
    private readonly db: DatabaseSync,
    private readonly indexerId: number,
    /** One centre entry per transaction, as the core wrote before bursts were grouped. */
    private readonly withCentreEntries = false,
  ) {
    this.summary = db.prepare(SQL.upsertProofSummary)
    this.transaction = db.prepare(SQL.upsertTransaction)
    this.account = db.prepare(SQL.upsertTransactionAccount)
    this.notification = db.prepare(SQL.upsertNotification)
  }

  /** One transaction for all of `events`. */
  write(events: readonly ProofEvents[], at: number): void {
    this.db.exec('BEGIN IMMEDIATE')
    try {
      for (const event of events) this.writeOne(event, at)
      this.db.exec('COMMIT')
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK')
      throw error
    }
  }

  private writeOne({ summary, item, entry }: ProofEvents, at: number): void {
    const id = this.indexerId
    this.summary.run(id, summary.proofAccount, summary.authority, summary.circuitId, summary.proofType, slotKey(summary.slot), 0, rawText(summary.raw), at)
    const tx = item.transaction
    const slot = slotKey(tx.slot)
    const time = timeKey(tx.blockTime)
    const row = this.transaction.get(id, tx.signature, tx.status, slot, time, rawText(tx.raw), at) as { id: number }
    for (const account of new Set([tx.feePayer, item.address])) if (account) this.account.run(row.id, account, id, slot, time)
    if (this.withCentreEntries) {
      const subject = entry.subject == null ? null : JSON.stringify(entry.subject)
      const topic = entry.topic == null ? null : topicKey(entry.topic)
      this.notification.run(id, entry.id, entry.kind, entry.title, entry.body, entry.receivedAt, 0, subject, topic, rawText(entry.raw), at)
    }
  }
}
