import { ref } from 'vue'
import { defineStore } from 'pinia'
import type { AccountPreferences, AccountPreferencesState, AccountSessions } from '@shared/account'
import { getBridge } from '@renderer/bridge'
import { busyAction } from '@renderer/model/busy-action'

/** The signed-in account's sessions and its notification preferences on the indexer. */
export const useAccountStore = defineStore('account', () => {
  const bridge = getBridge()
  const sessions = ref<AccountSessions | null>(null)
  const preferences = ref<AccountPreferencesState | null>(null)
  const busy = ref(false)
  const error = ref<string | null>(null)

  const run = busyAction(busy, error)

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
