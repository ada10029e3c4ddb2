/**
 * One indexer's view of the history cache (history-cache.ts owns the file):
 * its writes are queued and batched, and its reads answer from the file
 * (after writing what is queued) with the time the data was stored.
 * Over 400 lines because it is one thing: every record kind's write and read,
 * kept together so a kind's two sides are read side by side.
 */
import { NO_UNREAD, topicKey, type Topic, type UnreadCounts } from '@shared/unread'
import {
  type AppNotification,
  type Circuit,
  type ErrorInfo,
  type LeaderboardEntry,
  type LeaderboardQuery,
  type Overview,
  type Page,
  type Proof,
  type ProofQuery,
  type ProofSummary,
  type Series,
  type SeriesQuery,
  type Transaction,
  type TransactionDetail,
  type TransactionQuery,
  SERIES_PERIODS,
} from '@shared/domain'
import type { CircuitCard } from '@shared/circuits'
import { type AddressActivity, type AddressActivityQuery, type NotificationQuery, type SearchHit } from '@shared/history'
import { optionalLimit, optionalText, requireOneOf, requireProofAccount, requireSignature, requireText } from '../indexer/arguments'
import { DEFAULT_LEADERBOARD_PERIOD, LEADERBOARD_LIMIT } from '../indexer/client'
import { decodeLeaderboard } from '../indexer/decode'
import { HistoryDatabase } from './database'
import type { WriteOp } from './write-op'
import { circuitFilterOf, notificationFilterOf, proofFilterOf, transactionFilterOf, type Anchor } from './local-filter'
import { notificationHits, searchCache, type SearchOptions } from './search'
import { addressActivity, checkActivityQuery, emptyActivity } from './address-activity'
import { cachedEvents, type CachedEvents, type CachedEventsQuery } from './cached-events'
import { errorMessage } from './sqlite-errors'
import {
  detailFromRow,
  notificationFromRow,
  overviewFromRow,
  proofFromRow,
  transactionFromRow,
  type OverviewRow,
  type TransactionRow,
} from './stored-records'
import { readWatchedDetails, type WatchedDetails, type WatchedScope } from './watched-details'
import type { ReadStep } from './read-worker'
import { checkIds, checkTopic, notificationPage, notificationReadStates, unreadCounts, unreadNotificationCount } from './stored-notifications'
import {
  PROOF_LISTING,
  TRANSACTION_LISTING,
  allPages,
  countUpTo,
  emptyPage,
  nothing,
  rowsOf,
  storedEmptyPage,
  storedPage,
  type Listing,
  type Stored,
} from './stored-pages'

export { TOTAL_COUNT_LIMIT, type Stored } from './stored-pages'

/** What the notification centre's counts depend on. */
const NOTIFICATION_WRITES: readonly WriteOp['type'][] = ['notifications', 'mark-read', 'remove-notifications']

/** What one indexer's view needs of the cache file (HistoryCache). */
export interface CacheFile {
  readonly database: HistoryDatabase
  enqueue(op: WriteOp): void
  /** The indexer's id, or null when it has no rows. */
  findIndexer(key: string): number | null
  /** Runs a read after the queued writes (`after`: only those of these kinds). */
  read<T>(run: () => T, after?: readonly WriteOp['type'][]): T
  /** Runs reads that scan many rows after the queued writes (`after`: only those of these kinds), off the main thread where it can. */
  readAside(steps: readonly ReadStep[], after?: readonly WriteOp['type'][]): Promise<unknown[]>
  /** Resolves once the writes queued before the call are written, the event loop running meanwhile. */
  writesBefore(): Promise<void>
  now(): number
  emitProblem(problem: ErrorInfo): void
}

/** One indexer's records in the cache: writes (queued) and reads (cache only, fast). */
export class IndexerHistory {
  constructor(
    private readonly store: CacheFile,
    readonly key: string,
  ) {}

  // --- writes --------------------------------------------------------------------

  recordProofs(proofs: readonly Proof[]): void {
    if (proofs.length > 0) this.store.enqueue({ type: 'proofs', indexer: this.key, at: this.store.now(), proofs })
  }

  /** Live summaries; `own`: the user's proofs (`user:proofs`), kept from eviction. */
  recordProofSummaries(summaries: readonly ProofSummary[], options: { own?: boolean } = {}): void {
    if (summaries.length === 0) return
    this.store.enqueue({ type: 'proof-summaries', indexer: this.key, at: this.store.now(), summaries, own: options.own === true })
  }

  /** The indexer's circuit list (names by id, for labels and the circuit filter). */
  recordCircuits(circuits: readonly Circuit[]): void {
    if (circuits.length > 0) this.store.enqueue({ type: 'circuits', indexer: this.key, circuits })
  }

  /** The Circuits view's read of the indexer's circuits, with their key fingerprints. */
  recordCircuitCards(cards: readonly CircuitCard[]): void {
    if (cards.length > 0) this.store.enqueue({ type: 'circuit-cards', indexer: this.key, cards })
  }

  /** `address`: the address these were listed or pushed for (a pubkey filter, an `address:…:txs` channel). */
  recordTransactions(transactions: readonly Transaction[], options: { address?: string } = {}): void {
    if (transactions.length === 0) return
    this.store.enqueue({ type: 'transactions', indexer: this.key, at: this.store.now(), transactions, address: options.address ?? null })
  }

  recordTransactionDetail(detail: TransactionDetail): void {
    this.store.enqueue({ type: 'transaction-detail', indexer: this.key, at: this.store.now(), detail })
  }

  recordOverview(overview: Overview): void {
    this.store.enqueue({ type: 'overview', indexer: this.key, at: this.store.now(), overview })
  }

  recordSeries(series: Series): void {
    this.store.enqueue({ type: 'series', indexer: this.key, at: this.store.now(), series })
  }

  recordLeaderboard(query: LeaderboardQuery, entries: readonly LeaderboardEntry[]): void {
    const period = leaderboardPeriod(query)
    this.store.enqueue({ type: 'leaderboard', indexer: this.key, at: this.store.now(), period, entries })
  }

  recordNotifications(notifications: readonly AppNotification[]): void {
    if (notifications.length === 0) return
    this.store.enqueue({ type: 'notifications', indexer: this.key, at: this.store.now(), notifications })
  }

  /** Marks entries read (or unread): by id, all of them, or those of one watched address or followed circuit. */
  markNotificationsRead(ids: readonly string[] | 'all' | { topic: Topic }, read = true): void {
    const checked = ids === 'all' ? 'all' : Array.isArray(ids) ? checkIds(ids) : { topic: topicKey(checkTopic((ids as { topic: Topic }).topic)) }
    this.store.enqueue({ type: 'mark-read', indexer: this.key, ids: checked, read })
  }

  /** Entries another one now stands for (a proof whose notification arrived later). */
  removeNotifications(ids: readonly string[]): void {
    if (ids.length === 0) return
    this.store.enqueue({ type: 'remove-notifications', indexer: this.key, ids: checkIds(ids) })
  }

  /** Per-indexer facts worth keeping (merged as JSON; a null value removes a key). */
  updateMetadata(patch: Record<string, unknown>): void {
    this.store.enqueue({ type: 'metadata', indexer: this.key, at: this.store.now(), patch })
  }

  // --- reads ---------------------------------------------------------------------

  overview(): Stored<Overview | null> {
    return this.read(nothing<Overview>(), (id, db) => {
      const row = db.statement('SELECT raw, observed_at, stored_at FROM overview_snapshots WHERE indexer_id = ? ORDER BY minute DESC LIMIT 1').get(id) as
        | (OverviewRow & { stored_at: number })
        | undefined
      const overview = row === undefined ? null : this.decode(row, overviewFromRow)
      return { data: overview, storedAt: overview === null ? null : (row?.stored_at ?? null) }
    })
  }

  series(query: SeriesQuery): Stored<Series | null> {
    const metric = requireText(query?.metric, 'The series metric', 64)
    const period = requireOneOf(query?.period, SERIES_PERIODS, 'The series period')
    return this.read(nothing<Series>(), (id, db) => {
      const head = db.statement('SELECT id, server_metric, stored_at FROM series WHERE indexer_id = ? AND metric = ? AND period = ?').get(id, metric, period) as
        | { id: number; server_metric: string; stored_at: number }
        | undefined
      if (head === undefined) return { data: null, storedAt: null }
      const points = db.statement('SELECT t, value FROM series_points WHERE series_id = ? ORDER BY t').all(head.id) as { t: number; value: number }[]
      return {
        data: { metric, serverMetric: head.server_metric, period, points: points.map(({ t, value }) => ({ t, value })) },
        storedAt: head.stored_at,
      }
    })
  }

  leaderboard(query: LeaderboardQuery = {}): Stored<LeaderboardEntry[] | null> {
    const period = leaderboardPeriod(query)
    const limit = optionalLimit(query?.limit, LEADERBOARD_LIMIT) ?? 10
    return this.read(nothing<LeaderboardEntry[]>(), (id, db) => {
      const head = db.statement('SELECT id, stored_at FROM leaderboards WHERE indexer_id = ? AND period = ?').get(id, period) as
        | { id: number; stored_at: number }
        | undefined
      if (head === undefined) return { data: null, storedAt: null }
      const rows = db.statement('SELECT raw FROM leaderboard_entries WHERE leaderboard_id = ? ORDER BY rank LIMIT ?').all(head.id, limit) as { raw: string }[]
      const entries = this.decode(rows, (list) => decodeLeaderboardRows(list.map((row) => row.raw)))
      return { data: entries ?? [], storedAt: head.stored_at }
    })
  }

  listProofs(query: ProofQuery = {}): Stored<Page<Proof>> {
    const { filter, paging } = proofFilterOf(query)
    return this.listedPage(PROOF_LISTING, filter, paging.afterKey, paging.limit, true)
  }

  /** The cache's answer to /api/proofs/by-circuit/:circuitId. */
  listProofsByCircuit(circuitId: string, query: { cursor?: string; limit?: number } = {}): Stored<Page<Proof>> {
    const { filter, paging } = circuitFilterOf(circuitId, query)
    return this.listedPage(PROOF_LISTING, filter, paging.afterKey, paging.limit, true)
  }

  /** Circuits by id: those the indexer listed and those seen in proofs, names where known. */
  circuits(): Stored<Circuit[]> {
    return this.read<Stored<Circuit[]>>({ data: [], storedAt: null }, (id, db) => {
      const rows = db.statement('SELECT circuit_id, name, proof_type FROM circuits WHERE indexer_id = ?').all(id) as {
        circuit_id: string
        name: string | null
        proof_type: string | null
      }[]
      const circuits = rows.map((row) => ({ id: row.circuit_id, name: row.name, proofType: row.proof_type, description: null }))
      return { data: circuits.sort(byCircuitId), storedAt: null }
    })
  }

  /** The circuits as the Circuits view last read them (fingerprints included), by id. */
  circuitCards(): CircuitCard[] {
    return this.read<CircuitCard[]>([], (id, db) => {
      const rows = db.statement('SELECT fingerprint, key_seen_at, enabled, facts, read_at FROM circuit_keys WHERE indexer_id = ?').all(id) as {
        fingerprint: string | null
        key_seen_at: number | null
        enabled: number | null
        facts: string
        read_at: number
      }[]
      const cards: CircuitCard[] = []
      for (const row of rows) {
        const facts = this.decode(row, (r) => JSON.parse(r.facts) as Omit<CircuitCard, 'fingerprint' | 'keySeenAt' | 'readAt' | 'enabled'>)
        if (facts === null) continue
        cards.push({ ...facts, enabled: row.enabled === null ? null : row.enabled === 1, fingerprint: row.fingerprint, keySeenAt: row.key_seen_at, readAt: row.read_at })
      }
      return cards.sort(byCircuitId)
    })
  }

  /** Circuits that the user's own proofs or those of these addresses were verified with, as far as the cache knows. */
  circuitsInUse(authorities: readonly string[]): Set<string> {
    return this.read(new Set<string>(), (id, db) => {
      const rows = db
        .statement(
          `SELECT DISTINCT circuit_id FROM proofs WHERE indexer_id = ? AND circuit_id IS NOT NULL
           AND (own = 1 OR authority IN (SELECT value FROM json_each(?)))`,
        )
        .all(id, JSON.stringify(authorities)) as { circuit_id: string }[]
      return new Set(rows.map((row) => row.circuit_id))
    })
  }

  /** A proof held only as a live summary or a list item says so (`summaryOnly`). */
  proof(proofAccount: string): Stored<Proof | null> {
    const account = requireProofAccount(proofAccount)
    const sql = 'SELECT complete, raw, stored_at FROM proofs WHERE indexer_id = ? AND proof_account = ?'
    return this.storedRecord(sql, account, proofFromRow, (row) => row.complete !== 1)
  }

  listTransactions(query: TransactionQuery = {}): Stored<Page<Transaction>> {
    const { filter, paging } = transactionFilterOf(query)
    return this.listedPage(TRANSACTION_LISTING, filter, paging.afterKey, paging.limit, true)
  }

  /** The full record (logs, instructions), when it was fetched once. */
  transaction(signature: string): Stored<TransactionDetail | null> {
    return this.storedTransaction(signature, detailFromRow)
  }

  /** The list item, when only that is held. */
  transactionItem(signature: string): Stored<Transaction | null> {
    return this.storedTransaction(signature, transactionFromRow)
  }

  listNotifications(query: NotificationQuery = {}): Stored<Page<AppNotification>> {
    const { filter, paging } = notificationFilterOf(query)
    return this.read(storedEmptyPage<AppNotification>(), (id, db) => notificationPage(db, id, filter, paging, (row) => this.decode(row, notificationFromRow)))
  }

  unreadNotificationCount(): number {
    return this.read(0, (id, db) => unreadNotificationCount(db, id))
  }

  /** The read state of those of `ids` the cache holds (absent: not held). */
  notificationReadStates(ids: readonly string[]): Map<string, boolean> {
    const states = new Map<string, boolean>()
    if (ids.length === 0) return states
    return this.read(states, (id, db) => notificationReadStates(db, id, ids, states))
  }

  /**
   * The one unread model: every unread entry, and those of each watched
   * address and followed circuit. `waitForQueued` false: counted from what is written, not waiting for
   * notification writes still queued (for a caller that flushed just before,
   * and counts again once those are written).
   */
  unreadCounts(waitForQueued = true): UnreadCounts {
    return this.read(NO_UNREAD, (id, db) => unreadCounts(db, id), waitForQueued ? NOTIFICATION_WRITES : [])
  }

  /**
   * Records the user watches held only as summaries, newest first (the
   * background fetch's queue; `skip`: given up on), and how many are held in
   * full, of how many. Read off the main thread: it scans every watched record.
   */
  async watchedDetails(scope: WatchedScope, skip: readonly string[], limit: number): Promise<WatchedDetails> {
    const id = await this.readAfterWrites(null, (indexerId) => indexerId)
    if (id === null) return { missing: [], coverage: { held: 0, total: 0, unavailable: 0 } }
    return readWatchedDetails((steps) => this.store.readAside(steps, []), id, scope, skip, limit)
  }

  metadata(): Record<string, unknown> {
    return this.read(
      {},
      (id, db) => {
        const row = db.statement('SELECT metadata FROM indexers WHERE id = ?').get(id) as { metadata: string } | undefined
        return row === undefined ? {} : (JSON.parse(row.metadata) as Record<string, unknown>)
      },
      ['metadata'],
    )
  }

  /** Index seeks here; the notifications' full-text read, which can scan, off the main thread. */
  async search(text: string, options?: SearchOptions): Promise<SearchHit[]> {
    const { hits, notifications } = await this.readAfterWrites({ hits: [], notifications: null }, (id, db) => searchCache(db, id, text, options))
    if (notifications === null) return hits
    const [rows] = await this.store.readAside([notifications], [])
    return [...hits, ...notificationHits(rows as Parameters<typeof notificationHits>[0])]
  }

  /** Every cached transaction of one address, summed up (count, failures, fees, first and last seen, per day). */
  addressActivity(query: AddressActivityQuery): AddressActivity {
    const { pubkey, dayOf } = checkActivityQuery(query?.pubkey, query?.timeZone)
    return this.read(emptyActivity(pubkey), (id, db) => addressActivity(db, id, pubkey, dayOf))
  }

  /** The cached events of a window that may have popped up, newest first and bounded (the rule preview). */
  cachedEvents(query: CachedEventsQuery): CachedEvents {
    return this.read<CachedEvents>({ events: [], capped: false }, (id, db) => cachedEvents(db, id, query))
  }

  /**
   * The proofs a filter shows, page after page, all of them (for export).
   * The filter is checked now; its cursor and limit are ignored.
   */
  proofPages(query: ProofQuery = {}, pageSize = 1000): Iterable<Proof[]> {
    const { filter } = proofFilterOf({ ...query, cursor: undefined, limit: undefined })
    return allPages((afterKey) => this.listedPage(PROOF_LISTING, filter, afterKey, pageSize, false).data, PROOF_LISTING.keyOf)
  }

  transactionPages(query: TransactionQuery = {}, pageSize = 1000): Iterable<Transaction[]> {
    const { filter } = transactionFilterOf({ ...query, cursor: undefined, limit: undefined })
    return allPages((afterKey) => this.listedPage(TRANSACTION_LISTING, filter, afterKey, pageSize, false).data, TRANSACTION_LISTING.keyOf)
  }

  // --- internals -----------------------------------------------------------------

  private listedPage<F, R, T>(listing: Listing<F, R, T>, filter: F, afterKey: string | undefined, limit: number, withTotal: boolean): Stored<Page<T>> {
    return this.read(storedEmptyPage<T>(), (id, db) => {
      const total = () => (withTotal ? countUpTo(this.store.database, (cap) => listing.countQuery(id, filter, cap)) : null)
      let anchor: Anchor | null = null
      if (afterKey !== undefined) {
        anchor = (db.statement(listing.anchorSql).get(id, afterKey) as Anchor | undefined) ?? null
        if (anchor === null) return { data: emptyPage(total()), storedAt: null }
      }
      const rows = rowsOf<R & { stored_at: number }>(this.store.database, listing.pageQuery(id, filter, anchor, limit + 1))
      return storedPage(rows, limit, (row) => this.decode(row, listing.fromRow), listing.keyOf, total())
    })
  }

  /** A transaction's row read as `fromRow` makes it (its detail, or its list item). */
  private storedTransaction<T>(signature: string, fromRow: (row: TransactionRow) => T | null): Stored<T | null> {
    const checked = requireSignature(signature)
    return this.storedRecord('SELECT raw, detail_raw, stored_at FROM transactions WHERE indexer_id = ? AND signature = ?', checked, fromRow)
  }

  /**
   * The record of the row `sql` finds by `key` (after this indexer's id),
   * with when it was stored; null when not held or no longer readable.
   */
  private storedRecord<R, T>(sql: string, key: string, fromRow: (row: R) => T | null, summaryOnly: (row: R) => boolean = () => false): Stored<T | null> {
    return this.read(nothing<T>(), (id, db) => {
      const row = db.statement(sql).get(id, key) as (R & { stored_at: number }) | undefined
      const record = row === undefined ? null : this.decode(row, fromRow)
      if (row === undefined || record === null) return { data: null, storedAt: null }
      return summaryOnly(row) ? { data: record, storedAt: row.stored_at, summaryOnly: true } : { data: record, storedAt: row.stored_at }
    })
  }

  /**
   * `read` once the writes queued before it are written, the event loop running meanwhile (after a
   * backfill thousands wait): what follows it, here and in `readAside`, waits for none.
   */
  private async readAfterWrites<T>(empty: T, run: (indexerId: number, db: HistoryDatabase) => T): Promise<T> {
    await this.store.writesBefore()
    return this.read(empty, run, [])
  }

  /**
   * Runs a read for this indexer; an indexer without rows gets `empty`.
   * `after`: the kinds of write it depends on, when not all (queued writes
   * of other kinds then do not hold it up).
   */
  private read<T>(empty: T, run: (indexerId: number, db: HistoryDatabase) => T, after?: readonly WriteOp['type'][]): T {
    return this.store.read(() => {
      const id = this.store.findIndexer(this.key)
      return id === null ? empty : run(id, this.store.database)
    }, after)
  }

  /** A row that no longer decodes is left out and reported, not allowed to break its whole page. */
  private decode<R, T>(row: R, decode: (row: R) => T): T | null {
    try {
      return decode(row)
    } catch (error) {
      this.store.emitProblem({ code: 'DECODE', message: `A cached record could not be read back: ${errorMessage(error)}` })
      return null
    }
  }
}

/** Numeric ids in number order (2 before 10), any others after them by text. */
export function byCircuitId(a: { id: string }, b: { id: string }): number {
  const [x, y] = [Number(a.id), Number(b.id)]
  const [xn, yn] = [Number.isFinite(x) && a.id.trim() !== '', Number.isFinite(y) && b.id.trim() !== '']
  if (xn && yn && x !== y) return x - y
  if (xn !== yn) return xn ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

function leaderboardPeriod(query: LeaderboardQuery | undefined): string {
  return optionalText(query?.period, 'The leaderboard period', 32) ?? DEFAULT_LEADERBOARD_PERIOD
}

function decodeLeaderboardRows(raws: readonly string[]): LeaderboardEntry[] {
  return decodeLeaderboard(raws.map((raw) => JSON.parse(raw) as unknown))
}
