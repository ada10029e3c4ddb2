/**
 * Push verdicts kept in each indexer's metadata in the history cache: after a
 * restart the app follows an indexer as it learned to (docs/wire.md: the
 * reference never pushes address activity), instead of calling every kind
 * unknown and waiting out a fresh check. The verdict's own age still decides
 * when it is checked again (PUSH_MEMORY_MAX_AGE_MS).
 */
import { PUSH_KINDS, type PushKind } from '@shared/domain'
import type { HistoryCache } from '../history/history-cache'
import { createPushMemory, type PushMemory, type PushMemoryEntry } from '../live/push-watch'

const METADATA_KEY = 'pushVerdicts'
/** A verdict that holds is written again at most this often: every pushed event confirms it. */
const REWRITE_AFTER_MS = 60 * 60 * 1000
/** Clocks of two runs may differ a little; a verdict dated later than this is not believed (it would never be checked again). */
const FUTURE_SLACK_MS = 5 * 60 * 1000

export function keptPushMemory(history: () => HistoryCache, clock: () => number = Date.now): PushMemory {
  const memory = createPushMemory()
  const loaded = new Set<string>()
  const written = new Map<string, PushMemoryEntry>()
  const key = (indexer: string, kind: PushKind) => JSON.stringify([indexer, kind])

  const load = (indexer: string) => {
    if (loaded.has(indexer)) return
    loaded.add(indexer)
    for (const [kind, entry] of keptEntries(readMetadata(history, indexer), clock())) {
      if (memory.get(indexer, kind) !== undefined) continue
      memory.set(indexer, kind, entry)
      written.set(key(indexer, kind), entry)
    }
  }

  return {
    get(indexer, kind) {
      load(indexer)
      return memory.get(indexer, kind)
    },
    set(indexer, kind, entry) {
      load(indexer)
      memory.set(indexer, kind, entry)
      const last = written.get(key(indexer, kind))
      if (last !== undefined && last.verdict === entry.verdict && entry.at - last.at < REWRITE_AFTER_MS) return
      written.set(key(indexer, kind), { ...entry })
      try {
        history()
          .forIndexer(indexer)
          .updateMetadata({ [METADATA_KEY]: { [kind]: { verdict: entry.verdict, at: entry.at } } })
      } catch {
        // A closed or unavailable cache: the verdict holds for this run, and the cache reports its own state.
      }
    },
  }
}

function readMetadata(history: () => HistoryCache, indexer: string): unknown {
  try {
    return history().forIndexer(indexer).metadata()[METADATA_KEY]
  } catch {
    // Unreadable metadata is as good as none: every kind is checked afresh.
    return undefined
  }
}

/** The well-formed entries of what the cache holds; anything else is dropped (the file is not trusted). */
function keptEntries(held: unknown, now: number): [PushKind, PushMemoryEntry][] {
  if (typeof held !== 'object' || held === null || Array.isArray(held)) return []
  const entries: [PushKind, PushMemoryEntry][] = []
  for (const kind of PUSH_KINDS) {
    const entry = (held as Record<string, unknown>)[kind]
    if (typeof entry !== 'object' || entry === null) continue
    const { verdict, at } = entry as Record<string, unknown>
    if (verdict !== 'pushed' && verdict !== 'not-pushed') continue
    if (typeof at !== 'number' || !Number.isFinite(at) || at <= 0 || at > now + FUTURE_SLACK_MS) continue
    entries.push([kind, { verdict, at }])
  }
  return entries
}
