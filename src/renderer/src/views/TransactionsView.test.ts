import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Page, Transaction } from '@shared/domain'
import type { FakeBridge } from '@renderer/test-utils/fake-bridge'
import { makeTransaction, pagesOf } from '@renderer/test-utils/fixtures'
import { mountView, textsOf } from '@renderer/test-utils/mount-view'
import TransactionsView from './TransactionsView.vue'

function servePages(bridge: FakeBridge, count: number, size: number): void {
  const pages = pagesOf(
    Array.from({ length: count }, (_, i) =>
      makeTransaction(i, i === 1 ? { status: 'FAILED', blockTime: null } : {}),
    ),
    size,
  )
  bridge.handle('listTransactions', (query): Page<Transaction> => {
    const page = pages.get(query.cursor)
    if (!page) throw new Error(`unexpected cursor ${query.cursor}`)
    return page
  })
}

describe('TransactionsView', () => {
  it('lists transactions with status, fee in lamports and SOL, and loads more', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (bridge) => servePages(bridge, 3, 2))
    const [first, second] = textsOf(wrapper, 'tx-row')
    expect(first).toContain('Success')
    expect(first).toMatch(/5.000 lamports \(0.000005 SOL\)/)
    expect(second).toContain('Failed')
    expect(wrapper.get('[data-testid="tx-row"] a').attributes('href')).toBe(`/transactions/${makeTransaction(0).signature}`)

    await wrapper.get('[data-testid="tx-load-more"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="tx-row"]')).toHaveLength(3)
    expect(wrapper.get('[data-testid="tx-end"]').text()).toBe('End of list · 3 transactions')
  })

  it('reads every filter from the route', async () => {
    const { wrapper, bridge } = await mountView(
      TransactionsView,
      '/transactions?pubkey=W1&status=FAILED&type=verify&fromDate=2025-01-01&toDate=2025-02-01',
      (fake) => servePages(fake, 1, 2),
    )
    expect(bridge.callsOf('listTransactions')).toEqual([
      [{ pubkey: 'W1', status: 'FAILED', type: 'verify', fromDate: '2025-01-01', toDate: '2025-02-01' }],
    ])
    expect((wrapper.get('[data-testid="tx-filter-status"]').element as HTMLSelectElement).value).toBe('FAILED')
    expect((wrapper.get('[data-testid="tx-filter-from"]').element as HTMLInputElement).value).toBe('2025-01-01')
  })

  it('applies the status filter as soon as it is chosen', async () => {
    const { wrapper, router, bridge } = await mountView(TransactionsView, '/transactions', (fake) =>
      servePages(fake, 1, 2),
    )
    await wrapper.get('[data-testid="tx-filter-status"]').setValue('SUCCESS')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ status: 'SUCCESS' })
    expect(bridge.callsOf('listTransactions').at(-1)).toEqual([{ status: 'SUCCESS' }])
  })

  it('shows an empty result and a failure with Retry', async () => {
    const empty = await mountView(TransactionsView, '/transactions?pubkey=Nobody', (bridge) =>
      bridge.handle('listTransactions', () => ({ items: [], nextCursor: null, total: '0' })),
    )
    expect(empty.wrapper.find('[data-testid="tx-empty"]').exists()).toBe(true)

    const failing = await mountView(TransactionsView, '/transactions', (bridge) =>
      bridge.fail('listTransactions', { code: 'UNREACHABLE', message: 'indexer down' }),
    )
    expect(failing.wrapper.get('[data-testid="error-panel"]').text()).toContain('indexer down')
    servePages(failing.bridge, 1, 2)
    await failing.wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(failing.wrapper.findAll('[data-testid="tx-row"]')).toHaveLength(1)
  })

  it('warns that the Type filter may be ignored', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (bridge) => servePages(bridge, 1, 2))
    const field = wrapper.get('[data-testid="tx-filter-type"]').element.closest('label')
    expect(field?.querySelector('[data-testid="tx-filter-type-hint"]')?.textContent).toBe('Some indexers ignore this filter.')
  })

  it('lets block time and compute units give way first in a narrow window', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (bridge) => servePages(bridge, 1, 2))
    const headers = wrapper.findAll('th')
    const givesWay = headers.filter((th) => th.classes().includes('wide-only')).map((th) => th.text())
    const stays = headers.filter((th) => !th.classes().includes('wide-only')).map((th) => th.text())
    expect(givesWay).toEqual(['Block time', 'Compute units'])
    expect(stays).toEqual(['Signature', 'Status', 'Slot', 'Fee', 'Fee payer'])
    const cells = wrapper.get('[data-testid="tx-row"]').findAll('td')
    expect(cells.map((td) => td.classes().includes('wide-only'))).toEqual(headers.map((th) => th.classes().includes('wide-only')))
  })

  it('says how many arrived while paging, and Reload starts over', async () => {
    const { wrapper, bridge } = await mountView(TransactionsView, '/transactions', (fake) =>
      fake.handle('listTransactions', (query): Page<Transaction> =>
        query.cursor
          ? { items: [makeTransaction(2)], nextCursor: null, total: '5' }
          : { items: [makeTransaction(0), makeTransaction(1)], nextCursor: 'c1', total: '3' },
      ),
    )
    expect(wrapper.find('[data-testid="list-more-arrived"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="list-reload"]').exists()).toBe(false)
    await wrapper.get('[data-testid="tx-load-more"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="list-more-arrived"]').text()).toBe('2 more arrived since this list was loaded')

    await wrapper.get('[data-testid="list-reload"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('listTransactions').map(([query]) => query.cursor)).toEqual([undefined, 'c1', undefined])
    expect(wrapper.findAll('[data-testid="tx-row"]')).toHaveLength(2)
    expect(wrapper.find('[data-testid="list-reload"]').exists()).toBe(false)
  })

  it('says the list may be incomplete when the indexer repeats a cursor', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (fake) =>
      fake.handle('listTransactions', (query): Page<Transaction> => ({
        items: [makeTransaction(query.cursor ? 1 : 0)],
        nextCursor: 'same',
        total: null,
      })),
    )
    expect(wrapper.find('[data-testid="list-cursor-repeated"]').exists()).toBe(false)
    await wrapper.get('[data-testid="tx-load-more"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="list-cursor-repeated"]').text()).toBe(
      'The indexer repeated a page cursor; the list may be incomplete.',
    )
    expect(wrapper.get('[data-testid="tx-load-more"]').attributes('hidden')).toBeDefined()
    expect(wrapper.find('[data-testid="list-more-arrived"]').exists()).toBe(false)
  })
})
