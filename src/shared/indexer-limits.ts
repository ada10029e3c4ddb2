/**
 * What the indexer serves in one page, as docs/wire.md records it: written
 * once here for the client that checks it, the core parts that ask for full
 * pages, and the renderer's lists. The cache's own caps are its own
 * (history/local-filter.ts) and need not match these.
 */

/** The most rows one page of the proof and transaction lists gives (`limit` 1–200). */
export const INDEXER_PAGE_MAX = 200

/** The most notifications one page of the user's notifications gives (`limit` 1–100). */
export const INDEXER_NOTIFICATION_PAGE_MAX = 100
