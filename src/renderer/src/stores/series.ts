import { computed, ref } from 'vue'
import { defineStore } from 'pinia'
import { SERIES_PERIODS, type ErrorInfo, type Series, type SeriesPeriod } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { followConnection } from './follow-connection'
import { createLoader } from './loader'

export interface SeriesEntry {
  series: Series | null
  error: ErrorInfo | null
  loading: boolean
  /** Epoch ms of the last successful fetch. */
  fetchedAt: number | null
}

/** A cached series older than this is fetched again when shown. */
export const SERIES_MAX_AGE_MS = 60_000

/** The proofs time series, one cache entry per period. */
export const useSeriesStore = defineStore('series', () => {
  const bridge = getBridge()
  const period = ref<SeriesPeriod>('24h')

  function createPeriodLoader(which: SeriesPeriod) {
    return createLoader(async () => {
      const series = await bridge.getSeries({ metric: 'proofs', period: which })
      return { series, fetchedAt: Date.now() }
    })
  }
  const loaders = Object.fromEntries(SERIES_PERIODS.map((which) => [which, createPeriodLoader(which)])) as Record<
    SeriesPeriod,
    ReturnType<typeof createPeriodLoader>
  >

  function entryOf(which: SeriesPeriod): SeriesEntry {
    const loader = loaders[which]
    const held = loader.data.value
    return {
      series: held?.series ?? null,
      error: loader.error.value,
      loading: loader.loading.value,
      fetchedAt: held?.fetchedAt ?? null,
    }
  }

  function load(which: SeriesPeriod): Promise<void> {
    return loaders[which].load()
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

  function retry(): Promise<void> {
    return load(period.value)
  }

  /** Another indexer: every cached period came from the old one; the shown one is asked again if it was asked before. */
  function restart(): Promise<void> {
    for (const which of SERIES_PERIODS) if (which !== period.value) loaders[which].clear()
    return loaders[period.value].restart()
  }

  const current = computed(() => entryOf(period.value))

  followConnection({ error: computed(() => current.value.error), retry, restart })

  return { period, current, load, ensure, select, retry }
})
