import { describe, expect, it } from 'vitest'
import type { CircuitList } from '@shared/domain'
import { CIRCUIT_LIST_MS, CircuitWatch, type CircuitChange } from './circuit-watch'

function list(ids: Array<[string, string | null, (boolean | null)?]>, origin: CircuitList['origin'] = 'indexer'): CircuitList {
  return {
    circuits: ids.map(([id, name, enabled]) => ({ id, name, proofType: null, description: null, ...(enabled === undefined ? {} : { enabled }) })),
    origin,
    freshness: { source: 'network', fetchedAt: 1 },
  }
}

describe('CircuitWatch', () => {
  it('notices circuits added, dropped and renamed between two reads of the indexer’s list', async () => {
    let answer = list([['1', 'balance_proof'], ['2', 'ownership_proof']])
    const changes: CircuitChange[] = []
    const watch = new CircuitWatch({ read: async () => answer, onChange: (change) => changes.push(change) })
    expect(await watch.check()).toBeNull()
    answer = list([['1', 'balance_proof_v2'], ['3', 'age_proof']])
    expect(await watch.check()).toEqual({ added: ['3'], removed: ['2'], renamed: ['1'], disabled: [], enabled: [] })
    expect(await watch.check()).toBeNull()
    expect(changes).toHaveLength(1)
  })

  it('notices a circuit disabled, and enabled again, from the list’s `enabled`', async () => {
    let answer = list([['1', 'balance_proof', true], ['2', 'ownership_proof', null], ['3', 'age_proof', true]])
    const watch = new CircuitWatch({ read: async () => answer, onChange: () => {} })
    expect(await watch.check()).toBeNull()
    answer = list([['1', 'balance_proof', false], ['2', 'ownership_proof', false], ['3', 'age_proof', null]])
    // Not saying any more (null) is not disabling.
    expect(await watch.check()).toEqual({ added: [], removed: [], renamed: [], disabled: ['1', '2'], enabled: [] })
    expect(await watch.check()).toBeNull()
    answer = list([['1', 'balance_proof', true], ['2', 'ownership_proof', false], ['3', 'age_proof', null]])
    expect(await watch.check()).toEqual({ added: [], removed: [], renamed: [], disabled: [], enabled: ['1'] })
    expect(watch.nameOf('2')).toBe('ownership_proof')
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
