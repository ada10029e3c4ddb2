import { ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo, Overview } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { asErrorInfo } from '@renderer/errors/as-error-info'
import { useConnectionStore } from './connection'
import { mergeOverview } from './overview-merge'

/** Network and proof statistics: fetched once, then kept current by live events. */
export const useOverviewStore = defineStore('overview', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const overview = shallowRef<Overview | null>(null)
  const error = shallowRef<ErrorInfo | null>(null)
  const loading = ref(false)
  const requested = ref(false)
  let generation = 0

  async function load(): Promise<void> {
    const mine = ++generation
    requested.value = true
    loading.value = true
    error.value = null
    try {
      const result = await bridge.getOverview()
      if (mine === generation) overview.value = mergeOverview(overview.value, result)
    } catch (caught) {
      if (mine === generation) error.value = asErrorInfo(caught)
    } finally {
      if (mine === generation) loading.value = false
    }
  }

  function ensureLoaded(): Promise<void> {
    return requested.value ? Promise.resolve() : load()
  }

  bridge.on('overview', (incoming) => {
    overview.value = mergeOverview(overview.value, incoming)
    error.value = null
  })

  // Back after an outage: what we hold may be stale, so ask again.
  watch(
    () => connection.recoveries,
    () => {
      if (requested.value) void load()
    },
  )
  watch(
    () => connection.indexerChanges,
    () => {
      overview.value = null
      if (requested.value) void load()
    },
  )

  return { overview, error, loading, load, ensureLoaded, retry: load }
})
