import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { AddressTransaction, ErrorInfo, Page, ReadOptions, Transaction } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { Freshness } from '@shared/history'
import { getBridge } from '@renderer/bridge'
import { followConnection } from '../composables/follow-connection'

/** Where a timeline row was last seen: the cache, an indexer answer, or the live channel. */
export type TimelineOrigin = 'cache' | 'network' | 'live'

export interface TimelineEntry {
  transaction: Transaction
  origin: TimelineOrigin
}

function slotOf(transaction: Transaction): bigint | null {
  return transaction.slot !== null && /^\d+$/.test(transaction.slot) ? BigInt(transaction.slot) : null
}

/** Newest first: by slot, then by block time; rows that have neither keep their order. */
export function newestFirst(a: Transaction, b: Transaction): number {
  const slotA = slotOf(a)
  const slotB = slotOf(b)
  if (slotA !== null && slotB !== null && slotA !== slotB) return slotA > slotB ? -1 : 1
  if (a.blockTime !== null && b.blockTime !== null && a.blockTime !== b.blockTime) return b.blockTime - a.blockTime
  return 0
}

/**
 * One row per signature. A later sighting replaces the record (an indexer
 * answer is newer than the cache), but a row that arrived live stays marked
 * live so it keeps its highlight.
 */
export function mergeTimeline(
  held: readonly TimelineEntry[],
  arrivals: readonly Transaction[],
  origin: TimelineOrigin,
): TimelineEntry[] {
  const bySignature = new Map(held.map((entry) => [entry.transaction.signature, entry]))
  for (const transaction of arrivals) {
    const before = bySignature.get(transaction.signature)
    bySignature.set(transaction.signature, {
      transaction,
      origin: before?.origin === 'live' ? 'live' : origin,
    })
  }
  return [...bySignature.values()].sort((a, b) => newestFirst(a.transaction, b.transaction))
}

/**
 * The transaction timeline of one address: what the cache holds at once,
 * then the indexer's answer, then every transaction the live channel pushes,
 * merged without duplicates.
 */
export const useAddressTimelineStore = defineStore('addressTimeline', () => {
  const bridge = getBridge()
  const pubkey = ref<string | null>(null)
  const entries = shallowRef<TimelineEntry[]>([])
  const stage = ref<'idle' | 'cache' | 'network' | 'done'>('idle')
  /** The indexer's answer failed (and main had no cache to fall back to). */
  const error = shallowRef<ErrorInfo | null>(null)
  const cacheFreshness = shallowRef<Freshness | null>(null)
  const networkFreshness = shallowRef<Freshness | null>(null)
  const total = ref<string | null>(null)
  const nextCursor = ref<string | null>(null)
  /** Which source the next page comes from: the one that answered last. */
  const pagingSource = ref<'network' | 'cache'>('network')
  const loadingMore = ref(false)
  const moreError = shallowRef<ErrorInfo | null>(null)
  /** Rows pushed live since the timeline was opened. */
  const liveArrivals = ref(0)
  let generation = 0

  function optionsFor(source: 'network' | 'cache'): ReadOptions | undefined {
    return source === 'cache' ? { source: 'cache' } : undefined
  }

  function takePage(page: Page<Transaction>, origin: 'cache' | 'network'): void {
    entries.value = mergeTimeline(entries.value, page.items, origin)
    if (page.total !== null) total.value = page.total
    nextCursor.value = page.items.length > 0 ? page.nextCursor : null
  }

  async function askNetwork(mine: number, address: string): Promise<void> {
    stage.value = 'network'
    error.value = null
    try {
      const page = await bridge.listTransactions({ pubkey: address })
      if (mine !== generation) return
      networkFreshness.value = page.freshness ?? { source: 'network', fetchedAt: Date.now() }
      // Main answers from the cache when the indexer is unreachable; that page is cached rows.
      const origin = networkFreshness.value.source === 'cache' ? 'cache' : 'network'
      takePage(page, origin)
      pagingSource.value = origin
    } catch (caught) {
      if (mine !== generation) return
      error.value = toErrorInfo(caught)
    } finally {
      if (mine === generation) stage.value = 'done'
    }
  }

  async function load(address: string): Promise<void> {
    const mine = ++generation
    pubkey.value = address
    entries.value = []
    total.value = null
    nextCursor.value = null
    cacheFreshness.value = null
    networkFreshness.value = null
    moreError.value = null
    loadingMore.value = false
    liveArrivals.value = 0
    error.value = null
    stage.value = 'cache'
    try {
      const page = await bridge.listTransactions({ pubkey: address }, { source: 'cache' })
      if (mine !== generation) return
      cacheFreshness.value = page.freshness ?? { source: 'cache', fetchedAt: null }
      takePage(page, 'cache')
      pagingSource.value = 'cache'
    } catch {
      // No cache (or a damaged one, which the cache banner reports): the indexer's answer follows.
      if (mine !== generation) return
    }
    await askNetwork(mine, address)
  }

  /** Asks the indexer again, keeping what is shown meanwhile. */
  function retry(): Promise<void> {
    return pubkey.value ? askNetwork(generation, pubkey.value) : Promise.resolve()
  }

  function reload(): Promise<void> {
    return pubkey.value ? load(pubkey.value) : Promise.resolve()
  }

  async function loadMore(): Promise<void> {
    const cursor = nextCursor.value
    const address = pubkey.value
    if (cursor === null || address === null || loadingMore.value) return
    const mine = generation
    const source = pagingSource.value
    loadingMore.value = true
    moreError.value = null
    try {
      const page = await bridge.listTransactions({ pubkey: address, cursor }, optionsFor(source))
      if (mine !== generation) return
      // A repeated cursor would loop forever: the list ends there.
      const next = page.nextCursor === cursor ? null : page.nextCursor
      takePage({ ...page, nextCursor: next }, source)
    } catch (caught) {
      if (mine !== generation) return
      moreError.value = toErrorInfo(caught)
    } finally {
      if (mine === generation) loadingMore.value = false
    }
  }

  function clear(): void {
    generation++
    pubkey.value = null
    entries.value = []
    stage.value = 'idle'
    error.value = null
  }

  bridge.on('addressTransactions', (batch: AddressTransaction[]) => {
    const address = pubkey.value
    if (address === null) return
    const mine = batch.filter((item) => item.address === address).map((item) => item.transaction)
    if (mine.length === 0) return
    const held = new Set(entries.value.map((entry) => entry.transaction.signature))
    liveArrivals.value += mine.filter((transaction) => !held.has(transaction.signature)).length
    entries.value = mergeTimeline(entries.value, mine, 'live')
  })

  // After an outage the indexer is asked again: the live channel may have missed rows meanwhile.
  followConnection({ error, retry, restart: reload }, { refreshAfterOutage: true })

  const loading = computed(() => stage.value === 'cache' || stage.value === 'network')
  /** What the rows shown are: the freshest answer held. */
  const freshness = computed<Freshness | null>(() => networkFreshness.value ?? cacheFreshness.value)

  return {
    pubkey,
    entries,
    stage,
    loading,
    error,
    freshness,
    cacheFreshness,
    networkFreshness,
    total,
    nextCursor,
    pagingSource,
    loadingMore,
    moreError,
    liveArrivals,
    load,
    retry,
    reload,
    loadMore,
    clear,
  }
})
