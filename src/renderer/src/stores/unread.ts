import { computed, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { NO_UNREAD, type UnreadCounts } from '@shared/unread'
import { getBridge } from '@renderer/bridge'

/**
 * The one unread model as main pushes it: the notification centre, the
 * navigation badges, each watched address and circuit show these counts,
 * and nothing here counts on its own.
 */
export const useUnreadStore = defineStore('unread', () => {
  const bridge = getBridge()
  const counts = shallowRef<UnreadCounts | null>(null)
  const error = shallowRef<ErrorInfo | null>(null)
  let asked = false

  bridge.on('unread', (next) => {
    counts.value = next
    error.value = null
  })

  async function refresh(): Promise<void> {
    asked = true
    try {
      counts.value = await bridge.getUnread()
      error.value = null
    } catch (caught) {
      error.value = toErrorInfo(caught)
    }
  }

  function ensureLoaded(): Promise<void> {
    return asked ? Promise.resolve() : refresh()
  }

  /** An answer that carries the counts (a mark-read) is as good as a push. */
  function set(next: UnreadCounts): void {
    counts.value = next
  }

  const total = computed(() => counts.value?.total ?? null)

  function ofAddress(pubkey: string): number {
    return (counts.value ?? NO_UNREAD).addresses[pubkey] ?? 0
  }

  function ofCircuit(circuitId: string): number {
    return (counts.value ?? NO_UNREAD).circuits[circuitId] ?? 0
  }

  return { counts, error, total, refresh, ensureLoaded, set, ofAddress, ofCircuit }
})
