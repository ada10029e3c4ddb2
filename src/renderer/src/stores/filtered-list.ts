import { shallowRef } from 'vue'
import type { Page } from '@shared/domain'
import { followConnection } from './follow-connection'
import { createPagedList } from './paged-list'

export interface FilteredListSource<Filters, Query, Item> {
  fetchPage: (query: Query & { cursor?: string }) => Promise<Page<Item>>
  /** What makes two items the same one, to drop duplicates across pages. */
  identity: (item: Item) => string
  noFilters: Filters
  /** The query for `filters`; equal queries mean the same list. */
  queryOf: (filters: Filters) => Query
}

/**
 * The state of a collection view: filters, and the paged list they select.
 * It follows the connection: a failure is retried when the indexer is back,
 * and the list is fetched again for a new indexer. Call it while a store is
 * being set up.
 */
export function useFilteredList<Filters extends object, Query extends object, Item>(
  source: FilteredListSource<Filters, Query, Item>,
) {
  const list = createPagedList(source.fetchPage, source.identity)
  const filters = shallowRef<Filters>({ ...source.noFilters })

  function sameQuery(a: Filters, b: Filters): boolean {
    return JSON.stringify(source.queryOf(a)) === JSON.stringify(source.queryOf(b))
  }

  function applyFilters(next: Filters): Promise<void> {
    filters.value = { ...next }
    return list.load(source.queryOf(next))
  }

  /** Loads for `next` unless that list is already here. */
  function ensureLoaded(next: Filters): Promise<void> {
    if (list.query.value !== null && sameQuery(filters.value, next) && !list.error.value) return Promise.resolve()
    return applyFilters(next)
  }

  followConnection({ error: list.error, retry: list.retry, restart: list.reload })

  return {
    filters,
    items: list.items,
    total: list.total,
    nextCursor: list.nextCursor,
    loading: list.loading,
    loadingMore: list.loadingMore,
    error: list.error,
    failedStep: list.failedStep,
    loaded: list.loaded,
    ended: list.ended,
    cursorRepeated: list.cursorRepeated,
    missingAtEnd: list.missingAtEnd,
    applyFilters,
    ensureLoaded,
    loadMore: list.loadMore,
    retry: list.retry,
    reload: list.reload,
  }
}
