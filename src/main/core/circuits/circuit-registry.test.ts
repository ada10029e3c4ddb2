import { describe, expect, it } from 'vitest'
import type { CircuitCard, CircuitDetail } from '@shared/circuits'
import { ProofWatchError } from '@shared/errors'
import { silentLogger } from '../log/log'
import { CircuitRegistry } from './circuit-registry'
import type { CircuitKeyChange } from './key-fingerprint'

function detail(id: string, key: string, enabled = true): CircuitDetail {
  return { id, name: `circuit_${id}`, proofType: 'BALANCE', description: null, publicInputCount: 1, enabled, registeredSlot: '1', verifyingKey: key }
}

function setup(options: { inUse?: string[]; followed?: string[] } = {}) {
  const keys = new Map([['1', detail('1', 'aa01')], ['2', detail('2', 'bb02')]])
  let cards: CircuitCard[] = []
  let offline = false
  const raised: CircuitKeyChange[][] = []
  const registry = new CircuitRegistry({
    client: {
      circuitCatalog: async () => {
        if (offline) throw new ProofWatchError({ code: 'UNREACHABLE', message: 'connection refused', retryable: true })
        return [...keys.values()].map(({ verifyingKey: _key, ...facts }) => facts)
      },
      circuitDetail: async (id) => keys.get(id)!,
    },
    history: {
      circuitCards: () => cards,
      recordCircuitCards: (next) => void (cards = [...next]),
      recordCircuits: () => {},
      circuitsInUse: () => new Set(options.inUse ?? []),
    },
    scope: () => ({ wallet: null, watched: [], followedCircuits: options.followed ?? [] }),
    raise: (changes) => void raised.push([...changes]),
    log: silentLogger,
    clock: () => 5,
  })
  return { registry, keys, raised, goOffline: () => (offline = true) }
}

describe('the circuit registry', () => {
  it('tells changes only to circuits the user\'s or watched proofs use', async () => {
    const { registry, keys, raised } = setup({ inUse: ['1'] })
    await registry.read()
    keys.set('2', detail('2', 'bb03'))
    await registry.read()
    expect(raised).toEqual([])
    keys.set('1', detail('1', 'aa02', false))
    await registry.read()
    expect(raised).toHaveLength(1)
    expect(raised[0]!.map((change) => [change.kind, change.id])).toEqual([
      ['key-changed', '1'],
      ['disabled', '1'],
    ])
  })

  it('counts a followed circuit as one the user relies on', async () => {
    const { registry, keys, raised } = setup({ followed: ['2'] })
    await registry.read()
    keys.set('2', detail('2', 'bb03'))
    await registry.read()
    expect(raised.map((changes) => changes.map((change) => change.id))).toEqual([['2']])
  })

  it('answers what was last read when the indexer cannot be reached', async () => {
    const { registry, goOffline } = setup()
    const read = await registry.read()
    goOffline()
    const offline = await registry.read()
    expect(offline).toMatchObject({ source: 'cache', readAt: 5, problem: { code: 'UNREACHABLE' } })
    expect(offline.circuits).toEqual(read.circuits)
  })
})
