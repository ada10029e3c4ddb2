/**
 * The history cache's SQLite connection: opening with the pragmas the write
 * path needs, migrations, and what happens when the file is damaged. A
 * truncated, corrupt or newer-schema file is moved aside (kept for the user)
 * and a new cache is built; a locked or unwritable one is left alone and the
 * session keeps its history in memory. Nothing here throws at the app: the
 * outcome is a working connection plus a CacheDamage report. Its length is
 * the damage cases, each with its own way out.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { CacheDamage, CacheDamageKind } from '@shared/history'
import { createPrivately, fileSize, inspectFile, isDirectory, isPrivate, linkAmong, makePrivate, moveAside, removeDatabaseFiles } from './cache-files'
import { ForeignFileError, checkIntegrity, requireOwnDatabase, requireTables, stampOwnership } from './cache-checks'
import { LATEST_VERSION, MIGRATIONS, hasFullTextSearch, migrate, schemaVersion, type Migration } from './migrations'
import { damageMessage, fallbackMessage } from './damage-messages'
import { salvageInto, salvageSummary } from './salvage'
import { damageKindOf, errorMessage, isFileDamage } from './sqlite-errors'

export { inspectFile, moveAside } from './cache-files'
export { APPLICATION_ID } from './cache-checks'

export const MEMORY_PATH = ':memory:'
/** The cache's file name inside the app's data directory. */
export const HISTORY_FILE_NAME = 'history.sqlite'

/** The page cache's default size (see HistoryDatabaseOptions.cacheKiB). */
export const DEFAULT_CACHE_KIB = 16 * 1024

export interface HistoryDatabaseOptions {
  /** The cache file, or ':memory:'. */
  path: string
  /** How long to wait for another connection's lock before calling the file locked. Default 1500. */
  busyTimeoutMs?: number
  /** Files up to this size get a full `quick_check` at open (about 3 ms per MiB); larger ones are checked as they are read. Default 16 MiB. */
  integrityCheckMaxBytes?: number
  /**
   * Page cache in KiB. Default 16 MiB: on a 1,000,000-row cache ingest is as
   * fast as with 64 MiB (the indexes' random pages outgrow either, and the
   * OS keeps the file cached), and the main process stays ~50 MB smaller
   * (bench: sqlite, memory).
   */
  cacheKiB?: number
  clock?: () => number
  /** For tests of older versions: the migrations to apply. Default all. */
  migrations?: readonly Migration[]
}

class NewerSchemaError extends Error {
  constructor(readonly found: number) {
    super(`schema version ${found}, newer than the ${LATEST_VERSION} this version of ProofWatch knows`)
  }
}

interface Opened {
  db: DatabaseSync
  path: string
  /** The file could be read but not written (a read-only folder or file): shown as it is, nothing new is written. */
  readOnly?: boolean
}

export class HistoryDatabase {
  private connection: DatabaseSync
  private currentPath: string
  private report: CacheDamage | null
  private readonly statements = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  private readonly replacedListeners = new Set<() => void>()
  private ftsAvailable: boolean
  private readOnlyFile: boolean
  private closed = false

  private constructor(
    readonly options: Required<Omit<HistoryDatabaseOptions, 'migrations'>> & { migrations: readonly Migration[] },
    opened: Opened,
    damage: CacheDamage | null,
  ) {
    this.connection = opened.db
    this.currentPath = opened.path
    this.report = damage
    this.ftsAvailable = hasFullTextSearch(opened.db)
    this.readOnlyFile = opened.readOnly === true
  }

  /** Opens (or builds) the cache; never throws for a damaged, locked or unwritable file. */
  static open(options: HistoryDatabaseOptions): HistoryDatabase {
    const settings = {
      path: options.path,
      busyTimeoutMs: options.busyTimeoutMs ?? 1500,
      integrityCheckMaxBytes: options.integrityCheckMaxBytes ?? 16 * 1024 * 1024,
      cacheKiB: options.cacheKiB ?? DEFAULT_CACHE_KIB,
      clock: options.clock ?? Date.now,
      migrations: options.migrations ?? MIGRATIONS,
    }
    const { opened, damage } = openOrRebuild(settings)
    return new HistoryDatabase(settings, opened, damage)
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
    const salvage = movedTo !== null && damage === null && kind !== 'newer-schema' ? salvageInto(opened.db, movedTo) : null
    this.install(opened)
    this.report = {
      kind: damage?.kind === 'disk-full' || damage?.kind === 'unavailable' ? damage.kind : kind,
      message: `${damageMessage(kind, errorMessage(error), movedTo)}${salvage ? salvageSummary(salvage) : ''}${damage === null ? '' : ` ${damage.message}`}`,
      movedTo,
      ...(salvage ? { salvagedRows: salvage.rows } : {}),
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
    if (inMemory) {
      opened = openMemory(this.options)
      damage = this.options.path === MEMORY_PATH ? null : this.report
    } else {
      removeDatabaseFiles(this.options.path)
      ;({ opened, damage } = openOrRebuild(this.options))
    }
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

type Settings = HistoryDatabase['options']

function openOrRebuild(settings: Settings): { opened: Opened; damage: CacheDamage | null } {
  if (settings.path === MEMORY_PATH) return { opened: openMemory(settings), damage: null }
  try {
    mkdirSync(dirname(settings.path), { recursive: true })
  } catch (error) {
    return memoryFallback(settings, (error as NodeJS.ErrnoException).code === 'ENOSPC' ? 'disk-full' : 'unavailable', error)
  }

  if (isDirectory(settings.path)) {
    // Not a file that could be damaged: someone's folder, left alone.
    return memoryFallback(settings, 'unavailable', new Error('a folder has the cache file’s name'))
  }
  const link = linkAmong(settings.path)
  if (link !== null) {
    // SQLite would write, and the mode be narrowed, through the link, into whatever file it names.
    return memoryFallback(settings, 'unavailable', new ForeignFileError(`${link} is a symbolic link; ProofWatch keeps its cache in a file of its own and left the link and what it points to as they are`))
  }
  const found = inspectBesideLog(settings)
  if (found !== null) return rebuild(settings, found.kind, found.message)
  try {
    return { opened: { db: prepareFile(settings), path: settings.path }, damage: null }
  } catch (error) {
    if (error instanceof ForeignFileError) return memoryFallback(settings, 'unavailable', error)
    const kind = error instanceof NewerSchemaError ? 'newer-schema' : (damageKindOf(error) ?? 'corrupt')
    if (isFileDamage(kind)) return rebuild(settings, kind, errorMessage(error))
    if (kind === 'unavailable') {
      const readOnly = openReadOnly(settings, error)
      if (readOnly !== null) return readOnly
    }
    return memoryFallback(settings, kind, error)
  }
}

/**
 * A cache that cannot be written (a read-only folder or file) but can be
 * read is shown as it is. Opened immutable: SQLite then needs no -shm and
 * takes no lock, which a read-only folder could not give it.
 */
function openReadOnly(settings: Settings, cause: unknown): { opened: Opened; damage: CacheDamage } | null {
  if (fileSize(settings.path) === 0) return null
  let db: DatabaseSync | null = null
  try {
    const url = new URL(`file://${settings.path.split('/').map(encodeURIComponent).join('/')}`)
    url.searchParams.set('immutable', '1')
    db = new DatabaseSync(url, { readOnly: true })
    db.exec(`PRAGMA cache_size = -${Math.max(2048, Math.floor(settings.cacheKiB))}`)
    if (schemaVersion(db) !== LATEST_VERSION) throw new Error(`schema version ${schemaVersion(db)} cannot be migrated read-only`)
    if (settings.migrations === MIGRATIONS) requireTables(db)
    const unflushed = fileSize(`${settings.path}-wal`) > 0 ? ' Its last changes, still in its write-ahead log, are not shown.' : ''
    return {
      opened: { db, path: settings.path, readOnly: true },
      damage: {
        kind: 'unavailable',
        message:
          `The history cache ${settings.path} cannot be written (${errorMessage(cause)}). It is shown as it is, read-only;` +
          ` what arrives this session is not kept.${unflushed}`,
        movedTo: null,
        readOnly: true,
        at: settings.clock(),
      },
    }
  } catch {
    try {
      db?.close()
    } catch {
      // Already unusable.
    }
    return null
  }
}

function rebuild(settings: Settings, kind: 'truncated' | 'corrupt' | 'newer-schema', detail: string) {
  const movedTo = moveAside(settings.path, kind, settings.clock())
  if (movedTo === null) return memoryFallback(settings, kind, new Error(`${detail}; the file could not be moved aside`))
  const { opened, damage } = openFresh(settings)
  // What can still be read is copied into the new cache, table by table, before the old file is left to the user.
  const salvage = damage === null && kind !== 'newer-schema' ? salvageInto(opened.db, movedTo) : null
  const message = `${damageMessage(kind, detail, movedTo)}${salvage ? salvageSummary(salvage) : ''}${damage === null ? '' : ` ${damage.message}`}`
  return {
    opened,
    damage: { kind: damage?.kind ?? kind, message, movedTo, ...(salvage ? { salvagedRows: salvage.rows } : {}), at: settings.clock() },
  }
}

function openFresh(settings: Settings): { opened: Opened; damage: CacheDamage | null } {
  try {
    return { opened: { db: prepareFile(settings), path: settings.path }, damage: null }
  } catch (error) {
    return memoryFallback(settings, damageKindOf(error) ?? 'unavailable', error)
  }
}

function memoryFallback(settings: Settings, kind: CacheDamageKind, error: unknown): { opened: Opened; damage: CacheDamage } {
  return {
    opened: openMemory(settings),
    damage: { kind, message: fallbackMessage(kind, settings.path, errorMessage(error)), movedTo: null, at: settings.clock() },
  }
}

function openMemory(settings: Settings): Opened {
  const db = new DatabaseSync(MEMORY_PATH)
  configure(db, settings)
  migrate(db, settings.migrations)
  return { db, path: MEMORY_PATH }
}

/** Opens the file, checks it, sets it up and migrates it; throws what it meets. */
function prepareFile(settings: Settings): DatabaseSync {
  createPrivately(settings.path)
  let db = openOwnDatabase(settings)
  try {
    if (!isPrivate(settings.path)) {
      // Narrowed with no connection open: closing any descriptor of the file drops every POSIX lock this
      // process holds on it, SQLite's too, and another process would then take itself for the only one.
      db.close()
      makePrivate(settings.path)
      db = openOwnDatabase(settings)
    }
    const version = schemaVersion(db)
    if (version > LATEST_VERSION) throw new NewerSchemaError(version)
    configure(db, settings)
    db.exec('PRAGMA journal_mode = WAL')
    // Taking the write lock now finds another program holding it, before any data is at stake.
    db.exec('BEGIN IMMEDIATE')
    db.exec('ROLLBACK')
    checkIntegrity(db, settings)
    migrate(db, settings.migrations)
    if (settings.migrations === MIGRATIONS) requireTables(db)
    stampOwnership(db)
    return db
  } catch (error) {
    try {
      db.close()
    } catch {
      // Already unusable.
    }
    throw error
  }
}

/** A connection to the file once it is known to be ProofWatch's, before anything is changed in it (its mode, its journal, its tables). */
function openOwnDatabase(settings: Settings): DatabaseSync {
  const db = new DatabaseSync(settings.path)
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(settings.busyTimeoutMs))}`)
    requireOwnDatabase(db, settings.path)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

function configure(db: DatabaseSync, settings: Settings): void {
  db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(settings.busyTimeoutMs))}`)
  // Only a file without tables can take it: lets retention give evicted pages back to the disk.
  if (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()?.n === 0) db.exec('PRAGMA auto_vacuum = INCREMENTAL')
  // NORMAL in WAL mode loses at most the last transactions on power loss, never consistency: right for a cache.
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec(`PRAGMA cache_size = -${Math.max(2048, Math.floor(settings.cacheKiB))}`)
  // Reads go through the page cache above, never a memory map of the file: a map of a 470 MB cache would count in the process's RSS.
  db.exec('PRAGMA mmap_size = 0')
  // Fewer, larger checkpoints keep ingest fast; the size limit gives the disk back after each.
  db.exec('PRAGMA wal_autocheckpoint = 10000')
  db.exec('PRAGMA journal_size_limit = 67108864')
  db.exec('PRAGMA temp_store = MEMORY')
  db.exec('PRAGMA foreign_keys = OFF')
}

/**
 * inspectFile, but a file the header calls cut short next to a write-ahead
 * log is first given to SQLite: after a checkpoint that a full disk stopped,
 * the header counts pages that are still in the log, and nothing is lost.
 * SQLite checkpoints it when it can; when it cannot (the disk still full),
 * it reads the pages from the log, and its own checks at open decide.
 */
function inspectBesideLog(settings: Settings): { kind: 'truncated' | 'corrupt'; message: string } | null {
  const found = inspectFile(settings.path)
  if (found?.kind !== 'truncated' || fileSize(`${settings.path}-wal`) === 0) return found
  try {
    const db = new DatabaseSync(settings.path)
    try {
      db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(settings.busyTimeoutMs))}`)
      requireOwnDatabase(db, settings.path)
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    } finally {
      db.close()
    }
  } catch {
    // Not checkpointed (a full disk, a lock, another program's file): prepareFile meets and reports it.
    return null
  }
  return inspectFile(settings.path)
}
