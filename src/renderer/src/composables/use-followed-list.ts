import { computed, onBeforeUnmount, onMounted, type ComputedRef } from 'vue'
import type { Freshness } from '@shared/history'
import { badgeFreshness, offlineReason, type BadgeFreshness, type ReachSource } from '@renderer/model/freshness'

/** The part of a filtered list store an explorer view follows. */
interface FollowedList {
  updatedAt: number | null
  freshness: Freshness | null
  headGap: boolean
  follow(): () => void
}

/** What the badge reads of the connection (the connection store, handed in by the view). */
export interface FollowedConnection extends ReachSource {
  isLive: boolean
  polledEveryMs(kind: 'proofs'): number | null
}

/**
 * While the view is shown, the list puts arrivals in front; its badge says
 * "Live" while that works, else how old the list is.
 */
export function useFollowedList(list: FollowedList, connection: FollowedConnection): ComputedRef<BadgeFreshness> {
  let stop: (() => void) | null = null
  onMounted(() => (stop = list.follow()))
  onBeforeUnmount(() => stop?.())
  return computed(() =>
    badgeFreshness({
      freshness: list.freshness,
      receivedAt: list.updatedAt,
      live: connection.isLive && !list.headGap,
      polledEveryMs: connection.polledEveryMs('proofs'),
      offline: offlineReason(connection),
    }),
  )
}

/** The server's total as a row count, when it is one a list can use. */
export function totalRows(total: string | null): number | null {
  if (total === null || !/^\d{1,15}$/.test(total)) return null
  return Number(total)
}
