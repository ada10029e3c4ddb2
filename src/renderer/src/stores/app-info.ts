import { computed } from 'vue'
import { defineStore } from 'pinia'
import { getBridge } from '@renderer/bridge'
import { useLoader } from '@renderer/composables/use-loader'

/** Facts about this run: desktop app or browser tab, version, where data and logs live. */
export const useAppInfoStore = defineStore('appInfo', () => {
  const bridge = getBridge()
  const loader = useLoader(() => bridge.getAppInfo())
  const isDesktop = computed(() => loader.data.value?.platform === 'desktop')

  return {
    info: loader.data,
    error: loader.error,
    loading: loader.loading,
    ensureLoaded: loader.ensureLoaded,
    retry: loader.retry,
    isDesktop,
  }
})
