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
})
