import { computed, ref, shallowRef } from 'vue'
import type { ErrorInfo, Page } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'

/**
 * A cursor-paged list: the first page for a query, then `loadMore()` until
 * the server says there is no next cursor. A cursor already followed ends
 * the list instead of looping (and says so), and so does an empty page: a
 * server that keeps handing out cursors for nothing would never end.
 */
export function createPagedList<Query extends object, Item>(
  fetchPage: (query: Query & { cursor?: string }) => Promise<Page<Item>>,
  identity: (item: Item) => string,
) {
  const items = shallowRef<Item[]>([])
  const total = ref<string | null>(null)
  const nextCursor = ref<string | null>(null)
  const loading = ref(false)
  const loadingMore = ref(false)
  const error = shallowRef<ErrorInfo | null>(null)
  /** Which step failed, so Retry repeats that one. */
  const failedStep = ref<'first' | 'more' | null>(null)
  const loaded = ref(false)
  /** The server handed out a cursor that was already followed: the list may lack items. */
  const cursorRepeated = ref(false)
  const query = shallowRef<Query | null>(null)
  let generation = 0
  let followedCursors = new Set<string>()

  const ended = computed(() => loaded.value && nextCursor.value === null)

  /**
   * At the end of the list, how many more the server counts than the list
   * holds (decimal string): they arrived while it was paged. Null otherwise,
   * and after a repeated cursor, when the gap has another cause.
   */
  const missingAtEnd = computed<string | null>(() => {
    if (!ended.value || cursorRepeated.value || total.value === null || !/^\d+$/.test(total.value)) return null
    const missing = BigInt(total.value) - BigInt(items.value.length)
    return missing > 0n ? missing.toString() : null
  })

  function append(page: Page<Item>, replace: boolean): void {
    const known = new Set(replace ? [] : items.value.map(identity))
    const fresh = page.items.filter((item) => {
      const key = identity(item)
      if (known.has(key)) return false
      known.add(key)
      return true
    })
    items.value = replace ? fresh : [...items.value, ...fresh]
    if (page.total !== null) total.value = page.total
    const next = page.nextCursor
    if (next !== null && followedCursors.has(next)) cursorRepeated.value = true
    nextCursor.value = next !== null && !followedCursors.has(next) && page.items.length > 0 ? next : null
  }

  async function load(nextQuery: Query): Promise<void> {
    const mine = ++generation
    query.value = nextQuery
    followedCursors = new Set()
    items.value = []
    total.value = null
    nextCursor.value = null
    loaded.value = false
    cursorRepeated.value = false
    loading.value = true
    loadingMore.value = false
    error.value = null
    failedStep.value = null
    try {
      const page = await fetchPage({ ...nextQuery })
      if (mine !== generation) return
      append(page, true)
      loaded.value = true
    } catch (caught) {
      if (mine !== generation) return
      error.value = toErrorInfo(caught)
      failedStep.value = 'first'
    } finally {
      if (mine === generation) loading.value = false
    }
  }

  async function loadMore(): Promise<void> {
    const cursor = nextCursor.value
    const current = query.value
    if (cursor === null || current === null || loading.value || loadingMore.value) return
    const mine = generation
    loadingMore.value = true
    error.value = null
    failedStep.value = null
    try {
      const page = await fetchPage({ ...current, cursor })
      if (mine !== generation) return
      followedCursors.add(cursor)
      append(page, false)
    } catch (caught) {
      if (mine !== generation) return
      error.value = toErrorInfo(caught)
      failedStep.value = 'more'
    } finally {
      if (mine === generation) loadingMore.value = false
    }
  }

  function retry(): Promise<void> {
    if (failedStep.value === 'more') return loadMore()
    return query.value ? load(query.value) : Promise.resolve()
  }

  function reload(): Promise<void> {
    return query.value ? load(query.value) : Promise.resolve()
  }

  return {
    items,
    total,
    nextCursor,
    loading,
    loadingMore,
    error,
    failedStep,
    loaded,
    ended,
    cursorRepeated,
    missingAtEnd,
    query,
    load,
    loadMore,
    retry,
    reload,
  }
}
