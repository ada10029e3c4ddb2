import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo, SettingsPatch } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { toErrorInfo } from '@shared/errors'
import { createLoader } from './loader'

/** Which indexer to watch. Saving is validated by main; its errors are shown as they come. */
export const useSettingsStore = defineStore('settings', () => {
  const bridge = getBridge()
  const loader = createLoader(() => bridge.getSettings())
  const saving = ref(false)
  const saveError = shallowRef<ErrorInfo | null>(null)
  const savedAt = ref<number | null>(null)

  async function save(patch: SettingsPatch): Promise<boolean> {
    saving.value = true
    saveError.value = null
    savedAt.value = null
    try {
      loader.data.value = await bridge.updateSettings(patch)
      savedAt.value = Date.now()
      return true
    } catch (caught) {
      saveError.value = toErrorInfo(caught)
      return false
    } finally {
      saving.value = false
    }
  }

  return {
    settings: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    retry: loader.retry,
    saving,
    saveError,
    savedAt,
    save,
  }
})
