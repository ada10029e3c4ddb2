/**
 * The cache's reads of one indexer's notification entries: a page of them,
 * unread counts (the one unread model) and read states, and the checks of
 * what a caller names to mark read or remove.
 */
import type { AppNotification, Page } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { topicOfKey, type Topic, type UnreadCounts } from '@shared/unread'
import { requireText } from '../indexer/arguments'
import type { HistoryDatabase } from './database'
import { ANCHOR_SQL, notificationCountQuery, notificationPageQuery, type Anchor, type NotificationFilter, type Paging } from './local-filter'
import type { NotificationRow } from './stored-records'
import { countUpTo, emptyPage, rowsOf, storedPage, type Stored } from './stored-pages'

/** `decode`: a row to its entry, or null when it no longer decodes (left out). */
export function notificationPage(
  db: HistoryDatabase,
  id: number,
  filter: NotificationFilter,
  paging: Paging,
  decode: (row: NotificationRow & { stored_at: number }) => AppNotification | null,
): Stored<Page<AppNotification>> {
  let anchor: Omit<Anchor, 'slot'> | null = null
  if (paging.afterKey !== undefined) {
    anchor = (db.statement(ANCHOR_SQL.notification).get(id, paging.afterKey) as Omit<Anchor, 'slot'> | undefined) ?? null
    if (anchor === null) return { data: emptyPage(countUpTo(db, (cap) => notificationCountQuery(id, filter, cap))), storedAt: null }
  }
  const rows = rowsOf<NotificationRow & { stored_at: number }>(db, notificationPageQuery(id, filter, anchor, paging.limit + 1))
  return storedPage(rows, paging.limit, decode, (n) => n.id, countUpTo(db, (cap) => notificationCountQuery(id, filter, cap)))
}

export function unreadNotificationCount(db: HistoryDatabase, id: number): number {
  return Number((db.statement('SELECT count(*) AS n FROM notifications WHERE indexer_id = ? AND read = 0').get(id) as { n: number }).n)
}

/** The read state of those of `ids` the cache holds (absent: not held). */
export function notificationReadStates(db: HistoryDatabase, id: number, ids: readonly string[], states: Map<string, boolean>): Map<string, boolean> {
  const lookup = db.statement('SELECT read FROM notifications WHERE indexer_id = ? AND notification_id = ?')
  for (const notificationId of ids) {
    const row = lookup.get(id, notificationId) as { read: number } | undefined
    if (row !== undefined) states.set(notificationId, row.read === 1)
  }
  return states
}

/** Every unread entry, and those of each watched address and followed circuit. */
export function unreadCounts(db: HistoryDatabase, id: number): UnreadCounts {
  const rows = db.statement('SELECT topic, count(*) AS n FROM notifications WHERE indexer_id = ? AND read = 0 GROUP BY topic').all(id) as Array<{ topic: string | null; n: number }>
  const counts: UnreadCounts = { total: 0, addresses: {}, circuits: {} }
  for (const row of rows) {
    const n = Number(row.n)
    counts.total += n
    const topic = row.topic === null ? null : topicOfKey(row.topic)
    if (topic?.kind === 'address') counts.addresses[topic.id] = n
    else if (topic?.kind === 'circuit') counts.circuits[topic.id] = n
  }
  return counts
}

export function checkTopic(topic: unknown): Topic {
  const { kind, id } = (topic ?? {}) as Partial<Topic>
  if ((kind !== 'address' && kind !== 'circuit') || typeof id !== 'string' || id === '') {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'Only a watched address or a followed circuit has entries of its own' })
  }
  return { kind, id: requireText(id, 'An address or circuit id', 256) }
}

export function checkIds(ids: unknown): string[] {
  if (!Array.isArray(ids)) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: "Notification ids must be a list or 'all'" })
  return ids.map((id) => requireText(id, 'A notification id', 256))
}
