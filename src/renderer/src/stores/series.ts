import { computed, ref } from 'vue'
import { defineStore } from 'pinia'
import { SERIES_PERIODS, type ErrorInfo, type Series, type SeriesMetric, type SeriesPeriod } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { useLoader } from '@renderer/composables/use-loader'

/**
 * The metrics a chart can show, in the seed's terms where it has one
 * (`proofs`; main finds the name the server accepts), then the others the
 * reference deployment offers. A server that knows none of them says so in
 * the chart's error.
 */
export const SERIES_METRICS = [
  { metric: 'proofs', label: 'Proofs (24h)', fractionDigits: 0 },
  { metric: 'tps', label: 'TPS', fractionDigits: 1 },
  { metric: 'activeUsers24h', label: 'Active users (24h)', fractionDigits: 0 },
] as const satisfies ReadonlyArray<{ metric: SeriesMetric; label: string; fractionDigits: number }>

export type ChartMetric = (typeof SERIES_METRICS)[number]['metric']

export interface SeriesEntry {
  series: Series | null
  error: ErrorInfo | null
  loading: boolean
  /** Epoch ms of the last successful fetch. */
  fetchedAt: number | null
}

/** A cached series older than this is fetched again when shown. */
export const SERIES_MAX_AGE_MS = 60_000

/** Time series, one cache entry per metric and period. */
export const useSeriesStore = defineStore('series', () => {
  const bridge = getBridge()
  const metric = ref<ChartMetric>('proofs')
  const period = ref<SeriesPeriod>('24h')

  function createEntryLoader(which: ChartMetric, span: SeriesPeriod) {
    return useLoader(async () => {
      const series = await bridge.getSeries({ metric: which, period: span })
      return { series, fetchedAt: Date.now() }
    })
  }

  type EntryLoader = ReturnType<typeof createEntryLoader>
  const loaders = new Map<string, EntryLoader>()

  function loaderOf(which: ChartMetric, span: SeriesPeriod): EntryLoader {
    const key = `${which}:${span}`
    let loader = loaders.get(key)
    if (!loader) loaders.set(key, (loader = createEntryLoader(which, span)))
    return loader
  }

  // Created up front for the default metric, so `current` is reactive to them from the start.
  for (const span of SERIES_PERIODS) loaderOf('proofs', span)

  function entryOf(which: ChartMetric, span: SeriesPeriod): SeriesEntry {
    const loader = loaderOf(which, span)
    const held = loader.data.value
    return {
      series: held?.series ?? null,
      error: loader.error.value,
      loading: loader.loading.value,
      fetchedAt: held?.fetchedAt ?? null,
    }
  }

  function load(span: SeriesPeriod = period.value, which: ChartMetric = metric.value): Promise<void> {
    return loaderOf(which, span).load()
  }

  /** Fetches unless a fresh copy is cached or a fetch is running. */
  function ensure(span: SeriesPeriod = period.value, which: ChartMetric = metric.value): Promise<void> {
    const entry = entryOf(which, span)
    if (entry.loading) return Promise.resolve()
    const fresh = entry.fetchedAt !== null && Date.now() - entry.fetchedAt < SERIES_MAX_AGE_MS
    if (fresh && !entry.error) return Promise.resolve()
    return load(span, which)
  }

  function select(span: SeriesPeriod): Promise<void> {
    period.value = span
    return ensure()
  }

  function selectMetric(which: ChartMetric): Promise<void> {
    metric.value = which
    return ensure()
  }

  function retry(): Promise<void> {
    return load()
  }

  /** Another indexer: every cached series came from the old one; the shown one is asked again if it was asked before. */
  function restart(): Promise<void> {
    const shown = loaderOf(metric.value, period.value)
    for (const loader of loaders.values()) if (loader !== shown) loader.clear()
    return shown.restart()
  }

  const current = computed(() => entryOf(metric.value, period.value))
  const metricInfo = computed(() => SERIES_METRICS.find((entry) => entry.metric === metric.value) ?? SERIES_METRICS[0])

  useFollowConnection({ error: computed(() => current.value.error), retry, restart })

  return { metric, period, current, metricInfo, load, ensure, select, selectMetric, retry }
})
