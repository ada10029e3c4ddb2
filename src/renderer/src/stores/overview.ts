import { shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { Overview } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { useLoader } from '@renderer/composables/use-loader'
import { mergeOverview, noteFieldTimes } from '../model/overview-merge'

/** Network and proof statistics: fetched once, then kept current by live events. */
export const useOverviewStore = defineStore('overview', () => {
  const bridge = getBridge()
  /** Epoch ms each field's value was last brought, pushed or read: every tile's own age. */
  const fieldAt = shallowRef<Record<string, number>>({})
  const merge = (current: Overview | null, incoming: Overview): Overview => {
    fieldAt.value = noteFieldTimes(fieldAt.value, incoming)
    return mergeOverview(current, incoming)
  }
  const loader = useLoader(() => bridge.getOverview(), merge)

  bridge.on('overview', (incoming) => {
    loader.data.value = merge(loader.data.value, incoming)
    loader.error.value = null
  })

  // Back after an outage: what we hold may be stale, so ask again.
  useFollowConnection(loader, { refreshAfterOutage: true })

  return {
    overview: loader.data,
    fieldAt,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    ensureLoaded: loader.ensureLoaded,
    retry: loader.load,
  }
})
