import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { AddressTransaction, Page, ReadOptions, Transaction, TransactionQuery } from '@shared/domain'
import type { Freshness } from '@shared/history'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { usePagedList } from '@renderer/composables/use-paged-list'
import { u64Order } from '@shared/u64-order'

/** Where a timeline row was last seen: the cache, an indexer answer, or the live channel. */
export type TimelineOrigin = 'cache' | 'network' | 'live'

export interface TimelineEntry {
  transaction: Transaction
  origin: TimelineOrigin
}

export type TimelineSortKey = 'time' | 'slot' | 'fee' | 'status'
export interface TimelineSort {
  key: TimelineSortKey
  descending: boolean
}
/** The order the indexer pages in: newest first. */
export const NEWEST_FIRST: TimelineSort = { key: 'time', descending: true }

/** Rows each Load more asks for: an address page is read to its end, so fewer round trips. */
export const TIMELINE_PAGE_LIMIT = 100

function valueOf(transaction: Transaction, key: TimelineSortKey): bigint | number | string | null {
  switch (key) {
    case 'slot':
      return u64Order(transaction.slot)
    case 'fee':
      return u64Order(transaction.fee)
    case 'status':
      return transaction.status
    case 'time':
      return transaction.blockTime ?? u64Order(transaction.slot)
  }
}

/**
 * The rows held in another order, stably (equal rows keep the indexer's
 * order); rows without the value sort last either way.
 */
export function sortTimeline(entries: readonly TimelineEntry[], sort: TimelineSort): TimelineEntry[] {
  if (sort.key === NEWEST_FIRST.key && sort.descending) return entries.slice()
  return entries
    .map((entry, index) => ({ entry, index, value: valueOf(entry.transaction, sort.key) }))
    .sort((a, b) => {
      // Unknown values sort last whatever the direction: they say nothing about order.
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index
        return a.value === null ? 1 : -1
      }
      const order = a.value < b.value ? -1 : a.value > b.value ? 1 : 0
      return (sort.descending ? -order : order) || a.index - b.index
    })
    .map(({ entry }) => entry)
}

/**
 * The transaction timeline of one address: the cache's first page at once,
 * then the indexer's pages (the explorers' paged list: every row once, a
 * repeated cursor or an empty page ends it), and every transaction the live
 * channel pushes for it, at the top. Each row remembers where it was seen.
 */
export const useAddressTimelineStore = defineStore('addressTimeline', () => {
  const bridge = getBridge()
  const pubkey = ref<string | null>(null)
  /** The cache's first page, shown until the indexer's answer (or the cache standing in for it) arrives. */
  const preview = shallowRef<Transaction[]>([])
  const previewFreshness = shallowRef<Freshness | null>(null)
  /** Which source the pages come from: the one that answered the first page (cursors do not cross sources). */
  const pagingSource = ref<'network' | 'cache'>('network')
  const origins = shallowRef(new Map<string, TimelineOrigin>())
  /** Rows pushed live since the timeline was opened, and how many of them failed. */
  const liveArrivals = ref(0)
  const liveFailures = ref(0)
  const sort = ref<TimelineSort>(NEWEST_FIRST)
  let previewGeneration = 0

  function noteOrigins(items: readonly Transaction[], origin: TimelineOrigin): void {
    const next = new Map(origins.value)
    for (const item of items) if (next.get(item.signature) !== 'live') next.set(item.signature, origin)
    origins.value = next
  }

  async function fetchPage(query: TransactionQuery): Promise<Page<Transaction>> {
    const following = query.cursor !== undefined
    const options: ReadOptions | undefined = following && pagingSource.value === 'cache' ? { source: 'cache' } : undefined
    const page = await bridge.listTransactions(query, options)
    // Main answers from the cache when the indexer cannot be reached; those rows are cached ones.
    const origin = options?.source === 'cache' || page.freshness?.source === 'cache' ? 'cache' : 'network'
    // The first page decides; a head refresh (the list is loaded) keeps the source the cursors belong to.
    if (!following && !list.loaded.value) pagingSource.value = origin
    noteOrigins(page.items, origin)
    return page
  }

  const list = usePagedList(fetchPage, (transaction: Transaction) => transaction.signature, { pageLimit: TIMELINE_PAGE_LIMIT })

  async function load(address: string): Promise<void> {
    const mine = ++previewGeneration
    pubkey.value = address
    preview.value = []
    previewFreshness.value = null
    origins.value = new Map()
    liveArrivals.value = 0
    liveFailures.value = 0
    sort.value = NEWEST_FIRST
    pagingSource.value = 'network'
    const network = list.load({ pubkey: address })
    try {
      const page = await bridge.listTransactions({ pubkey: address }, { source: 'cache' })
      if (mine === previewGeneration && !list.loaded.value) {
        preview.value = page.items
        previewFreshness.value = page.freshness ?? { source: 'cache', fetchedAt: null }
        noteOrigins(page.items.filter((item) => !origins.value.has(item.signature)), 'cache')
      }
    } catch {
      // No cache (or a damaged one, which the cache banner reports): the indexer's answer follows.
    }
    await network
  }

  /** Back after an outage: a list paged from the cache is read again from the indexer, otherwise what arrived meanwhile is fetched. */
  function afterOutage(): Promise<void> {
    if (pubkey.value === null) return Promise.resolve()
    if (list.error.value || pagingSource.value === 'cache') return list.reload()
    return list.refreshHead()
  }

  function reload(): Promise<void> {
    return pubkey.value ? load(pubkey.value) : Promise.resolve()
  }

  /** Not an address: nothing is asked, and what is held for another one is not shown (views compare `pubkey`). */
  function clear(): void {
    previewGeneration++
    pubkey.value = null
    preview.value = []
  }

  bridge.on('addressTransactions', (batch: AddressTransaction[]) => {
    const address = pubkey.value
    if (address === null || !list.loaded.value) return
    // A batch is oldest first; the list is newest first.
    const mine = batch.filter((item) => item.address === address).map((item) => item.transaction).reverse()
    if (mine.length === 0) return
    const held = new Set(list.items.value.map((transaction) => transaction.signature))
    const fresh = mine.filter((transaction) => !held.has(transaction.signature))
    const next = new Map(origins.value)
    for (const transaction of mine) next.set(transaction.signature, 'live')
    origins.value = next
    list.prepend(mine)
    liveArrivals.value += fresh.length
    liveFailures.value += fresh.filter((transaction) => transaction.status?.toUpperCase() === 'FAILED').length
  })

  // After an outage the indexer is asked again: the live channel may have missed rows meanwhile.
  useFollowConnection({ error: list.error, retry: afterOutage, restart: reload }, { refreshAfterOutage: true })

  /** The rows shown, in the order the indexer pages them (the cache's preview until its answer). */
  const entries = computed<TimelineEntry[]>(() => {
    const rows = list.loaded.value || list.items.value.length > 0 ? list.items.value : preview.value
    return rows.map((transaction) => ({ transaction, origin: origins.value.get(transaction.signature) ?? 'network' }))
  })
  const sorted = computed(() => sortTimeline(entries.value, sort.value))

  /** Clicking a column: sort by it (biggest or newest first), again to turn the order round. */
  function sortBy(key: TimelineSortKey): void {
    sort.value = sort.value.key === key ? { key, descending: !sort.value.descending } : { key, descending: key !== 'status' }
  }

  const freshness = computed<Freshness | null>(() => (list.loaded.value ? list.freshness.value : previewFreshness.value) ?? null)
  /** The total of the list the rows come from: the indexer's, or the cache's while it stands in. */
  const totalSource = computed<'network' | 'cache'>(() => pagingSource.value)

  /**
   * The page of `address` is shown (null: it closed): main reads it faster
   * while the indexer does not push it. A main that cannot be told keeps its
   * usual pace, so a failure here is not the page's.
   */
  function setShown(address: string | null): void {
    void bridge.setOpenAddress(address).catch(() => undefined)
  }

  return {
    pubkey,
    entries,
    sorted,
    sort,
    sortBy,
    preview,
    loading: list.loading,
    loadingMore: list.loadingMore,
    loaded: list.loaded,
    ended: list.ended,
    cursorRepeated: list.cursorRepeated,
    missingAtEnd: list.missingAtEnd,
    error: list.error,
    failedStep: list.failedStep,
    total: list.total,
    totalSource,
    nextCursor: list.nextCursor,
    freshness,
    pagingSource,
    liveArrivals,
    liveFailures,
    load,
    reload,
    retry: list.retry,
    loadMore: list.loadMore,
    clear,
    setShown,
  }
})
