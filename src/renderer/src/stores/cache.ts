import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { CacheInfo } from '@shared/history'
import { getBridge } from '@renderer/bridge'
import { useLoader } from '@renderer/composables/use-loader'

/**
 * The history cache as main reports it: where it is, how full, and whether
 * it was found damaged (and moved aside) at start or later.
 */
export const useCacheStore = defineStore('cache', () => {
  const bridge = getBridge()
  const loader = useLoader(() => bridge.getCacheInfo())
  const clearing = ref<'kept' | 'everything' | null>(null)
  const clearError = shallowRef<ErrorInfo | null>(null)
  const clearedAt = ref<number | null>(null)
  /** The `at` of the damage report the user dismissed: a newer one shows again. */
  const dismissedDamageAt = ref<number | null>(null)

  bridge.on('cache', (next: CacheInfo) => {
    loader.data.value = next
    loader.error.value = null
  })

  async function clear(everything: boolean): Promise<boolean> {
    clearing.value = everything ? 'everything' : 'kept'
    clearError.value = null
    clearedAt.value = null
    try {
      loader.data.value = await bridge.clearCache({ everything })
      clearedAt.value = Date.now()
      return true
    } catch (caught) {
      clearError.value = toErrorInfo(caught)
      return false
    } finally {
      clearing.value = null
    }
  }

  const damage = computed(() => loader.data.value?.damage ?? null)
  const showDamageBanner = computed(() => damage.value !== null && damage.value.at !== dismissedDamageAt.value)

  function dismissDamage(): void {
    dismissedDamageAt.value = damage.value?.at ?? null
  }

  return {
    info: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    ensureLoaded: loader.ensureLoaded,
    retry: loader.retry,
    clearing,
    clearError,
    clearedAt,
    clear,
    damage,
    showDamageBanner,
    dismissDamage,
  }
})
