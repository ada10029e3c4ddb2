/**
 * Opening the history cache's file: the options resolved once, the file
 * checked as ProofWatch's, set up with the pragmas the write path needs and
 * migrated, and the ways out when it cannot be used as it is: a damaged file
 * moved aside and rebuilt (what can be read salvaged), an unwritable one
 * shown read-only, anything else kept in memory. database.ts holds the
 * connection these give and replaces it through them after damage or a clear.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { CacheDamage, CacheDamageKind } from '@shared/history'
import { createPrivately, fileSize, inspectFile, isDirectory, isPrivate, linkAmong, makePrivate, moveAside } from './cache-files'
import { ForeignFileError, checkIntegrity, requireOwnDatabase, requireTables, stampOwnership } from './cache-checks'
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion, type Migration } from './migrations'
import { damageMessage, fallbackMessage } from './damage-messages'
import { SALVAGING, salvageInto, salvageSummary } from './salvage'
import { damageKindOf, errorMessage, isFileDamage } from './sqlite-errors'
import { busyTimeoutPragma, cacheSizePragma, connectionPragmas } from './connection-pragmas'

export const MEMORY_PATH = ':memory:'
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
  /**
   * A damaged file's readable rows are copied into the new cache after open,
   * in slices its owner runs (HistoryCache), rather than before open returns:
   * a large file takes seconds, which the app's first start should not wait
   * for. Default false: copied at open.
   */
  salvageInBackground?: boolean
  /** For tests of older versions: the migrations to apply. Default all. */
  migrations?: readonly Migration[]
}

/** The options with every default filled in. */
export type DatabaseSettings = Required<Omit<HistoryDatabaseOptions, 'migrations'>> & { migrations: readonly Migration[] }

export function resolveSettings(options: HistoryDatabaseOptions): DatabaseSettings {
  return {
    path: options.path,
    busyTimeoutMs: options.busyTimeoutMs ?? 1500,
    integrityCheckMaxBytes: options.integrityCheckMaxBytes ?? 16 * 1024 * 1024,
    cacheKiB: options.cacheKiB ?? DEFAULT_CACHE_KIB,
    clock: options.clock ?? Date.now,
    salvageInBackground: options.salvageInBackground ?? false,
    migrations: options.migrations ?? MIGRATIONS,
  }
}

class NewerSchemaError extends Error {
  constructor(readonly found: number) {
    super(`schema version ${found}, newer than the ${LATEST_VERSION} this version of ProofWatch knows`)
  }
}

/** A damaged file whose readable rows are still to be copied into the new cache (salvageInBackground). */
export interface PendingSalvage {
  /** Where the damaged file was moved. */
  from: string
  /** The damage report's words without the salvage's. */
  message: string
}

/** What opening gave: the connection, what was wrong, and a salvage left to run. */
export interface OpenResult {
  opened: Opened
  damage: CacheDamage | null
  salvage?: PendingSalvage
}

export interface Opened {
  db: DatabaseSync
  path: string
  /** The file could be read but not written (a read-only folder or file): shown as it is, nothing new is written. */
  readOnly?: boolean
}

export function openOrRebuild(settings: DatabaseSettings): OpenResult {
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
function openReadOnly(settings: DatabaseSettings, cause: unknown): { opened: Opened; damage: CacheDamage } | null {
  if (fileSize(settings.path) === 0) return null
  let db: DatabaseSync | null = null
  try {
    const url = new URL(`file://${settings.path.split('/').map(encodeURIComponent).join('/')}`)
    url.searchParams.set('immutable', '1')
    db = new DatabaseSync(url, { readOnly: true })
    db.exec(cacheSizePragma(settings))
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

function rebuild(settings: DatabaseSettings, kind: 'truncated' | 'corrupt' | 'newer-schema', detail: string): OpenResult {
  const movedTo = moveAside(settings.path, kind, settings.clock())
  if (movedTo === null) return memoryFallback(settings, kind, new Error(`${detail}; the file could not be moved aside`))
  const { opened, damage } = openFresh(settings)
  const at = settings.clock()
  const base = damageMessage(kind, detail, movedTo)
  if (damage !== null || kind === 'newer-schema') {
    return { opened, damage: { kind: damage?.kind ?? kind, message: `${base}${damage === null ? '' : ` ${damage.message}`}`, movedTo, at } }
  }
  const salvaged = salvageMoved(settings, opened.db, movedTo, base)
  return { opened, damage: { kind, movedTo, at, ...salvaged.report }, ...(salvaged.pending ? { salvage: salvaged.pending } : {}) }
}

/**
 * What a new cache gets of the damaged file moved to `movedTo`: what can
 * still be read, copied now (table by table, before the old file is left to
 * the user), or left to the cache's owner to copy while the app runs
 * (salvageInBackground). `base`: the damage report's words before the salvage's.
 */
export function salvageMoved(
  settings: DatabaseSettings,
  db: DatabaseSync,
  movedTo: string,
  base: string,
): { report: Pick<CacheDamage, 'message' | 'salvagedRows' | 'salvaging'>; pending: PendingSalvage | null } {
  if (settings.salvageInBackground) return { report: { message: `${base}${SALVAGING}`, salvaging: true }, pending: { from: movedTo, message: base } }
  const salvage = salvageInto(db, movedTo)
  return { report: { message: `${base}${salvageSummary(salvage)}`, salvagedRows: salvage.rows }, pending: null }
}

export function openFresh(settings: DatabaseSettings): { opened: Opened; damage: CacheDamage | null } {
  try {
    return { opened: { db: prepareFile(settings), path: settings.path }, damage: null }
  } catch (error) {
    return memoryFallback(settings, damageKindOf(error) ?? 'unavailable', error)
  }
}

export function memoryFallback(settings: DatabaseSettings, kind: CacheDamageKind, error: unknown): { opened: Opened; damage: CacheDamage } {
  return {
    opened: openMemory(settings),
    damage: { kind, message: fallbackMessage(kind, settings.path, errorMessage(error)), movedTo: null, at: settings.clock() },
  }
}

export function openMemory(settings: DatabaseSettings): Opened {
  const db = new DatabaseSync(MEMORY_PATH)
  configure(db, settings)
  migrate(db, settings.migrations)
  return { db, path: MEMORY_PATH }
}

/** Opens the file, checks it, sets it up and migrates it; throws what it meets. */
function prepareFile(settings: DatabaseSettings): DatabaseSync {
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
function openOwnDatabase(settings: DatabaseSettings): DatabaseSync {
  const db = new DatabaseSync(settings.path)
  try {
    db.exec(busyTimeoutPragma(settings))
    requireOwnDatabase(db, settings.path)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

function configure(db: DatabaseSync, settings: DatabaseSettings): void {
  db.exec(busyTimeoutPragma(settings))
  // Only a file without tables can take it: lets retention give evicted pages back to the disk.
  if (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()?.n === 0) db.exec('PRAGMA auto_vacuum = INCREMENTAL')
  for (const pragma of connectionPragmas(settings)) db.exec(pragma)
}

/**
 * inspectFile, but a file the header calls cut short next to a write-ahead
 * log is first given to SQLite: after a checkpoint that a full disk stopped,
 * the header counts pages that are still in the log, and nothing is lost.
 * SQLite checkpoints it when it can; when it cannot (the disk still full),
 * it reads the pages from the log, and its own checks at open decide.
 */
function inspectBesideLog(settings: DatabaseSettings): { kind: 'truncated' | 'corrupt'; message: string } | null {
  const found = inspectFile(settings.path)
  if (found?.kind !== 'truncated' || fileSize(`${settings.path}-wal`) === 0) return found
  try {
    const db = openOwnDatabase(settings)
    try {
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
