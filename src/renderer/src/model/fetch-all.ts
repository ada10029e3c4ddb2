/**
 * Pages a list from the indexer to its end, so that an export can hold every
 * row the indexer counts and not only the cached ones (every page fetched is
 * cached by main as it passes). One page at a time with a pause between
 * pages, stoppable, and resumable from the state it last reported.
 */
import type { Page } from '@shared/domain'

export interface FetchAllState {
  /** Where the next page starts; null at the start, and at the end. */
  cursor: string | null
  fetched: number
  done: boolean
}

export interface FetchAllOptions<T> {
  fetchPage(cursor: string | null): Promise<Page<T>>
  /** A previous run's last state: it goes on from there. */
  from?: FetchAllState | null
  onProgress(state: FetchAllState): void
  /** Between two pages: what keeps the run well inside the indexer's rate limit. */
  pause(): Promise<void>
  stopped(): boolean
}

export const START: FetchAllState = { cursor: null, fetched: 0, done: false }

export async function fetchAllPages<T>(options: FetchAllOptions<T>): Promise<FetchAllState> {
  let state = options.from && !options.from.done ? options.from : START
  const seen = new Set<string>()
  while (!options.stopped()) {
    const page = await options.fetchPage(state.cursor)
    const next = page.nextCursor
    if (next !== null && (seen.has(next) || next === state.cursor)) {
      throw new Error('The indexer gave the same page cursor twice; fetching stopped there, and what came so far is cached')
    }
    if (next !== null) seen.add(next)
    state = { cursor: next, fetched: state.fetched + page.items.length, done: next === null }
    options.onProgress(state)
    if (state.done) break
    await options.pause()
  }
  return state
}
