/**
 * One session's HTTP client with what the session learns from each answer:
 * every outcome feeds the HTTP health and the rate limit, and an indexer that
 * ignores the page size or repeats a record in a page is said in the log once
 * per list, not at every page.
 */
import { toErrorInfo } from '@shared/errors'
import { IndexerClient } from '../indexer/client'
import type { HttpHealth } from '../indexer/http-health'
import type { ParameterMemory } from '../indexer/negotiation'
import type { Logger } from '../log/log'
import type { RateLimit } from '../polling/rate-limit'

export interface SessionClientOptions {
  baseUrl: string
  memory: ParameterMemory
  headers: () => Record<string, string>
  health: HttpHealth
  rateLimit: RateLimit
  log: Logger
}

export function sessionClient({ baseUrl, memory, headers, health, rateLimit, log }: SessionClientOptions): IndexerClient {
  // Said once per list: an indexer that ignores `limit` does so at every page.
  const toldLists = new Set<string>()
  return new IndexerClient({
    baseUrl,
    memory,
    headers,
    onOutcome: (outcome) => {
      health.note(outcome)
      if (outcome.ok && outcome.headers) rateLimit.noteHeaders(outcome.headers)
      else if (!outcome.ok) rateLimit.noteError(toErrorInfo(outcome.error))
    },
    onTrimmed: ({ list, answered, asked }) => {
      if (toldLists.has(list)) return
      toldLists.add(list)
      log.warn(
        `the indexer answered ${answered} ${list} where ${asked} were asked: trimmed to the first ${asked}, the rest not read (it ignores the page size; later trims of ${list} are not logged)`,
      )
    },
    onDuplicates: ({ list, ids, dropped }) => {
      if (toldLists.has(`duplicates:${list}`)) return
      toldLists.add(`duplicates:${list}`)
      log.warn(`a page of ${list} named the same record more than once: ${dropped} ${dropped === 1 ? 'copy' : 'copies'} dropped, the one with the highest slot kept (later repeats in ${list} are not logged)`, { ids })
    },
  })
}
