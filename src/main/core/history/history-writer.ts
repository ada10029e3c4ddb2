/**
 * The write path: a batch of write operations applied in one transaction
 * with prepared upserts. Rows keep the raw record as received plus the
 * columns the views order and filter by. Every statement binds the
 * indexer's id, so one indexer's records never land among another's.
 */
import type {
  AppNotification,
  LeaderboardEntry,
  Overview,
  Proof,
  ProofSummary,
  Series,
  Transaction,
  TransactionDetail,
} from '@shared/domain'
import { topicKey } from '@shared/unread'
import type { HistoryDatabase } from './database'
import { notificationRaw, rawText, slotKey, timeKey } from './stored-records'
import { coalesceNotificationWrites } from './coalesce-notification-writes'
import { CommitCost } from './commit-cost'
import { PART_RECORDS, recordCount, type WriteOp } from './write-op'
// Kept for importers outside src/ (bench/); inside, write-op.ts is imported directly.
export type { WriteOp } from './write-op'
import { SQL } from './write-statements'
// Kept for importers outside src/ (bench/): the statements live in write-statements.ts.
export { SQL }
import { toBoolean } from '../indexer/decode-values'

/**
 * A stored proof whose standing changed under its id: revoked, its
 * authority or its circuit. A new copy replaced the old one without a word
 * before; now whoever keeps the cache is told (after the write commits).
 */
export interface RecordChange {
  indexer: string
  proofAccount: string
  field: 'revoked' | 'authority' | 'circuitId'
  before: string | boolean | null
  after: string | boolean | null
  /** The proof as now stored. */
  proof: Proof
}

const OVERVIEW_BUCKET_MS = 60_000

/** What the writer needs of a connection: the app's HistoryDatabase, or the write worker's own (write-worker-thread.ts). */
export type WriteConnection = Pick<HistoryDatabase, 'db' | 'statement' | 'onReplaced'>

/** Indexer ids by key, for the current connection. */
export class IndexerIds {
  private readonly ids = new Map<string, number>()

  constructor(
    private readonly database: WriteConnection,
    private readonly clock: () => number,
  ) {
    database.onReplaced(() => this.ids.clear())
  }

  /** A transaction that registered an indexer was rolled back: its id may be gone with it. */
  forget(): void {
    this.ids.clear()
  }

  /** The id of an indexer's rows, registering it on first use. */
  idOf(key: string): number {
    let id = this.ids.get(key)
    if (id === undefined) {
      const now = this.clock()
      const row = this.database.statement(SQL.insertIndexer).get(key, now, now) as { id: number }
      id = row.id
      this.ids.set(key, id)
    }
    return id
  }

  /** The id if the indexer has rows, without registering it (reads of an unknown indexer find nothing). */
  find(key: string): number | null {
    const known = this.ids.get(key)
    if (known !== undefined) return known
    const row = this.database.statement(SQL.findIndexer).get(key) as { id: number } | undefined
    if (row === undefined) return null
    this.ids.set(key, row.id)
    return row.id
  }
}

/** Applies write operations; the caller holds the transaction. */
/** Entries per indexer: ten thousand stay smooth in the windowed centre; more is history nobody reads. */
export const NOTIFICATION_CAP = 20_000

/**
 * Past the cap, entries are let go down to this many below it, so that the
 * next count is due only after as many more writes (counting is a scan of
 * the indexer's entries: 200 µs and more a write, at every write of a flood).
 */
export function notificationTrimSlack(cap: number): number {
  return Math.floor(cap / 20)
}

export class HistoryWriter {
  /** Circuits as last written, per indexer: a busy feed names the same few over and over. */
  private readonly circuitsWritten = new Map<string, string>()
  /**
   * Entries per indexer as last counted, plus every entry written since (an
   * update counts as if it were new): never less than what the table holds,
   * so the count runs only once this could be over the cap.
   */
  private readonly notificationsAtMost = new Map<number, number>()
  /** Changes found in the batch being written: told once it commits, dropped if it does not. */
  private changes: RecordChange[] = []
  /** Told of records that changed under their id, after each batch commits. */
  onRecordChanged: ((changes: readonly RecordChange[]) => void) | null = null

  constructor(
    private readonly database: WriteConnection,
    private readonly ids: IndexerIds,
    /** Notification-centre entries kept per indexer; the oldest (read ones first) go past it. */
    private readonly notificationCap = NOTIFICATION_CAP,
  ) {
    database.onReplaced(() => {
      this.circuitsWritten.clear()
      this.notificationsAtMost.clear()
    })
  }

  /** What a COMMIT of a transaction cut by time costs a record: it is foreseen from the records the transaction holds. */
  private readonly commitCost = new CommitCost()

  /** Applies `ops` in one transaction; on failure nothing of them is kept and the error is thrown. */
  applyBatch(ops: readonly WriteOp[]): void {
    this.applyUntil(ops, Infinity)
  }

  /**
   * Applies `ops` in order in one transaction and returns how many were
   * applied: with a finite `until` (a `performance.now()` time), in parts of
   * a few records, the rest left once a part ends past it, so that a
   * transaction of records whose cost varies tenfold still ends near its
   * time (the last COMMIT's time counted in). Notification writes are merged
   * within a part: the parts one after the other leave the rows as the whole
   * merged would (the merge is that of upserts one after another). On failure
   * nothing of them is kept and the error is thrown.
   */
  applyUntil(ops: readonly WriteOp[], until: number): number {
    const db = this.database.db
    const timed = until !== Infinity
    db.exec('BEGIN IMMEDIATE')
    this.changes = []
    let applied = 0
    let records = 0
    try {
      while (applied < ops.length) {
        const end = timed ? partEnd(ops, applied) : ops.length
        for (const op of coalesceNotificationWrites(end - applied === ops.length ? ops : ops.slice(applied, end))) {
          this.apply(op)
          records += recordCount(op)
        }
        applied = end
        if (timed && performance.now() + this.commitCost.foresee(records) >= until) break
      }
      const committing = timed ? performance.now() : 0
      db.exec('COMMIT')
      if (timed) this.commitCost.note(performance.now() - committing, records)
      const changes = this.changes
      this.changes = []
      if (changes.length > 0) this.onRecordChanged?.(changes)
    } catch (error) {
      this.changes = []
      // What this batch wrote is gone with it (and what it trimmed is back).
      this.circuitsWritten.clear()
      this.notificationsAtMost.clear()
      this.ids.forget()
      if (db.isOpen && db.isTransaction) {
        try {
          db.exec('ROLLBACK')
        } catch {
          // SQLite may have rolled back already (a full disk does).
        }
      }
      throw error
    }
    return applied
  }

  apply(op: WriteOp): void {
    const indexerId = this.ids.idOf(op.indexer)
    switch (op.type) {
      case 'proofs':
        return this.writeProofs(indexerId, op.proofs, op.at, op.indexer)
      case 'proof-summaries':
        return this.writeProofSummaries(indexerId, op.summaries, op.own, op.at)
      case 'transactions':
        return this.writeTransactions(indexerId, op.transactions, op.address, op.at)
      case 'transaction-detail':
        return this.writeTransactionDetail(indexerId, op.detail, op.at)
      case 'overview':
        return this.writeOverview(indexerId, op.overview, op.at)
      case 'series':
        return this.writeSeries(indexerId, op.series, op.at)
      case 'leaderboard':
        return this.writeLeaderboard(indexerId, op.period, op.entries, op.at)
      case 'notifications':
        return this.writeNotifications(indexerId, op.notifications, op.at)
      case 'mark-read':
        return this.markRead(indexerId, op.ids, op.read)
      case 'remove-notifications': {
        const remove = this.database.statement(SQL.removeNotification)
        for (const id of op.ids) remove.run(indexerId, id)
        return
      }
      case 'circuits':
        return this.writeCircuits(indexerId, new Map(op.circuits.map((c) => [c.id, { name: c.name, type: c.proofType }])))
      case 'circuit-cards': {
        const upsert = this.database.statement(SQL.upsertCircuitCard)
        for (const card of op.cards) {
          const { fingerprint, keySeenAt, readAt, enabled, ...facts } = card
          upsert.run(indexerId, card.id, fingerprint, keySeenAt, enabled === null ? null : enabled ? 1 : 0, JSON.stringify(facts), readAt)
        }
        return
      }
      case 'metadata':
        this.database.statement(SQL.patchMetadata).run(JSON.stringify(op.patch), op.at, indexerId)
        return
    }
  }

  private writeProofs(indexerId: number, proofs: readonly Proof[], at: number, indexer: string): void {
    const upsert = this.database.statement(SQL.upsertProof)
    const same = this.database.statement(SQL.storedProofSame)
    const stored = this.database.statement(SQL.storedProof)
    const circuits = new Map<string, { name: string | null; type: string | null }>()
    for (const proof of proofs) {
      const raw = rawText(proof.raw)
      // The same text is the same record: only a held copy that differs is read and looked into.
      const compared = same.get(raw, indexerId, proof.proofAccount) as { same: number } | undefined
      if (compared !== undefined && compared.same !== 1) {
        this.compareProof(indexer, stored.get(indexerId, proof.proofAccount) as { authority: string | null; circuit_id: string | null; raw: string }, proof)
      }
      upsert.run(
        indexerId,
        proof.proofAccount,
        proof.authority,
        proof.circuitId,
        proof.proofType,
        slotKey(proof.slotVerified),
        timeKey(proof.verifiedAt),
        raw,
        at,
      )
      if (proof.circuitId !== null) circuits.set(proof.circuitId, { name: proof.circuitName, type: proof.proofType })
    }
    this.writeCircuits(indexerId, circuits)
  }

  private compareProof(indexer: string, held: { authority: string | null; circuit_id: string | null; raw: string }, proof: Proof): void {
    let before: boolean | null = null
    try {
      before = toBoolean((JSON.parse(held.raw) as { revoked?: unknown }).revoked)
    } catch {
      // A held row that is not JSON is salvage's business; nothing to compare with.
    }
    const change = (field: RecordChange['field'], was: string | boolean | null, now: string | boolean | null) => {
      // Unknown before is no change of standing; a known value that changed (or went) is.
      if (was !== null && was !== now) this.changes.push({ indexer, proofAccount: proof.proofAccount, field, before: was, after: now, proof })
    }
    change('revoked', before, proof.revoked)
    change('authority', held.authority, proof.authority)
    change('circuitId', held.circuit_id, proof.circuitId)
  }

  private writeProofSummaries(indexerId: number, summaries: readonly ProofSummary[], own: boolean, at: number): void {
    const upsert = this.database.statement(SQL.upsertProofSummary)
    const circuits = new Map<string, { name: string | null; type: string | null }>()
    for (const summary of summaries) {
      upsert.run(
        indexerId,
        summary.proofAccount,
        summary.authority,
        summary.circuitId,
        summary.proofType,
        slotKey(summary.slot),
        own ? 1 : 0,
        rawText(summary.raw),
        at,
      )
      if (summary.circuitId !== null && !circuits.has(summary.circuitId)) {
        circuits.set(summary.circuitId, { name: null, type: summary.proofType })
      }
    }
    this.writeCircuits(indexerId, circuits)
  }

  /** Only what the file does not hold yet. */
  private writeCircuits(indexerId: number, circuits: ReadonlyMap<string, { name: string | null; type: string | null }>): void {
    for (const [id, { name, type }] of circuits) {
      const key = `${indexerId}\u0000${id}`
      const written = this.circuitsWritten.get(key)
      const merged = `${name ?? written?.split('\u0000')[0] ?? ''}\u0000${type ?? written?.split('\u0000')[1] ?? ''}`
      if (written === merged) continue
      this.database.statement(SQL.upsertCircuit).run(indexerId, id, name, type)
      this.circuitsWritten.set(key, merged)
    }
  }

  private writeTransactions(indexerId: number, transactions: readonly Transaction[], address: string | null, at: number): void {
    const upsert = this.database.statement(SQL.upsertTransaction)
    for (const tx of transactions) {
      const slot = slotKey(tx.slot)
      const time = timeKey(tx.blockTime)
      const { id } = upsert.get(indexerId, tx.signature, tx.status, slot, time, rawText(tx.raw), at) as { id: number }
      this.writeAccounts(indexerId, id, slot, time, [tx.feePayer, address])
    }
  }

  private writeTransactionDetail(indexerId: number, detail: TransactionDetail, at: number): void {
    const slot = slotKey(detail.slot)
    const time = timeKey(detail.blockTime)
    const { id } = this.database
      .statement(SQL.upsertTransactionDetail)
      .get(indexerId, detail.signature, detail.status, slot, time, rawText(detail.raw), at) as { id: number }
    this.writeAccounts(indexerId, id, slot, time, [detail.feePayer, ...detail.instructions.flatMap((i) => i.accounts)])
  }

  private writeAccounts(indexerId: number, transactionId: number, slot: number | bigint, time: number, accounts: readonly (string | null)[]): void {
    const upsert = this.database.statement(SQL.upsertTransactionAccount)
    const seen = new Set<string>()
    for (const account of accounts) {
      if (account === null || account === '' || seen.has(account)) continue
      seen.add(account)
      upsert.run(transactionId, account, indexerId, slot, time)
    }
  }

  private writeOverview(indexerId: number, overview: Overview, at: number): void {
    this.database
      .statement(SQL.upsertOverview)
      .run(indexerId, Math.floor(overview.observedAt / OVERVIEW_BUCKET_MS), overview.observedAt, rawText(overview.raw), at)
  }

  private writeSeries(indexerId: number, series: Series, at: number): void {
    const { id } = this.database
      .statement(SQL.upsertSeries)
      .get(indexerId, series.metric, series.period, series.serverMetric, at) as { id: number }
    // A series is replaced as a whole: the server thins points differently from one fetch to the next.
    this.database.statement(SQL.clearSeriesPoints).run(id)
    const insert = this.database.statement(SQL.insertSeriesPoint)
    for (const point of series.points) insert.run(id, point.t, point.value)
  }

  private writeLeaderboard(indexerId: number, period: string, entries: readonly LeaderboardEntry[], at: number): void {
    const { id } = this.database.statement(SQL.upsertLeaderboard).get(indexerId, period, at) as { id: number }
    this.database.statement(SQL.clearLeaderboardEntries).run(id)
    const insert = this.database.statement(SQL.insertLeaderboardEntry)
    entries.forEach((entry, index) => insert.run(id, index + 1, rawText(entry.raw)))
  }

  private writeNotifications(indexerId: number, notifications: readonly AppNotification[], at: number): void {
    this.upsertNotifications(indexerId, notifications, at)
    const atMost = (this.notificationsAtMost.get(indexerId) ?? Number.POSITIVE_INFINITY) + notifications.length
    if (atMost <= this.notificationCap) {
      this.notificationsAtMost.set(indexerId, atMost)
      return
    }
    const { n } = this.database.statement(SQL.countNotifications).get(indexerId) as { n: number }
    let held = Number(n)
    if (held > this.notificationCap) {
      const keep = this.notificationCap - notificationTrimSlack(this.notificationCap)
      this.database.statement(SQL.trimNotifications).run(indexerId, held - keep)
      held = keep
    }
    this.notificationsAtMost.set(indexerId, held)
  }

  private upsertNotifications(indexerId: number, notifications: readonly AppNotification[], at: number): void {
    const upsert = this.database.statement(SQL.upsertNotification)
    for (const notification of notifications) {
      const subject = notification.subject == null ? null : JSON.stringify(notification.subject)
      upsert.run(
        indexerId,
        notification.id,
        notification.kind,
        notification.title,
        notification.body,
        notification.receivedAt,
        notification.read ? 1 : 0,
        subject,
        notification.topic == null ? null : topicKey(notification.topic),
        notificationRaw(notification),
        at,
      )
    }
  }

  private markRead(indexerId: number, ids: readonly string[] | 'all' | { topic: string }, read: boolean): void {
    const flag = read ? 1 : 0
    if (ids === 'all') {
      this.database.statement(SQL.markAllRead).run(flag, indexerId, flag)
      return
    }
    if (!Array.isArray(ids)) {
      this.database.statement(SQL.markTopicRead).run(flag, indexerId, (ids as { topic: string }).topic, flag)
      return
    }
    const update = this.database.statement(SQL.markRead)
    for (const id of ids) update.run(flag, indexerId, id)
  }
}

/** Where the part that starts at `start` ends: once it holds PART_RECORDS records, or at the end. */
function partEnd(ops: readonly WriteOp[], start: number): number {
  let records = 0
  let end = start
  while (end < ops.length && records < PART_RECORDS) records += recordCount(ops[end++] as WriteOp)
  return end
}
