import { ref } from 'vue'
import { defineStore } from 'pinia'
import type { AccountPreferences, AccountPreferencesState, AccountSessions } from '@shared/account'
import { toErrorInfo } from '@shared/errors'
import { getBridge } from '@renderer/bridge'

/** The signed-in account's sessions and its notification preferences on the indexer. */
export const useAccountStore = defineStore('account', () => {
  const bridge = getBridge()
  const sessions = ref<AccountSessions | null>(null)
  const preferences = ref<AccountPreferencesState | null>(null)
  const busy = ref(false)
  const error = ref<string | null>(null)

  async function run(action: () => Promise<void>): Promise<void> {
    busy.value = true
    error.value = null
    try {
      await action()
    } catch (caught) {
      error.value = toErrorInfo(caught).message
    } finally {
      busy.value = false
    }
  }

  const load = (): Promise<void> =>
    run(async () => {
      const [listed, prefs] = await Promise.all([bridge.getAccountSessions(), bridge.getAccountPreferences()])
      sessions.value = listed
      preferences.value = prefs
    })

  const endSession = (id: string): Promise<void> =>
    run(async () => {
      sessions.value = await bridge.endAccountSession(id)
    })

  const setPreference = (group: keyof AccountPreferences, name: string, value: boolean): Promise<void> =>
    run(async () => {
      preferences.value = await bridge.setAccountPreferences({ [group]: { [name]: value } })
    })

  return { sessions, preferences, busy, error, load, endSession, setPreference }
})
