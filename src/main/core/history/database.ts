/**
 * The history cache's SQLite connection as the app holds it: one handle whose
 * connection is replaced when the file turns out damaged (moved aside and
 * rebuilt) or the user clears the cache, with the damage report the user
 * sees. Nothing here throws at the app. How a file is opened, checked, set up
 * and what happens when it cannot be is in open-database.ts.
 */
import { DatabaseSync } from 'node:sqlite'
import type { CacheDamage, CacheDamageKind } from '@shared/history'
import { moveAside, removeDatabaseFiles } from './cache-files'
import { hasFullTextSearch } from './migrations'
import { damageMessage } from './damage-messages'
import { salvageSummary, type SalvageReport } from './salvage'
import { damageKindOf, errorMessage, isFileDamage } from './sqlite-errors'
import {
  MEMORY_PATH,
  memoryFallback,
  openFresh,
  openMemory,
  openOrRebuild,
  resolveSettings,
  salvageMoved,
  type DatabaseSettings,
  type HistoryDatabaseOptions,
  type Opened,
  type PendingSalvage,
} from './open-database'

export { inspectFile, moveAside } from './cache-files'
export { APPLICATION_ID } from './cache-checks'
// The connection's options and defaults are part of its API: importers of './database' keep finding them here.
export { DEFAULT_CACHE_KIB, MEMORY_PATH, type HistoryDatabaseOptions } from './open-database'

/** The cache's file name inside the app's data directory. */
export const HISTORY_FILE_NAME = 'history.sqlite'

export class HistoryDatabase {
  private connection: DatabaseSync
  private currentPath: string
  private report: CacheDamage | null
  private readonly statements = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  private readonly replacedListeners = new Set<() => void>()
  private ftsAvailable: boolean
  private readOnlyFile: boolean
  private closed = false
  /** A salvage left for the owner to run (salvageInBackground). */
  private pendingSalvage: PendingSalvage | null

  private constructor(
    readonly options: DatabaseSettings,
    opened: Opened,
    damage: CacheDamage | null,
    salvage: PendingSalvage | null,
  ) {
    this.pendingSalvage = salvage
    this.connection = opened.db
    this.currentPath = opened.path
    this.report = damage
    this.ftsAvailable = hasFullTextSearch(opened.db)
    this.readOnlyFile = opened.readOnly === true
  }

  /** Opens (or builds) the cache; never throws for a damaged, locked or unwritable file. */
  static open(options: HistoryDatabaseOptions): HistoryDatabase {
    const settings = resolveSettings(options)
    const { opened, damage, salvage } = openOrRebuild(settings)
    return new HistoryDatabase(settings, opened, damage, salvage ?? null)
  }

  /** The live connection; replaced after damage or a clear, so do not keep it. */
  get db(): DatabaseSync {
    if (this.closed) throw new Error('The history cache is closed')
    return this.connection
  }

  /** The file in use, or ':memory:' while the cache lives in memory. */
  get path(): string {
    return this.currentPath
  }

  get damage(): CacheDamage | null {
    return this.report
  }

  get fullTextSearch(): boolean {
    return this.ftsAvailable
  }

  /** The cache file is shown read-only: writes are not attempted. */
  get readOnly(): boolean {
    return this.readOnlyFile
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** A prepared statement, cached per connection. */
  statement(sql: string): ReturnType<DatabaseSync['prepare']> {
    let prepared = this.statements.get(sql)
    if (prepared === undefined) {
      prepared = this.db.prepare(sql)
      this.statements.set(sql, prepared)
    }
    return prepared
  }

  /** Records a problem the user should see (a full disk during writes, a lock taken later). */
  noteDamage(kind: CacheDamageKind, message: string): CacheDamage {
    this.report = { kind, message, movedTo: null, at: this.options.clock() }
    return this.report
  }

  /** The salvage left to run in the background, once; null when none waits. */
  takeSalvage(): PendingSalvage | null {
    const pending = this.pendingSalvage
    this.pendingSalvage = null
    return pending
  }

  /** Says in the damage report what a background salvage copied, unless a newer report took its place. */
  salvageDone(pending: PendingSalvage, salvage: SalvageReport): void {
    const report = this.report
    if (report === null || report.movedTo !== pending.from || report.salvaging !== true) return
    const { salvaging: _done, ...rest } = report
    this.report = { ...rest, message: `${pending.message}${salvageSummary(salvage)}`, salvagedRows: salvage.rows }
  }

  clearDamage(kind?: CacheDamageKind): void {
    if (kind === undefined || this.report?.kind === kind) this.report = null
  }

  /** Called after the connection was replaced (damage, clear): ids and statements of the old one are gone. */
  onReplaced(listener: () => void): () => void {
    this.replacedListeners.add(listener)
    return () => this.replacedListeners.delete(listener)
  }

  /**
   * Handles a failure met while using the connection. File damage moves the
   * file aside and builds a new cache; returns true when the connection was
   * replaced (the caller may retry on the new one).
   */
  recover(error: unknown): boolean {
    const kind = damageKindOf(error)
    if (!isFileDamage(kind) || this.closed || this.currentPath === MEMORY_PATH) return false
    this.closeConnection()
    const movedTo = moveAside(this.options.path, kind, this.options.clock())
    const { opened, damage } = movedTo === null ? memoryFallback(this.options, 'corrupt', error) : openFresh(this.options)
    const base = damageMessage(kind, errorMessage(error), movedTo)
    const salvaged = movedTo !== null && damage === null && kind !== 'newer-schema' ? salvageMoved(this.options, opened.db, movedTo, base) : null
    this.pendingSalvage = salvaged?.pending ?? null
    this.install(opened)
    this.report = {
      kind: damage?.kind === 'disk-full' || damage?.kind === 'unavailable' ? damage.kind : kind,
      message: `${base}${damage === null ? '' : ` ${damage.message}`}`,
      movedTo,
      ...salvaged?.report,
      at: this.options.clock(),
    }
    return true
  }

  /**
   * Deletes the cache file and starts an empty one (the user's "clear
   * cache"). While the session lives in memory (the file locked or unusable)
   * only the memory is emptied: the file is not this session's to delete.
   */
  reset(): void {
    const inMemory = this.currentPath === MEMORY_PATH || this.readOnlyFile
    this.closeConnection()
    let opened: Opened
    let damage: CacheDamage | null = null
    let salvage: PendingSalvage | undefined
    if (inMemory) {
      opened = openMemory(this.options)
      damage = this.options.path === MEMORY_PATH ? null : this.report
    } else {
      removeDatabaseFiles(this.options.path)
      ;({ opened, damage, salvage } = openOrRebuild(this.options))
    }
    this.pendingSalvage = salvage ?? null
    this.install(opened)
    this.report = damage
  }

  close(): void {
    if (this.closed) return
    this.closeConnection()
    this.closed = true
  }

  private install(opened: Opened): void {
    this.connection = opened.db
    this.currentPath = opened.path
    this.ftsAvailable = hasFullTextSearch(opened.db)
    this.readOnlyFile = opened.readOnly === true
    for (const listener of this.replacedListeners) listener()
  }

  private closeConnection(): void {
    this.statements.clear()
    try {
      if (this.connection.isOpen) this.connection.close()
    } catch {
      // A connection to a damaged file may fail to close cleanly; it is being replaced anyway.
    }
  }
}

