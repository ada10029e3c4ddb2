/**
 * The demo user's notification list, as the reference deployment keeps one
 * per signed-in user: newest first, each with its read flag and the subject
 * its `data.url` names, paged by an opaque cursor. Bounded: the oldest are
 * forgotten past the capacity.
 */
import type { NotificationRecord } from './records'

export interface InboxItem {
  readonly record: NotificationRecord
  read: boolean
}

export interface InboxPage {
  items: InboxItem[]
  nextCursor: string | null
  total: number
}

export class NotificationInbox {
  /** Oldest first. */
  private items: InboxItem[] = []
  private readonly byId = new Map<string, InboxItem>()

  constructor(private readonly capacity = 10_000) {}

  add(record: NotificationRecord): void {
    if (this.byId.has(record.id)) return
    const item: InboxItem = { record, read: false }
    this.items.push(item)
    this.byId.set(record.id, item)
    if (this.items.length > this.capacity) {
      const dropped = this.items.splice(0, this.items.length - this.capacity)
      for (const old of dropped) this.byId.delete(old.record.id)
    }
  }

  /**
   * Newest first, after the item the cursor names; a cursor naming nothing gives an empty page.
   * `viewer`: the signed-in user, who also sees the notices addressed to them alone.
   */
  list(limit: number, cursor?: string, viewer?: string): InboxPage {
    const visible = this.items.some((item) => item.record.recipient !== undefined)
      ? this.items.filter((item) => item.record.recipient === undefined || item.record.recipient === viewer)
      : this.items
    let end = visible.length
    if (cursor !== undefined) {
      const id = decodeInboxCursor(cursor)
      const after = id === null ? undefined : this.byId.get(id)
      end = after === undefined ? 0 : visible.indexOf(after)
      if (end < 0) end = 0
    }
    const start = Math.max(0, end - limit)
    const items = visible.slice(start, end).reverse()
    const last = items.at(-1)
    return { items, nextCursor: start > 0 && last ? encodeInboxCursor(last.record.id) : null, total: visible.length }
  }

  /** Unknown ids are fine: the reference answers `{ ok: true }` to them too. */
  markRead(id: string): void {
    const item = this.byId.get(id)
    if (item) item.read = true
  }

  markAllRead(): void {
    for (const item of this.items) item.read = true
  }

  get size(): number {
    return this.items.length
  }

  unreadCount(): number {
    return this.items.reduce((count, item) => count + (item.read ? 0 : 1), 0)
  }
}

export function encodeInboxCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url')
}

function decodeInboxCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  return Buffer.from(cursor, 'base64url').toString('utf8')
}
