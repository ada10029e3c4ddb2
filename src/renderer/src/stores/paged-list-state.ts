// The part of a paged list (use-paged-list) a list store hands out as its own state; the rest stays inside the store.
type ShownState = 'items' | 'total' | 'nextCursor' | 'loading' | 'loadingMore' | 'error' | 'failedStep' | 'loaded' | 'ended'

/** What a paged list shows, for a store to hand out as its own state. */
export function pagedListState<List extends Record<ShownState, unknown>>(list: List): Pick<List, ShownState> {
  return {
    items: list.items,
    total: list.total,
    nextCursor: list.nextCursor,
    loading: list.loading,
    loadingMore: list.loadingMore,
    error: list.error,
    failedStep: list.failedStep,
    loaded: list.loaded,
    ended: list.ended,
  }
}
