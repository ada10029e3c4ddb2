import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { DEMO_PROFILE_ID, type ConnectionReport, type ProfileInput, type PublicSettings, type SettingsPatch } from '@shared/settings'
import type { NotificationPrivacy, NotificationRulesPatch } from '@shared/notification-rules'
import { getBridge } from '@renderer/bridge'
import { useLoader } from '@renderer/composables/use-loader'

/** Which part of the Settings page a save came from, so its outcome is shown there. */
export type SettingsSection = 'profiles' | 'notifications' | 'polling' | 'cache' | 'theme' | 'desktop' | 'account'

export interface SaveOutcome {
  section: SettingsSection
  /** Null when it was saved. */
  error: ErrorInfo | null
  /** Epoch ms. */
  at: number
}

/**
 * The settings as main keeps them. Main validates every change and answers
 * with the whole new settings; it also pushes them when they change elsewhere
 * (the tray's do-not-disturb, another window).
 */
export const useSettingsStore = defineStore('settings', () => {
  const bridge = getBridge()
  const loader = useLoader(() => bridge.getSettings())
  const saving = ref<SettingsSection | null>(null)
  const lastSave = shallowRef<SaveOutcome | null>(null)

  const testing = ref(false)
  const testReport = shallowRef<ConnectionReport | null>(null)
  const testError = shallowRef<ErrorInfo | null>(null)
  let testGeneration = 0

  bridge.on('settings', (next) => {
    loader.data.value = next
    loader.error.value = null
  })

  function save(patch: SettingsPatch, section: SettingsSection): Promise<boolean> {
    return saveWith(section, () => bridge.updateSettings(patch))
  }

  async function saveWith(section: SettingsSection, request: () => Promise<PublicSettings>): Promise<boolean> {
    saving.value = section
    lastSave.value = null
    try {
      loader.data.value = await request()
      lastSave.value = { section, error: null, at: Date.now() }
      return true
    } catch (caught) {
      lastSave.value = { section, error: toErrorInfo(caught), at: Date.now() }
      return false
    } finally {
      saving.value = null
    }
  }

  /** What main found trying `profile`; only the latest test's answer is kept. */
  async function testConnection(profile: ProfileInput): Promise<void> {
    const mine = ++testGeneration
    testing.value = true
    testReport.value = null
    testError.value = null
    try {
      const report = await bridge.testConnection(profile)
      if (mine === testGeneration) testReport.value = report
    } catch (caught) {
      if (mine === testGeneration) testError.value = toErrorInfo(caught)
    } finally {
      if (mine === testGeneration) testing.value = false
    }
  }

  function clearTest(): void {
    testGeneration++
    testing.value = false
    testReport.value = null
    testError.value = null
  }

  function outcomeFor(section: SettingsSection): SaveOutcome | null {
    return lastSave.value?.section === section ? lastSave.value : null
  }

  const profiles = computed(() => loader.data.value?.profiles ?? [])
  const activeProfile = computed(
    () => profiles.value.find((profile) => profile.id === loader.data.value?.activeProfileId) ?? null,
  )
  const usingDemo = computed(() => (loader.data.value?.activeProfileId ?? DEMO_PROFILE_ID) === DEMO_PROFILE_ID)

  return {
    settings: loader.data,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    ensureLoaded: loader.ensureLoaded,
    retry: loader.retry,
    profiles,
    activeProfile,
    usingDemo,
    saving,
    lastSave,
    outcomeFor,
    save,
    setNotificationPrivacy: (privacy: NotificationPrivacy) => saveWith('notifications', () => bridge.setNotificationPrivacy(privacy)),
    /** What draft rules would have raised over the cache's recent days; nothing is saved. */
    previewRules: (draft: NotificationRulesPatch) => bridge.previewNotificationRules(draft),
    testing,
    testReport,
    testError,
    testConnection,
    clearTest,
  }
})
