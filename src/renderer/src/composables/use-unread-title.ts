import { watchEffect, type WatchStopHandle } from 'vue'
import { useUnreadStore } from '@renderer/stores/unread'
import { formatNumber } from '@renderer/format/number'

/** The tab (and window) title with the one unread count: "(12) ProofWatch", plain "ProofWatch" at none. */
export function unreadTitle(total: number | null, base = 'ProofWatch'): string {
  return total !== null && total > 0 ? `(${formatNumber(total)}) ${base}` : base
}

/** Keeps `document.title` on the unread count; asks for the count once (it is pushed after). */
export function useUnreadTitle(): WatchStopHandle {
  const unread = useUnreadStore()
  void unread.ensureLoaded()
  return watchEffect(() => {
    document.title = unreadTitle(unread.total)
  })
}
