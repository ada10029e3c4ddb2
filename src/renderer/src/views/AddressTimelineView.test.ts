import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Page, ReadOptions, Transaction, TransactionQuery } from '@shared/domain'
import type { FakeBridge } from '../../../../test/support/renderer/fake-bridge'
import { deferred } from '../../../../test/support/renderer/deferred'
import { makeConnection, makeTransaction } from '../../../../test/support/renderer/fixtures'
import { mountView, textsOf } from '../../../../test/support/renderer/mount-view'
import { address, makeUnread, makeWatchedAddress, makeWatchlist } from '../../../../test/support/renderer/workspace-fixtures'
import { useConnectionStore } from '@renderer/stores/connection'
import AddressTimelineView from './AddressTimelineView.vue'

const ADDRESS = address(1)

function serve(
  bridge: FakeBridge,
  cache: () => Page<Transaction> | Promise<Page<Transaction>>,
  network: (query: TransactionQuery) => Page<Transaction> | Promise<Page<Transaction>>,
): void {
  bridge.handle('listTransactions', (query: TransactionQuery, options?: ReadOptions) => (options?.source === 'cache' ? cache() : network(query)))
  bridge.handle('getWatchlist', () => makeWatchlist())
}

describe('AddressTimelineView', () => {
  it('refuses an id that is not an address without asking anything', async () => {
    const { wrapper, bridge } = await mountView(AddressTimelineView, '/address/not-base58!', (fake) => fake.handle('getWatchlist', () => makeWatchlist()))
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('This is not a valid address')
    expect(wrapper.find('[data-testid="retry-button"]').exists()).toBe(false)
    expect(bridge.callsOf('listTransactions')).toEqual([])
  })

  it('shows cached rows at once, marked as cached, then the indexer answer', async () => {
    const network = deferred<Page<Transaction>>()
    const { wrapper } = await mountView(AddressTimelineView, `/address/${ADDRESS}`, (bridge) =>
      serve(bridge, () => ({ items: [makeTransaction(1)], nextCursor: null, total: null, freshness: { source: 'cache', fetchedAt: Date.now() - 3 * 3_600_000 } }), () => network.promise),
    )
    expect(wrapper.findAll('[data-testid="timeline-row"]').map((row) => row.attributes('data-origin'))).toEqual(['cache'])
    expect(wrapper.get('[data-testid="timeline-row"]').text()).toContain('Cached')
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Cached 3 hours ago')
    network.resolve({ items: [makeTransaction(2), makeTransaction(1)], nextCursor: 'c1', total: '5', freshness: { source: 'network', fetchedAt: Date.now() } })
    await flushPromises()
    expect(wrapper.findAll('[data-testid="timeline-row"]').map((row) => row.attributes('data-origin'))).toEqual(['network', 'network'])
    expect(wrapper.get('[data-testid="timeline-count"]').text()).toBe('2 of 5 transactions')
    expect(wrapper.find('[data-testid="timeline-load-more"]').exists()).toBe(true)
  })

  it('says it is offline and how old the cache is when main answered from it', async () => {
    const { wrapper } = await mountView(AddressTimelineView, `/address/${ADDRESS}`, (bridge) =>
      serve(bridge, () => ({ items: [], nextCursor: null, total: null }), () => ({
        items: [makeTransaction(3)],
        nextCursor: null,
        total: null,
        freshness: { source: 'cache', fetchedAt: Date.now() - 2 * 3_600_000, offline: { code: 'UNREACHABLE', message: 'connect ECONNREFUSED' } },
      })),
    )
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Offline — cached 2 hours ago')
    expect(wrapper.get('[data-testid="freshness"]').attributes('title')).toContain('connect ECONNREFUSED')
    expect(wrapper.get('[data-testid="timeline-row"]').attributes('data-origin')).toBe('cache')
  })

  it('keeps cached rows with the error and a Retry when the indexer fails', async () => {
    let fail = true
    const { wrapper } = await mountView(AddressTimelineView, `/address/${ADDRESS}`, (bridge) =>
      serve(bridge, () => ({ items: [makeTransaction(1)], nextCursor: null, total: null }), () => {
        if (fail) throw Object.assign(new Error('indexer down'), { code: 'UNREACHABLE', message: 'indexer down' })
        return { items: [makeTransaction(2)], nextCursor: null, total: null }
      }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('cached transactions are shown')
    expect(wrapper.findAll('[data-testid="timeline-row"]')).toHaveLength(1)
    fail = false
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="error-panel"]').exists()).toBe(false)
    expect(wrapper.findAll('[data-testid="timeline-row"]')).toHaveLength(2)
  })

  it('explains an empty timeline', async () => {
    const { wrapper } = await mountView(AddressTimelineView, `/address/${ADDRESS}`, (bridge) =>
      serve(bridge, () => ({ items: [], nextCursor: null, total: null }), () => ({ items: [], nextCursor: null, total: '0' })),
    )
    expect(wrapper.get('[data-testid="timeline-empty"]').text()).toContain('No transactions for this address yet')
  })

  it('adds live transactions on top once, says it is live, and marks the address read', async () => {
    const { wrapper, bridge } = await mountView(AddressTimelineView, `/address/${ADDRESS}`, (fake) => {
      serve(fake, () => ({ items: [], nextCursor: null, total: null }), () => ({ items: [makeTransaction(1)], nextCursor: null, total: null, freshness: { source: 'network', fetchedAt: Date.now() } }))
      fake.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1)]))
      fake.handle('getUnread', () => makeUnread(2, { [ADDRESS]: 2 }))
      fake.handle('markWatchRead', () => makeWatchlist([makeWatchedAddress(1)]))
      fake.handle('getConnection', () => ({ ...makeConnection(), channels: [{ channel: `address:${ADDRESS}:txs`, state: 'subscribed' }] }))
    })
    await useConnectionStore().start()
    await flushPromises()
    expect(bridge.callsOf('markWatchRead')).toEqual([[{ kind: 'address', id: ADDRESS }]])
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Live')
    expect(wrapper.get('[data-testid="address-label"]').text()).toBe('Wallet 1')
    bridge.emit('addressTransactions', [{ address: ADDRESS, transaction: makeTransaction(7) }, { address: address(2), transaction: makeTransaction(8) }])
    bridge.emit('addressTransactions', [{ address: ADDRESS, transaction: makeTransaction(7) }])
    await flushPromises()
    expect(wrapper.findAll('[data-testid="timeline-row"]').map((row) => row.attributes('data-origin'))).toEqual(['live', 'network'])
    expect(wrapper.get('[data-testid="timeline-live-count"]').text()).toBe('1 arrived live')
  })

  it('exports this address’s cached transactions', async () => {
    const { wrapper, bridge } = await mountView(AddressTimelineView, `/address/${ADDRESS}`, (fake) => {
      serve(fake, () => ({ items: [], nextCursor: null, total: null }), () => ({ items: [makeTransaction(1)], nextCursor: null, total: null }))
      fake.handle('exportHistory', () => ({ status: 'saved', path: '/home/u/tx.csv', rows: 1, bytes: 120 }))
    })
    await wrapper.get('[data-testid="export-csv"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('exportHistory')).toEqual([[{ kind: 'transactions', format: 'csv', filter: { pubkey: ADDRESS } }]])
    expect(textsOf(wrapper, 'export-outcome')).toEqual(['Saved 1 transaction (120 B) to /home/u/tx.csv'])
  })
})
