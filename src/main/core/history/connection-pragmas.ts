/**
 * How every read-write connection to the cache file is set up: the one the
 * app opens (open-database.ts) and the write worker's (write-worker-thread.ts),
 * so that the two write alike.
 */
export interface ConnectionSettings {
  busyTimeoutMs: number
  cacheKiB: number
}

export function connectionPragmas(settings: ConnectionSettings): string[] {
  return [
    busyTimeoutPragma(settings),
    // NORMAL in WAL mode loses at most the last transactions on power loss, never consistency: right for a cache.
    'PRAGMA synchronous = NORMAL',
    cacheSizePragma(settings),
    // Reads go through the page cache above, never a memory map of the file: a map of a 470 MB cache would count in the process's RSS.
    'PRAGMA mmap_size = 0',
    // The read worker moves the log into the file aside (history-cache.ts); the writing connection's own checkpoint, run
    // inside a COMMIT on the thread that writes, is the fallback, past 40,000 pages (160 MiB): at 10,000 a flood
    // reached it every few seconds and each such COMMIT held the main thread 50-100 ms. The size limit gives the disk back.
    'PRAGMA wal_autocheckpoint = 40000',
    'PRAGMA journal_size_limit = 67108864',
    'PRAGMA temp_store = MEMORY',
    'PRAGMA foreign_keys = OFF',
  ]
}

export function busyTimeoutPragma(settings: Pick<ConnectionSettings, 'busyTimeoutMs'>): string {
  return `PRAGMA busy_timeout = ${Math.max(0, Math.floor(settings.busyTimeoutMs))}`
}

/** Negative: KiB, not pages; at least 2 MiB. */
export function cacheSizePragma(settings: Pick<ConnectionSettings, 'cacheKiB'>): string {
  return `PRAGMA cache_size = -${Math.max(2048, Math.floor(settings.cacheKiB))}`
}

/** The most pages the file may grow to (null: as many as SQLite allows): how the tests make a full disk. */
export function maxPageCountPragma(pages: number | null): string {
  return `PRAGMA max_page_count = ${pages ?? 4294967294}`
}
