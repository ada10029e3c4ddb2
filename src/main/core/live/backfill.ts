/**
 * Fetching over HTTP what a stream missed: newest first, following cursors
 * until the first item already held, bounded in pages; and merging what was
 * fetched with the live events that arrived meanwhile, in order, each once.
 */
import type { Page } from '@shared/domain'
import { walkPages, type WalkEnd } from '../indexer/paging'

export interface BackfillRequest<T> {
  fetchPage: (cursor?: string, limit?: number) => Promise<Page<T>>
  /** The first page's size when smaller than the stream's (a poll's head read); later pages use the stream's. */
  firstPageLimit?: number
  idOf: (item: T) => string
  /** Held before the gap opened: where the walk stops. */
  isHeld: (id: string) => boolean
  maxPages: number
  /** No page is asked after this long; the gap then stays open at its old end. */
  maxDurationMs?: number
  now?: () => number
}

export interface BackfillResult<T> {
  /** Oldest first, each identity once; none of them held. */
  items: T[]
  end: WalkEnd
  /** An item already held was reached, so nothing between it and now is missing. */
  closed: boolean
  pages: number
}

export async function backfill<T>(request: BackfillRequest<T>): Promise<BackfillResult<T>> {
  let pages = 0
  const fetchPage = (cursor?: string): Promise<Page<T>> => {
    pages++
    return pages === 1 && request.firstPageLimit !== undefined ? request.fetchPage(cursor, request.firstPageLimit) : request.fetchPage(cursor)
  }
  const newestFirst: T[] = []
  const seen = new Set<string>()
  const now = request.now ?? Date.now
  const started = now()
  const maxDurationMs = request.maxDurationMs ?? Number.POSITIVE_INFINITY
  const walk = walkPages(fetchPage, {
    maxPages: request.maxPages,
    stopWhen: (item) => request.isHeld(request.idOf(item)),
    keepGoing: () => now() - started < maxDurationMs,
  })
  let step = await walk.next()
  while (!step.done) {
    const id = request.idOf(step.value)
    // A server that shifts its pages between requests may repeat an item.
    if (!seen.has(id)) {
      seen.add(id)
      newestFirst.push(step.value)
    }
    step = await walk.next()
  }
  const end = step.value
  return { items: newestFirst.reverse(), end, closed: end === 'stopped', pages }
}

export interface Ordered<T> {
  item: T
  /** Where it came from; the merge keeps it with the item. */
  origin: 'fetched' | 'live'
}

/**
 * Merges fetched items (oldest first) with live ones (in arrival order) by
 * their position on the chain (slot), fetched first on a tie or when a
 * position is unknown; an identity that appears twice is kept once, where it
 * first appears.
 */
export function mergeInOrder<T>(
  fetched: readonly T[],
  live: readonly T[],
  orderOf: (item: T) => bigint | null,
  idOf: (item: T) => string,
): Ordered<T>[] {
  const merged: Ordered<T>[] = []
  const seen = new Set<string>()
  const take = (item: T, origin: Ordered<T>['origin']): void => {
    const id = idOf(item)
    if (seen.has(id)) return
    seen.add(id)
    merged.push({ item, origin })
  }
  let f = 0
  let l = 0
  while (f < fetched.length && l < live.length) {
    const a = fetched[f] as T
    const b = live[l] as T
    const orderA = orderOf(a)
    const orderB = orderOf(b)
    if (orderA === null || orderB === null || orderA <= orderB) {
      take(a, 'fetched')
      f++
    } else {
      take(b, 'live')
      l++
    }
  }
  for (; f < fetched.length; f++) take(fetched[f] as T, 'fetched')
  for (; l < live.length; l++) take(live[l] as T, 'live')
  return merged
}

/** Runs at most `limit` tasks at once, the rest in the order they were asked (many addresses after a reconnect). */
export class TaskLimiter {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limit: number) {}

  async run<R>(task: () => Promise<R>): Promise<R> {
    // A finishing task hands its slot to the next waiting one, so no newcomer slips in between.
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.running++
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
