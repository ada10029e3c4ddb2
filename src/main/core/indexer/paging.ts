/** Walking cursor pages in a way that always ends. */
import type { Page } from '@shared/domain'

/** Why a walk ended. */
export type WalkEnd =
  /** The server said there is nothing more (nextCursor null). */
  | 'last-page'
  /** A page came back empty, e.g. for a cursor the server no longer knows. */
  | 'empty-page'
  /** The server handed out a cursor already followed: it would loop. */
  | 'repeated-cursor'
  | 'max-pages'
  /** keepGoing said no before the next page (a backfill out of time). */
  | 'time-limit'
  /** stopWhen matched an item (for backfill: an item already held). */
  | 'stopped'

export interface WalkOptions<T> {
  maxPages: number
  /** The matching item is not yielded and the walk ends. */
  stopWhen?: (item: T) => boolean
  /** Asked before every page after the first; false ends the walk. */
  keepGoing?: () => boolean
}

/** Yields items page after page; the generator's return value says why it ended. */
export async function* walkPages<T>(
  fetchPage: (cursor?: string) => Promise<Page<T>>,
  options: WalkOptions<T>,
): AsyncGenerator<T, WalkEnd, undefined> {
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let pages = 0; pages < options.maxPages; pages++) {
    if (pages > 0 && options.keepGoing?.() === false) return 'time-limit'
    const page = await fetchPage(cursor)
    if (page.items.length === 0) return 'empty-page'
    for (const item of page.items) {
      if (options.stopWhen?.(item)) return 'stopped'
      yield item
    }
    if (page.nextCursor === null) return 'last-page'
    if (seen.has(page.nextCursor)) return 'repeated-cursor'
    seen.add(page.nextCursor)
    cursor = page.nextCursor
  }
  return 'max-pages'
}
