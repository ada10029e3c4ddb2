import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { AccountSyncResult } from '@shared/watchlist'
import { getBridge } from '@renderer/bridge'

/** The last reconciliation of the local watchlist with the account's, and "Sync now". */
export const useAccountSyncStore = defineStore('account-sync', () => {
  const bridge = getBridge()
  const last = shallowRef<AccountSyncResult | null>(null)
  const busy = ref(false)
  const error = shallowRef<ErrorInfo | null>(null)
  let loaded = false

  bridge.on('accountSync', (result) => {
    last.value = result
  })

  async function ensureLoaded(): Promise<void> {
    if (loaded) return
    loaded = true
    try {
      last.value = (await bridge.getAccountSync()) ?? last.value
    } catch (caught) {
      error.value = toErrorInfo(caught)
    }
  }

  async function syncNow(): Promise<void> {
    busy.value = true
    error.value = null
    try {
      last.value = await bridge.syncAccountWatchlist()
    } catch (caught) {
      error.value = toErrorInfo(caught)
    } finally {
      busy.value = false
    }
  }

  return { last, busy, error, ensureLoaded, syncNow }
})

/** What a reconciliation did, in one sentence. */
export function describeAccountSync(result: AccountSyncResult): string {
  const parts: string[] = []
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  if (result.addedToAccount > 0) parts.push(`${count(result.addedToAccount, 'address', 'addresses')} added to your account`)
  if (result.removedFromAccount > 0) parts.push(`${count(result.removedFromAccount, 'address', 'addresses')} removed from your account`)
  if (result.addedHere > 0) parts.push(`${count(result.addedHere, 'address', 'addresses')} from your account added here`)
  if (result.removedHere > 0) parts.push(`${count(result.removedHere, 'address', 'addresses')} removed here (removed from your account elsewhere)`)
  if (result.alreadyThere > 0) parts.push(`${count(result.alreadyThere, 'address was', 'addresses were')} already in your account`)
  if (result.conflicts.length > 0) parts.push(`${count(result.conflicts.length, 'address is', 'addresses are')} labelled differently here and in your account (both labels are shown)`)
  const said = parts.length === 0 ? 'Already in step: nothing to change' : `${parts.join('; ')}`
  return result.error === null ? `${said}.` : `${said}. Not finished: ${result.error}`
}
