/**
 * Bursts of one watched address or followed circuit, each one centre entry
 * (entry-builder.ts decides what joins them). A quiet gap, a long burst or
 * reading it starts the next group, so what comes after a read is unread
 * again. Here too the words of a group's entry and the wire-shaped copy the
 * cache reads back, apart from the pairing and roll-up rules.
 */
import type { AppNotification, NotificationGroupItem, Subject } from '@shared/domain'
import { topicKey, type Topic } from '@shared/unread'
import { reasonFor } from './reason'

/** A quiet gap this long ends a burst of one address or circuit; a burst is cut into groups of at most this span. */
export const DEFAULT_BURST_GAP_MS = 60_000
export const DEFAULT_BURST_SPAN_MS = 600_000

/** The title of the indexer's notice about activity of an address in the account's watchlist (docs/wire.md). */
export const WATCHED_ACTIVITY_TITLE = 'Watched address activity'

export interface BurstGroup {
  topic: Topic
  id: string
  firstAt: number
  lastAt: number
  count: number
  failed: number
  items: NotificationGroupItem[]
  /** The account's "Watched address activity" notices this group stands for. */
  notices: number
  /** The id of the first of them: the group's id once one came. */
  noticeId: string | null
}

export class BurstGroups {
  private readonly open = new Map<string, BurstGroup>()

  constructor(
    private readonly gapMs: number,
    private readonly spanMs: number,
    /** Items a group lists (its count goes on). */
    private readonly itemsKept: number,
  ) {}

  /** The open group of a topic, or a new one named `firstId` when the burst ended. */
  groupFor(topic: Topic, firstId: string, now: number): BurstGroup {
    const key = topicKey(topic)
    const open = this.open.get(key)
    if (open && now - open.lastAt <= this.gapMs && now - open.firstAt <= this.spanMs) return open
    const group: BurstGroup = { topic, id: firstId, firstAt: now, lastAt: now, count: 0, failed: 0, items: [], notices: 0, noticeId: null }
    this.open.set(key, group)
    return group
  }

  /** One more thing happened in the group. */
  add(group: BurstGroup, item: NotificationGroupItem, now: number, failed = false): void {
    group.count++
    if (failed) group.failed++
    group.lastAt = now
    if (group.items.length < this.itemsKept) group.items.push(item)
  }

  /** Groups read take no more. */
  close(which: 'all' | { ids: readonly string[] } | { topic: Topic }): void {
    for (const [key, group] of this.open) {
      if (which === 'all' || ('ids' in which && which.ids.includes(group.id)) || ('topic' in which && topicKey(which.topic) === key)) {
        this.open.delete(key)
      }
    }
  }

  clear(): void {
    this.open.clear()
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** A group's centre entry; `name`: its address's label or its circuit's name. */
export function groupEntry(group: BurstGroup, name: string): AppNotification {
  const isAddress = group.topic.kind === 'address'
  const [first] = group.items
  const single = group.count === 1 && first !== undefined
  const kind = isAddress ? 'ADDRESS_TRANSACTION' : 'CIRCUIT_PROOF'
  let title: string
  if (isAddress) {
    const what = group.failed === group.count ? plural(group.count, 'failed transaction', 'failed transactions') : plural(group.count, 'new transaction', 'new transactions')
    title = single ? (group.failed ? `Transaction failed on ${name}` : `New transaction on ${name}`) : `${what} on ${name}`
    if (!single && group.failed > 0 && group.failed < group.count) title += ` (${group.failed} failed)`
  } else {
    title = single ? `New proof on ${name}` : `${plural(group.count, 'new proof', 'new proofs')} on ${name}`
  }
  const shown = group.items.slice(0, 3).map((item) => item.text)
  const rest = group.count - shown.length
  let body = rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ')
  if (group.notices > 0) {
    // What the account's notices said (a verified proof each), in the same entry.
    const said = `${name} verified ${group.notices === 1 ? 'a proof' : `${group.notices} proofs`}`
    if (group.count === 0) title = WATCHED_ACTIVITY_TITLE
    body = body === '' ? `${said}.` : `${body} · ${said}`
  }
  const subject: Subject = single ? first.subject : group.topic
  const at = group.firstAt
  const groupInfo = { count: group.count, failed: group.failed, items: group.items, lastAt: group.lastAt }
  return {
    id: group.id,
    kind,
    title,
    body,
    receivedAt: at,
    read: false,
    subject,
    topic: group.topic,
    group: groupInfo,
    // In the wire's shape, so the cache reads it back as it reads the indexer's notifications.
    raw: { id: group.id, type: kind, title, body, subject, group: groupInfo },
    extra: {},
    reason: reasonFor({ source: isAddress ? 'addresses' : 'circuits', watched: { kind: group.topic.kind, name }, grouped: group.count }),
  }
}
