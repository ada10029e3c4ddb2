import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { AppNotification, ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { Freshness, NotificationQuery } from '@shared/history'
import { readChangeCovers, topicKey } from '@shared/unread'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { usePagedList } from '@renderer/composables/use-paged-list'
import { pagedListState } from './paged-list-state'
import { useUnreadStore } from './unread'

/** The kinds the indexer is known to send; others it sends are offered too once seen. */
export const KNOWN_NOTIFICATION_KINDS = ['PROOF_VERIFIED', 'PROOF_REVOKED', 'CIRCUIT_REGISTERED', 'SYSTEM', 'USER_PROOF', 'ADDRESS_TRANSACTION', 'CIRCUIT_PROOF', 'HEALTH'] as const

export interface NotificationFilters {
  /** '' means every kind. */
  kind: string
  unreadOnly: boolean
  /** '' means everything; else one watched address or followed circuit: `address:<pubkey>`, `circuit:<id>`. */
  topic?: string
}

export const NO_NOTIFICATION_FILTERS: NotificationFilters = { kind: '', unreadOnly: false, topic: '' }

export function notificationQueryOf(filters: NotificationFilters): NotificationQuery {
  const query: NotificationQuery = {}
  if (filters.kind) query.kind = filters.kind
  if (filters.unreadOnly) query.unreadOnly = true
  if (filters.topic) query.topic = filters.topic
  return query
}

function matches(notification: AppNotification, filters: NotificationFilters): boolean {
  if (filters.kind && notification.kind !== filters.kind) return false
  if (filters.topic && (!notification.topic || topicKey(notification.topic) !== filters.topic)) return false
  return !(filters.unreadOnly && notification.read)
}

/**
 * The notification centre: every notification main keeps, filtered and
 * paged, with pushed ones added on top, and the unread count for the badge.
 */
export const useNotificationsStore = defineStore('notifications', () => {
  const bridge = getBridge()
  const filters = shallowRef<NotificationFilters>({ ...NO_NOTIFICATION_FILTERS })
  const freshness = shallowRef<Freshness | null>(null)
  const list = usePagedList(async (query: NotificationQuery) => {
    const page = await bridge.listNotifications(query)
    if (!query.cursor) freshness.value = page.freshness ?? null
    return page
  }, (notification: AppNotification) => notification.id)

  const unreadStore = useUnreadStore()
  /** The one unread model's total (main counts it; see stores/unread). */
  const unread = computed(() => unreadStore.total)
  const unreadError = computed(() => unreadStore.error)
  const marking = ref(false)
  const markError = shallowRef<ErrorInfo | null>(null)
  /** Kinds seen in any list or push, beyond the known ones. */
  const seenKinds = ref<string[]>([])

  function noteKinds(items: readonly AppNotification[]): void {
    const known = new Set<string>([...KNOWN_NOTIFICATION_KINDS, ...seenKinds.value])
    const fresh = [...new Set(items.map((item) => item.kind))].filter((kind) => !known.has(kind))
    if (fresh.length) seenKinds.value = [...seenKinds.value, ...fresh]
  }

  const refreshUnread = (): Promise<void> => unreadStore.refresh()
  /** Asks for the unread counts unless that was asked already (the nav badge calls it). */
  const ensureUnread = (): Promise<void> => unreadStore.ensureLoaded()

  async function applyFilters(next: NotificationFilters): Promise<void> {
    filters.value = { ...next }
    await list.load(notificationQueryOf(next))
    noteKinds(list.items.value)
  }

  async function loadMore(): Promise<void> {
    await list.loadMore()
    noteKinds(list.items.value)
  }

  function ensureLoaded(next: NotificationFilters = filters.value): Promise<void> {
    if (list.holds(notificationQueryOf(next))) return Promise.resolve()
    return applyFilters(next)
  }

  bridge.on('notifications', (batch) => {
    noteKinds(batch)
    // A batch arrives oldest first; the centre shows newest first. An entry already shown (a growing burst) is updated in place.
    const byId = new Map(batch.map((item) => [item.id, item]))
    if (list.items.value.some((item) => byId.has(item.id))) {
      list.items.value = list.items.value.map((item) => {
        const update = byId.get(item.id)
        return update ? { ...update, read: item.read, subject: update.subject ?? item.subject ?? null } : item
      })
    }
    const arrivals = [...batch].reverse()
    // Only a list already shown takes arrivals (prepend skips held ones); the next load brings them otherwise.
    list.prepend(arrivals.filter((item) => matches(item, filters.value)))
  })

  // Marked read in another page, the desktop window or the indexer's own list: the same rows read here.
  bridge.on('notificationsRead', (changes) => {
    if (!list.items.value.some((item) => !item.read && changes.some((change) => readChangeCovers(change, item)))) return
    list.items.value = list.items.value.map((item) =>
      !item.read && changes.some((change) => readChangeCovers(change, item)) ? { ...item, read: true } : item,
    )
  })

  async function markRead(ids: string[] | 'all'): Promise<boolean> {
    if (ids !== 'all' && ids.length === 0) return true
    marking.value = true
    markError.value = null
    try {
      const result = await bridge.markNotificationsRead(ids)
      const marked = ids === 'all' ? null : new Set(ids)
      // Read ones stay where they are, even under "unread only": rows do not vanish under the pointer.
      list.items.value = list.items.value.map((item) =>
        !item.read && (marked === null || marked.has(item.id)) ? { ...item, read: true } : item,
      )
      unreadStore.set(result)
      return true
    } catch (caught) {
      markError.value = toErrorInfo(caught)
      return false
    } finally {
      marking.value = false
    }
  }

  const kinds = computed(() => [...KNOWN_NOTIFICATION_KINDS, ...seenKinds.value])

  useFollowConnection({ error: list.error, retry: list.retry, restart: list.reload })

  return {
    filters,
    freshness,
    ...pagedListState(list),
    unread,
    unreadError,
    marking,
    markError,
    kinds,
    applyFilters,
    ensureLoaded,
    loadMore,
    retry: list.retry,
    reload: list.reload,
    refreshUnread,
    ensureUnread,
    markRead,
    markAllRead: () => markRead('all'),
  }
})
