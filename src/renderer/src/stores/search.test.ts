import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { deferred } from '@test/support/renderer/deferred'
import { account } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeSearchHit } from '@test/support/renderer/workspace-fixtures'
import type { SearchHit } from '@shared/history'
import { routeOfHit, searchShape, useSearchStore } from './search'

const SIGNATURE = '5'.repeat(44) + 'K'.repeat(44)
const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('searchShape', () => {
  it('tells signatures, addresses and words apart', () => {
    expect(searchShape('  ')).toBe('empty')
    expect(searchShape(SIGNATURE)).toBe('signature')
    expect(searchShape(SIGNATURE.slice(1))).toBe('signature')
    expect(searchShape(ADDRESS)).toBe('address')
    expect(searchShape(` ${ADDRESS.slice(0, 32)} `)).toBe('address')
    expect(searchShape(ADDRESS.slice(0, 31))).toBe('text')
    // 0, O, I and l are not base58.
    expect(searchShape(ADDRESS.replace('7', '0'))).toBe('text')
    expect(searchShape('proof revoked')).toBe('text')
  })

  it('routes each kind of hit to its view', () => {
    expect(routeOfHit('transaction', 'S')).toEqual({ name: 'transaction', params: { signature: 'S' } })
    expect(routeOfHit('proof', 'P')).toEqual({ name: 'proof', params: { account: 'P' } })
    expect(routeOfHit('address', 'A')).toEqual({ name: 'address', params: { pubkey: 'A' } })
    expect(routeOfHit('circuit', 'C')).toEqual({ name: 'watchlist', query: { circuit: 'C' } })
    expect(routeOfHit('notification', 'N')).toEqual({ name: 'notifications', query: { focus: 'N' } })
  })
})

describe('search store', () => {
  it('asks the cache first and the indexer only for an id the cache lacks', async () => {
    bridge.handle('search', (input) =>
      input.network ? [makeSearchHit('transaction', SIGNATURE, { source: 'network' })] : [makeSearchHit('notification', 'n-1')],
    )
    const search = useSearchStore()
    await search.run(SIGNATURE)
    expect(bridge.callsOf('search')).toEqual([[{ text: SIGNATURE, network: false }], [{ text: SIGNATURE, network: true }]])
    expect(search.entries.map((entry) => [entry.kind, entry.source])).toEqual([
      ['notification', 'cache'],
      ['transaction', 'network'],
    ])
  })

  it('does not ask the indexer when the cache holds the id, nor for words', async () => {
    bridge.handle('search', () => [makeSearchHit('address', ADDRESS)])
    const search = useSearchStore()
    await search.run(ADDRESS)
    await search.run('revoked')
    expect(bridge.callsOf('search')).toEqual([[{ text: ADDRESS, network: false }], [{ text: 'revoked', network: false }]])
  })

  it('offers the views an id of that shape opens when nothing was found', async () => {
    bridge.handle('search', () => [])
    const search = useSearchStore()
    await search.run(ADDRESS)
    expect(search.entries.map((entry) => [entry.kind, entry.source])).toEqual([
      ['address', 'guess'],
      ['proof', 'guess'],
    ])
    await search.run(SIGNATURE)
    expect(search.entries.map((entry) => entry.route)).toEqual([{ name: 'transaction', params: { signature: SIGNATURE } }])
    await search.run('nothing here')
    expect(search.entries).toEqual([])
  })

  it('keeps what the cache found when the indexer cannot be asked', async () => {
    bridge.handle('search', (input) => {
      if (input.network) throw new Error('indexer down')
      return [makeSearchHit('proof', account(1))]
    })
    const search = useSearchStore()
    await search.run(ADDRESS)
    expect(search.networkError?.message).toBe('indexer down')
    expect(search.entries[0]?.kind).toBe('proof')
    expect(search.error).toBeNull()
  })

  it('shows a failed cache search as the error and keeps only the latest answer', async () => {
    const slow = deferred<SearchHit[]>()
    bridge.handle('search', (input) => (input.text === 'old' ? slow.promise : [makeSearchHit('circuit', 'c-new')]))
    const search = useSearchStore()
    const first = search.run('old')
    await search.run('new')
    slow.resolve([makeSearchHit('circuit', 'c-old')])
    await first
    expect(search.entries.map((entry) => entry.key)).toEqual(['circuit:c-new'])

    bridge.fail('search', { code: 'INTERNAL', message: 'cache damaged' })
    await search.run('x')
    expect(search.error?.message).toBe('cache damaged')
    search.reset()
    expect(search.error).toBeNull()
    expect(search.stage).toBe('idle')
  })
})
