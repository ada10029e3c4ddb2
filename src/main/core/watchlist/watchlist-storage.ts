/**
 * Where the watchlist is kept: electron-store in the app, the serve-mode
 * JSON file, memory in tests. `read` returns what was stored as is (a file a
 * person may have edited); the model checks it.
 */
import type { Watchlist } from '@shared/watchlist'

export interface WatchlistStorage {
  /** undefined when nothing was ever saved. */
  read(): unknown
  /** Throws when it cannot save; the model then keeps the previous state. */
  write(watchlist: Watchlist): void
}

export function memoryWatchlistStorage(initial?: unknown): WatchlistStorage & { writes: number } {
  let current: unknown = initial === undefined ? undefined : structuredClone(initial)
  const store = {
    writes: 0,
    read: () => (current === undefined ? undefined : structuredClone(current)),
    write: (watchlist: Watchlist) => {
      current = structuredClone(watchlist)
      store.writes++
    },
  }
  return store
}
