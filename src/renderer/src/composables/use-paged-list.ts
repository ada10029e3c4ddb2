import { computed, ref, shallowRef } from 'vue'
import type { ErrorInfo, Page } from '@shared/domain'
import type { Freshness } from '@shared/history'
import { toErrorInfo } from '@shared/errors'
import { cacheCursorAfter } from '@shared/cache-cursor'

/** How many pages a head refresh follows looking for the newest item already held. */
export const HEAD_PAGES_MAX = 3
/** At most one head refresh per this long, however fast arrivals are announced. */
export const HEAD_REFRESH_MIN_MS = 2_000
/**
 * Pages one Load more reads at most while each brings only rows already
 * held (about 10 s of a 200-row page each): past it, the next Load more goes on.
 */
export const CATCH_UP_PAGES = 200

/**
 * A cursor-paged list: the first page for a query, then `loadMore()` until
 * the server says there is no next cursor. A cursor already followed ends
 * the list instead of looping (and says so), and so does an empty page: a
 * server that keeps handing out cursors for nothing would never end.
 *
 * New items join at the top, either pushed (`prepend`) or fetched when an
 * arrival is announced (`requestHeadRefresh`: the first pages again, up to
 * the newest item already held). A push that carries only part of a record
 * still shows at once (`prependProvisional`); the next head refresh puts the
 * full record in its place, on the same row.
 *
 * With a `cap`, a list left following keeps at most that many rows: when
 * arrivals push it past the cap, the oldest rows are let go and the list
 * reads on from the last row it kept, from the cache, when scrolled to (the
 * cache holds every row the list was shown). What arrived is still counted.
 */
export function usePagedList<Query extends object, Item>(
  fetchPage: (query: Query & { cursor?: string; limit?: number }) => Promise<Page<Item>>,
  identity: (item: Item) => string,
  options: PagedListOptions = {},
  cap?: ListCap<Query, Item>,
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
  /** Epoch ms of the last page or head refresh that arrived. */
  const updatedAt = ref<number | null>(null)
  /** Where the newest page came from (network, or the cache while offline), when the source says. */
  const freshness = shallowRef<Freshness | null>(null)
  /** Filters of the query the app applied itself, as the newest page says (the indexer has no such filter). */
  const localFilters = shallowRef<readonly string[]>([])
  /** How many items joined at the top since the first page. */
  const arrived = ref(0)
  /** More arrived than a head refresh could join up with the list: items between may be missing. */
  const headGap = ref(false)
  /** Why the last head refresh failed; the list itself is still good. */
  const headError = shallowRef<ErrorInfo | null>(null)
  let generation = 0
  let followedCursors = new Set<string>()
  /** Identities of the held items, kept alongside them: a 100,000-row list is not re-keyed per page. */
  let keys = new Set<string>()
  /** Identities of held items made from a partial push, waiting for their full record. */
  let provisional = new Set<string>()
  let headRunning = false
  let headAgain = false
  let headTimer: ReturnType<typeof setTimeout> | null = null
  let lastHeadRefreshAt = Number.NEGATIVE_INFINITY
  /** Rows past the cap were let go: Load more reads on from the cache, with its cursors. */
  let readOnFromCache = false
  /**
   * The indexer's cursor where its paging had got to when rows were first let
   * go: the cache holds only what was read, so once reading on from it runs
   * out, the list goes on from the indexer there (not an end of list).
   */
  let indexerTail: string | null = null
  /** Moves when rows are let go: a page asked for before belongs after rows no longer held. */
  let tailEpoch = 0

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

  /** The items not held yet, in order, each once; their keys become held. */
  function takeUnknown(candidates: readonly Item[]): Item[] {
    return candidates.filter((item) => {
      const key = identity(item)
      if (keys.has(key)) return false
      keys.add(key)
      return true
    })
  }

  function append(page: Page<Item>, replace: boolean): void {
    if (replace) {
      keys = new Set()
      provisional = new Set()
    }
    const fresh = takeUnknown(page.items)
    items.value = replace ? fresh : [...items.value, ...fresh]
    if (page.total !== null) total.value = page.total
    const next = page.nextCursor
    if (next !== null && followedCursors.has(next)) cursorRepeated.value = true
    // A page filtered here may come back empty with more to read; any other empty page ends the list.
    const goesOn = page.items.length > 0 || (page.localFilters?.length ?? 0) > 0
    nextCursor.value = next !== null && !followedCursors.has(next) && goesOn ? next : null
  }

  async function load(nextQuery: Query): Promise<void> {
    const mine = ++generation
    query.value = nextQuery
    followedCursors = new Set()
    readOnFromCache = false
    indexerTail = null
    tailEpoch++
    items.value = []
    total.value = null
    nextCursor.value = null
    loaded.value = false
    cursorRepeated.value = false
    loading.value = true
    loadingMore.value = false
    error.value = null
    failedStep.value = null
    arrived.value = 0
    headGap.value = false
    headError.value = null
    try {
      const page = await fetchPage({ ...nextQuery })
      if (mine !== generation) return
      append(page, true)
      loaded.value = true
      updatedAt.value = Date.now()
      freshness.value = page.freshness ?? null
      localFilters.value = page.localFilters ?? []
    } catch (caught) {
      if (mine !== generation) return
      error.value = toErrorInfo(caught)
      failedStep.value = 'first'
    } finally {
      if (mine === generation) loading.value = false
    }
  }

  async function loadMore(): Promise<void> {
    const first = nextCursor.value
    const current = query.value
    if (first === null || current === null || loading.value || loadingMore.value) return
    const mine = generation
    const epoch = tailEpoch
    loadingMore.value = true
    error.value = null
    failedStep.value = null
    try {
      let cursor: string | null = first
      for (let pages = 1; cursor !== null; pages++) {
        const fetchNext = readOnFromCache && cap ? cap.fetchCached : fetchPage
        const page = await fetchNext(withLimit({ ...current, cursor }, options.pageLimit))
        if (mine !== generation || epoch !== tailEpoch) return
        followedCursors.add(cursor)
        const held = items.value.length
        append(page, false)
        if (readOnFromCache && nextCursor.value === null && indexerTail !== null) handBackToIndexer()
        // A page of rows held already (the indexer read again where the cache had gone further) shows nothing: the next is read at once.
        const nothingNew = page.items.length > 0 && items.value.length === held
        cursor = nothingNew && pages < CATCH_UP_PAGES ? nextCursor.value : null
      }
      updatedAt.value = Date.now()
    } catch (caught) {
      if (mine !== generation) return
      error.value = toErrorInfo(caught)
      failedStep.value = 'more'
    } finally {
      if (mine === generation) loadingMore.value = false
    }
  }

  /**
   * The cache has no more of what was read: the indexer goes on from where
   * its paging had got to. The cache may have held rows past that point
   * (fetched for other reasons, and in its own order): the indexer's pages
   * of them are read again, and shown only where they bring something new.
   * The cursors followed meanwhile were the cache's, which may be written as
   * the indexer's are: the loop check is for the indexer repeating its own.
   */
  function handBackToIndexer(): void {
    readOnFromCache = false
    followedCursors = new Set()
    nextCursor.value = indexerTail
    indexerTail = null
  }

  /**
   * Puts `newestFirst` items in front of the list, skipping those it holds.
   * `total` is the server's count when it told one; otherwise a known total
   * grows by what was added.
   */
  function prepend(newestFirst: readonly Item[], serverTotal: string | null = null): void {
    putInFront(newestFirst, serverTotal, false)
  }

  /**
   * Like `prepend`, for items made from a push that carries only part of the
   * record: they show at once, and the next head refresh replaces each in
   * place with the full record. Ask for one (`requestHeadRefresh`).
   */
  function prependProvisional(newestFirst: readonly Item[]): void {
    putInFront(newestFirst, null, true)
  }

  function putInFront(newestFirst: readonly Item[], serverTotal: string | null, partial: boolean): void {
    if (!loaded.value) return
    const fresh = takeUnknown(newestFirst)
    if (serverTotal !== null) total.value = serverTotal
    else if (fresh.length > 0 && total.value !== null && /^\d+$/.test(total.value)) {
      total.value = (BigInt(total.value) + BigInt(fresh.length)).toString()
    }
    if (fresh.length === 0) return
    if (partial) for (const item of fresh) provisional.add(identity(item))
    items.value = [...fresh, ...items.value]
    arrived.value += fresh.length
    keepWithinCap()
  }

  /** Lets the oldest rows past the cap go; the list reads on from the last one kept, from the cache. */
  function keepWithinCap(): void {
    if (!cap || items.value.length <= cap.rows) return
    const kept = items.value.slice(0, cap.rows)
    for (const item of items.value.slice(cap.rows)) {
      const key = identity(item)
      keys.delete(key)
      provisional.delete(key)
    }
    items.value = kept
    tailEpoch++
    // Cursors followed before lead into rows let go: following one again is reading them again, not a loop.
    followedCursors = new Set()
    if (!readOnFromCache) indexerTail = nextCursor.value
    readOnFromCache = true
    nextCursor.value = cacheCursorAfter(identity(kept[kept.length - 1] as Item))
  }

  /**
   * The held items with the full records of `replacements` in place of the
   * provisional ones. Provisional items sit at the top (only arrivals are put
   * above them), so the scan stops as soon as every one is found.
   */
  function withReplacements(replacements: Map<string, Item>): Item[] {
    const next = items.value.slice()
    let left = replacements.size
    for (let index = 0; index < next.length && left > 0; index++) {
      const key = identity(next[index] as Item)
      const full = replacements.get(key)
      if (full === undefined) continue
      next[index] = full
      provisional.delete(key)
      left--
    }
    return next
  }

  /**
   * Fetches the first pages again and puts what is new in front, stopping at
   * the first item already held in full, or at the end of a page that ends
   * on a provisional item; provisional items met on the way are replaced in
   * place by the records fetched (so under a flood of pushes, the newest get
   * their full record and older ones keep their summary). When
   * HEAD_PAGES_MAX pages end on an item not held, those are shown and
   * `headGap` says items between may be missing.
   */
  async function refreshHead(): Promise<void> {
    const current = query.value
    if (current === null || !loaded.value || loading.value) return
    if (headRunning) {
      headAgain = true
      return
    }
    headRunning = true
    lastHeadRefreshAt = Date.now()
    const mine = generation
    try {
      const fresh: Item[] = []
      const replacements = new Map<string, Item>()
      let cursor: string | undefined
      let joined = false
      let lastUnknown = false
      let serverTotal: string | null = null
      for (let pages = 0; pages < HEAD_PAGES_MAX && !joined; pages++) {
        const page = await fetchPage(withLimit(cursor === undefined ? { ...current } : { ...current, cursor }, options.headLimit))
        if (mine !== generation) return
        serverTotal = page.total ?? serverTotal
        if (pages === 0) {
          freshness.value = page.freshness ?? null
          localFilters.value = page.localFilters ?? []
        }
        for (const item of page.items) {
          const key = identity(item)
          lastUnknown = !keys.has(key)
          if (lastUnknown) fresh.push(item)
          else if (provisional.has(key)) replacements.set(key, item)
          else {
            joined = true
            break
          }
        }
        joined ||= page.nextCursor === null || page.items.length === 0 || page.nextCursor === cursor
        cursor = page.nextCursor ?? undefined
        // A page that ends on a provisional item reached rows a push already put here: what follows is
        // held, and the records of older provisional rows are not worth more pages on every refresh.
        if (!lastUnknown) break
      }
      if (!joined && lastUnknown) headGap.value = true
      headError.value = null
      if (replacements.size > 0) items.value = withReplacements(replacements)
      prepend(fresh, serverTotal)
      updatedAt.value = Date.now()
    } catch (caught) {
      if (mine === generation) headError.value = toErrorInfo(caught)
    } finally {
      headRunning = false
      if (headAgain) {
        headAgain = false
        void refreshHead()
      }
    }
  }

  /** Asks for a head refresh: at once, or once HEAD_REFRESH_MIN_MS after the last one. */
  function requestHeadRefresh(): void {
    if (headTimer !== null || !loaded.value) return
    const wait = lastHeadRefreshAt + HEAD_REFRESH_MIN_MS - Date.now()
    if (wait <= 0) {
      void refreshHead()
      return
    }
    headTimer = setTimeout(() => {
      headTimer = null
      void refreshHead()
    }, wait)
  }

  function retry(): Promise<void> {
    if (failedStep.value === 'more') return loadMore()
    return query.value ? load(query.value) : Promise.resolve()
  }

  function reload(): Promise<void> {
    return query.value ? load(query.value) : Promise.resolve()
  }

  /** The list is for `candidate` and nothing failed: loading it again would fetch the same. */
  function holds(candidate: Query): boolean {
    return query.value !== null && JSON.stringify(candidate) === JSON.stringify(query.value) && !error.value
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
    updatedAt,
    freshness,
    localFilters,
    arrived,
    headGap,
    headError,
    load,
    loadMore,
    retry,
    reload,
    holds,
    prepend,
    prependProvisional,
    refreshHead,
    requestHeadRefresh,
  }
}

/** How many rows a following list keeps, and where it reads on past them. */
export interface ListCap<Query, Item> {
  rows: number
  /** A page of the same query from the cache (cursors of the cache: cacheCursorAfter). */
  fetchCached: (query: Query & { cursor?: string; limit?: number }) => Promise<Page<Item>>
}

export interface PagedListOptions {
  /** Items each Load more asks for (fewer round trips for a long list); the server's default when absent. */
  pageLimit?: number
  /** Items each page of a head refresh asks for; the server's default when absent. */
  headLimit?: number
}

function withLimit<Query extends object>(query: Query, limit: number | undefined): Query & { limit?: number } {
  return limit === undefined ? query : { ...query, limit }
}
