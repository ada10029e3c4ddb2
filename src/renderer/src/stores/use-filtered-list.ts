import { computed, shallowRef } from 'vue'
import type { Page } from '@shared/domain'
import { isPermanentError } from '@renderer/errors/ask-again'
import { useFollowConnection } from './use-follow-connection'
import { usePagedList, type ListCap, type PagedListOptions } from '@renderer/composables/use-paged-list'
import { pagedListState } from './paged-list-state'

export interface FilteredListSource<Filters, Query, Item> extends PagedListOptions {
  fetchPage: (query: Query & { cursor?: string; limit?: number }) => Promise<Page<Item>>
  /** What makes two items the same one, to drop duplicates across pages. */
  identity: (item: Item) => string
  noFilters: Filters
  /** The query for `filters`; equal queries mean the same list. */
  queryOf: (filters: Filters) => Query
  /** Rows kept at most while arrivals are put in front (see usePagedList); absent: every row is kept. */
  cap?: ListCap<Query, Item>
}

/**
 * The state of a collection view: filters, and the paged list they select.
 * It follows the connection: when the indexer is back a failure is retried
 * (or what arrived meanwhile is fetched), and the list is fetched again for
 * a new indexer. While a view `follow`s it, the store puts arrivals in front.
 * Call it while a store is being set up.
 */
export function useFilteredList<Filters extends object, Query extends object, Item>(
  source: FilteredListSource<Filters, Query, Item>,
) {
  const list = usePagedList(source.fetchPage, source.identity, { pageLimit: source.pageLimit, headLimit: source.headLimit }, source.cap)
  const filters = shallowRef<Filters>({ ...source.noFilters })
  /** Some filter is set (not blank). */
  const filtered = computed(() => Object.values(filters.value).some((value) => typeof value === 'string' && value.trim() !== ''))

  function applyFilters(next: Filters): Promise<void> {
    filters.value = { ...next }
    return list.load(source.queryOf(next))
  }

  /** Loads for `next` unless that list is already here. */
  function ensureLoaded(next: Filters): Promise<void> {
    if (list.holds(source.queryOf(next))) return Promise.resolve()
    return applyFilters(next)
  }

  /** Back after an outage: repeat what failed, or fetch what arrived meanwhile. */
  function afterOutage(): Promise<void> {
    const error = list.error.value
    if (!error) return list.refreshHead()
    return isPermanentError(error) ? Promise.resolve() : list.retry()
  }

  let followers = 0

  /** A view shows the list: arrivals are wanted, and what came while nobody looked is fetched. */
  function follow(): () => void {
    followers++
    list.requestHeadRefresh()
    let following = true
    return () => {
      if (following) followers--
      following = false
    }
  }

  function isFollowed(): boolean {
    return followers > 0
  }

  useFollowConnection({ error: list.error, retry: afterOutage, restart: list.reload }, { refreshAfterOutage: true })

  return {
    filters,
    filtered,
    ...pagedListState(list),
    cursorRepeated: list.cursorRepeated,
    missingAtEnd: list.missingAtEnd,
    updatedAt: list.updatedAt,
    freshness: list.freshness,
    localFilters: list.localFilters,
    arrived: list.arrived,
    headGap: list.headGap,
    headError: list.headError,
    applyFilters,
    ensureLoaded,
    loadMore: list.loadMore,
    retry: list.retry,
    reload: list.reload,
    prepend: list.prepend,
    prependProvisional: list.prependProvisional,
    refreshHead: list.refreshHead,
    requestHeadRefresh: list.requestHeadRefresh,
    follow,
    isFollowed,
  }
}
