/**
 * Newest-first pages over a RecordLog, with the reference deployment's
 * cursor: base64url of the last item's key. A cursor that does not name a
 * held record yields an empty last page, never an error.
 */
import type { RecordLog, Sequenced } from './record-log'

export function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url')
}

/** The key a cursor names; garbage decodes to a string no record has. */
export function decodeCursor(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString('utf8')
}

export interface PageSpec<T extends Sequenced> {
  /** Undefined when the filter names nothing held (e.g. an unknown authority). */
  log: RecordLog<T> | undefined
  /** Range of log indexes to consider, [from, to); the whole log by default. */
  from?: number
  to?: number
  /** A filter the log does not already apply. */
  matches?: (item: T) => boolean
  /** Absent: first page. null: the cursor names no held record. */
  afterSeq?: number | null
  limit: number
  keyOf: (item: T) => string
}

export interface PageOf<T> {
  items: T[]
  nextCursor: string | null
  total: number
}

export function pageNewestFirst<T extends Sequenced>(spec: PageSpec<T>): PageOf<T> {
  const { log, matches, limit, keyOf } = spec
  if (log === undefined) return { items: [], nextCursor: null, total: 0 }
  const from = Math.max(0, spec.from ?? 0)
  const to = Math.min(log.length, spec.to ?? log.length)
  const total = countMatches(log, from, to, matches)
  if (spec.afterSeq === null) return { items: [], nextCursor: null, total }

  const start = spec.afterSeq === undefined ? to : Math.min(to, log.firstWithSeqAtLeast(spec.afterSeq))
  const items: T[] = []
  let more = false
  for (let index = start - 1; index >= from; index--) {
    const item = log.at(index)
    if (matches !== undefined && !matches(item)) continue
    if (items.length === limit) {
      more = true
      break
    }
    items.push(item)
  }
  const last = items[items.length - 1]
  return { items, nextCursor: more && last !== undefined ? encodeCursor(keyOf(last)) : null, total }
}

function countMatches<T extends Sequenced>(
  log: RecordLog<T>,
  from: number,
  to: number,
  matches: ((item: T) => boolean) | undefined,
): number {
  if (to <= from) return 0
  if (matches === undefined) return to - from
  let count = 0
  for (let index = from; index < to; index++) if (matches(log.at(index))) count++
  return count
}
