import { computed } from 'vue'
import { defineStore } from 'pinia'
import { getBridge } from '@renderer/bridge'
import { createLoader } from '../composables/loader'

/** Facts about this run: desktop app or browser tab, version, where data and logs live. */
export const useAppInfoStore = defineStore('appInfo', () => {
  const bridge = getBridge()
  const loader = createLoader(() => bridge.getAppInfo())
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
