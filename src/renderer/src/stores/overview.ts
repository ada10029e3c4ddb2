import { defineStore } from 'pinia'
import { getBridge } from '@renderer/bridge'
import { followConnection } from '../composables/follow-connection'
import { createLoader } from '../composables/loader'
import { mergeOverview } from '../model/overview-merge'

/** Network and proof statistics: fetched once, then kept current by live events. */
export const useOverviewStore = defineStore('overview', () => {
  const bridge = getBridge()
  const loader = createLoader(() => bridge.getOverview(), mergeOverview)

  bridge.on('overview', (incoming) => {
    loader.data.value = mergeOverview(loader.data.value, incoming)
    loader.error.value = null
  })

  // Back after an outage: what we hold may be stale, so ask again.
  followConnection(loader, { refreshAfterOutage: true })

  return {
    overview: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    ensureLoaded: loader.ensureLoaded,
    retry: loader.load,
  }
})
