import { describe, expect, it } from 'vitest'
import type { CircuitList } from '@shared/domain'
import { CIRCUIT_LIST_MS, CircuitWatch, type CircuitChange } from './circuit-watch'

function list(ids: Array<[string, string | null]>, origin: CircuitList['origin'] = 'indexer'): CircuitList {
  return { circuits: ids.map(([id, name]) => ({ id, name, proofType: null, description: null })), origin, freshness: { source: 'network', fetchedAt: 1 } }
}

describe('CircuitWatch', () => {
  it('notices circuits added, dropped and renamed between two reads of the indexer’s list', async () => {
    let answer = list([['1', 'balance_proof'], ['2', 'ownership_proof']])
    const changes: CircuitChange[] = []
    const watch = new CircuitWatch({ read: async () => answer, onChange: (change) => changes.push(change) })
    expect(await watch.check()).toBeNull()
    answer = list([['1', 'balance_proof_v2'], ['3', 'age_proof']])
    expect(await watch.check()).toEqual({ added: ['3'], removed: ['2'], renamed: ['1'] })
    expect(await watch.check()).toBeNull()
    expect(changes).toHaveLength(1)
  })

  it('keeps working when the indexer has no list (404: what the cache saw) or cannot be reached', async () => {
    let fail = false
    let answer = list([['1', null]], 'seen')
    const watch = new CircuitWatch({
      read: async () => {
        if (fail) throw new Error('unreachable')
        return answer
      },
      onChange: () => {},
    })
    expect(await watch.check()).toBeNull()
    fail = true
    expect(await watch.check()).toBeNull()
    fail = false
    answer = list([['1', null]])
    expect(await watch.check()).toBeNull()
  })

  it('reads no more often than the reference caches the list', () => {
    expect(CIRCUIT_LIST_MS).toBeGreaterThanOrEqual(5 * 60_000)
  })
})
