/**
 * The one unread model: how many notification-centre entries are unread, in
 * all and per watched address and followed circuit. Main counts them from
 * the history cache and pushes them as one `unread` event; the centre, the
 * navigation badges, the watchlist and the tray all show these numbers.
 */
import type { Subject } from './domain'

export interface UnreadCounts {
  total: number
  /** Unread entries about each watched address, by pubkey (absent: none). */
  addresses: Record<string, number>
  /** Unread entries about each followed circuit, by circuit id (absent: none). */
  circuits: Record<string, number>
}

export const NO_UNREAD: UnreadCounts = { total: 0, addresses: {}, circuits: {} }

/** What an entry belongs to: a watched address or a followed circuit. */
export type Topic = Subject & { kind: 'address' | 'circuit' }

/** `address:<pubkey>` or `circuit:<id>`: how a topic is stored and filtered on. */
export function topicKey(topic: Topic): string {
  return `${topic.kind}:${topic.id}`
}

export function topicOfKey(key: string): Topic | null {
  const separator = key.indexOf(':')
  const kind = key.slice(0, separator)
  const id = key.slice(separator + 1)
  if (separator < 0 || id === '' || (kind !== 'address' && kind !== 'circuit')) return null
  return { kind, id }
}

/**
 * Entries marked read somewhere (one page, the desktop window, the indexer's
 * own list), pushed to every open page so each shows the same rows read.
 * `topic` is a topicKey.
 */
export type ReadChange = { scope: 'ids'; ids: string[] } | { scope: 'all' } | { scope: 'topic'; topic: string }

/** Whether `change` marks `entry` read. */
export function readChangeCovers(change: ReadChange, entry: { id: string; topic?: Topic | null }): boolean {
  if (change.scope === 'all') return true
  if (change.scope === 'ids') return change.ids.includes(entry.id)
  return entry.topic != null && topicKey(entry.topic) === change.topic
}

