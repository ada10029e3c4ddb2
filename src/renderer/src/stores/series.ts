import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo, Series, SeriesPeriod } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { toErrorInfo } from '@shared/errors'
import { useConnectionStore } from './connection'
import { retryAfterOutage } from './retry-after-outage'

export interface SeriesEntry {
  series: Series | null
  error: ErrorInfo | null
  loading: boolean
  /** Epoch ms of the last successful fetch. */
  fetchedAt: number | null
}

/** A cached series older than this is fetched again when shown. */
export const SERIES_MAX_AGE_MS = 60_000

const EMPTY_ENTRY: SeriesEntry = { series: null, error: null, loading: false, fetchedAt: null }

/** The proofs time series, one cache entry per period. */
export const useSeriesStore = defineStore('series', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const period = ref<SeriesPeriod>('24h')
  const entries = shallowRef<Partial<Record<SeriesPeriod, SeriesEntry>>>({})
  const generations = new Map<SeriesPeriod, number>()

  function entryOf(which: SeriesPeriod): SeriesEntry {
    return entries.value[which] ?? EMPTY_ENTRY
  }

  function update(which: SeriesPeriod, patch: Partial<SeriesEntry>): void {
    entries.value = { ...entries.value, [which]: { ...entryOf(which), ...patch } }
  }

  async function load(which: SeriesPeriod): Promise<void> {
    const mine = (generations.get(which) ?? 0) + 1
    generations.set(which, mine)
    update(which, { loading: true, error: null })
    try {
      const series = await bridge.getSeries({ metric: 'proofs', period: which })
      if (generations.get(which) === mine) update(which, { series, loading: false, fetchedAt: Date.now() })
    } catch (caught) {
      if (generations.get(which) === mine) update(which, { error: toErrorInfo(caught), loading: false })
    }
  }

  /** Fetches `which` unless a fresh copy is cached or a fetch is running. */
  function ensure(which: SeriesPeriod): Promise<void> {
    const entry = entryOf(which)
    if (entry.loading) return Promise.resolve()
    const fresh = entry.fetchedAt !== null && Date.now() - entry.fetchedAt < SERIES_MAX_AGE_MS
    if (fresh && !entry.error) return Promise.resolve()
    return load(which)
  }

  function select(which: SeriesPeriod): Promise<void> {
    period.value = which
    return ensure(which)
  }

  const current = computed(() => entryOf(period.value))

  retryAfterOutage(
    () => entryOf(period.value).error,
    () => load(period.value),
  )
  watch(
    () => connection.indexerChanges,
    () => {
      const hadAny = Object.keys(entries.value).length > 0
      entries.value = {}
      generations.clear()
      if (hadAny) void load(period.value)
    },
  )

  return { period, entries, current, load, ensure, select, retry: () => load(period.value) }
})
