import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempFolder } from '@test/support/temp-folder'
import { HistoryCache } from '../history/history-cache'
import { PushWatch } from '../live/push-watch'
import { keptPushMemory } from './kept-push-memory'

const INDEXER = 'http://127.0.0.1:1'
const HOUR = 60 * 60 * 1000

const caches: HistoryCache[] = []
afterEach(() => {
  caches.splice(0).forEach((cache) => cache.close())
})

function cacheFile(): string {
  return join(tempFolder('proofwatch-push-memory-'), 'history.sqlite')
}

function open(path: string): HistoryCache {
  const cache = HistoryCache.open({ path })
  caches.push(cache)
  return cache
}

function reopen(cache: HistoryCache, path: string): HistoryCache {
  cache.close()
  caches.splice(caches.indexOf(cache), 1)
  return open(path)
}

describe('keptPushMemory', () => {
  it('gives the next run the verdicts this one learned, per indexer', () => {
    const path = cacheFile()
    let cache = open(path)
    const now = 1_800_000_000_000
    keptPushMemory(() => cache, () => now).set(INDEXER, 'address', { verdict: 'not-pushed', at: now - 1_000 })
    keptPushMemory(() => cache, () => now).set(INDEXER, 'proofs', { verdict: 'pushed', at: now - 2_000 })

    cache = reopen(cache, path)
    const next = keptPushMemory(() => cache, () => now)
    expect(next.get(INDEXER, 'address')).toEqual({ verdict: 'not-pushed', at: now - 1_000 })
    expect(next.get(INDEXER, 'proofs')).toEqual({ verdict: 'pushed', at: now - 2_000 })
    expect(next.get(INDEXER, 'stats')).toBeUndefined()
    expect(next.get('http://another.example', 'address')).toBeUndefined()
  })

  it('starts a push watch from the kept verdict, which is checked again once it is a day old', () => {
    const path = cacheFile()
    let cache = open(path)
    let now = 1_800_000_000_000
    keptPushMemory(() => cache, () => now).set(INDEXER, 'address', { verdict: 'not-pushed', at: now })
    cache = reopen(cache, path)

    const watch = new PushWatch({ memory: keptPushMemory(() => cache, () => now), indexer: INDEXER, now: () => now, listening: () => true, onVerdict: () => {} })
    expect(watch.verdict('address')).toBe('not-pushed')
    expect(watch.stale('address')).toBe(false)
    now += 25 * HOUR
    expect(watch.stale('address')).toBe(true)
    watch.dispose()
  })

  it('writes a verdict that holds at most once an hour, and a changed one at once', () => {
    const cache = open(cacheFile())
    const now = 1_800_000_000_000
    const memory = keptPushMemory(() => cache, () => now)
    const kept = () => (cache.forIndexer(INDEXER).metadata().pushVerdicts as Record<string, unknown>).address
    memory.set(INDEXER, 'address', { verdict: 'pushed', at: now })
    memory.set(INDEXER, 'address', { verdict: 'pushed', at: now + 30 * 60_000 })
    expect(kept()).toEqual({ verdict: 'pushed', at: now })
    expect(memory.get(INDEXER, 'address')).toEqual({ verdict: 'pushed', at: now + 30 * 60_000 })
    memory.set(INDEXER, 'address', { verdict: 'pushed', at: now + 61 * 60_000 })
    expect(kept()).toEqual({ verdict: 'pushed', at: now + 61 * 60_000 })
    memory.set(INDEXER, 'address', { verdict: 'not-pushed', at: now + 62 * 60_000 })
    expect(kept()).toEqual({ verdict: 'not-pushed', at: now + 62 * 60_000 })
  })

  it('believes nothing malformed the file holds, and still works beside it', () => {
    const cache = open(cacheFile())
    const now = 1_800_000_000_000
    cache.forIndexer(INDEXER).updateMetadata({
      pushVerdicts: {
        proofs: { verdict: 'pushed', at: now + 10 * HOUR },
        address: { verdict: 'live', at: now },
        stats: { verdict: 'pushed', at: 'yesterday' },
        'user-proofs': ['pushed', now],
        'user-notifications': { verdict: 'not-pushed', at: now - HOUR },
        unheard: { verdict: 'pushed', at: now },
      },
    })
    const memory = keptPushMemory(() => cache, () => now)
    expect(memory.get(INDEXER, 'proofs')).toBeUndefined()
    expect(memory.get(INDEXER, 'address')).toBeUndefined()
    expect(memory.get(INDEXER, 'stats')).toBeUndefined()
    expect(memory.get(INDEXER, 'user-proofs')).toBeUndefined()
    expect(memory.get(INDEXER, 'user-notifications')).toEqual({ verdict: 'not-pushed', at: now - HOUR })
  })

  it('keeps verdicts for the run when the cache is closed', () => {
    const cache = open(cacheFile())
    cache.close()
    caches.splice(0)
    const memory = keptPushMemory(() => cache, () => 1_000)
    memory.set(INDEXER, 'address', { verdict: 'not-pushed', at: 1_000 })
    expect(memory.get(INDEXER, 'address')).toEqual({ verdict: 'not-pushed', at: 1_000 })
  })
})
