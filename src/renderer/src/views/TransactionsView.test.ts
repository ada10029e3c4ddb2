import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Page, Transaction } from '@shared/domain'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeTransaction } from '@test/support/renderer/fixtures'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import { layOutGridsInEachTest } from '@test/support/renderer/grid-layout'
import { answerPages } from '@test/support/renderer/paged-answers'
import TransactionsView from './TransactionsView.vue'

function servePages(bridge: FakeBridge, count: number, size: number): void {
  answerPages(bridge, 'listTransactions', Array.from({ length: count }, (_, i) => makeTransaction(i, i === 1 ? { status: 'FAILED', blockTime: null } : {})), size)
}

layOutGridsInEachTest({ height: 436 })

describe('TransactionsView', () => {
  it('lists transactions with status, fee in SOL (lamports on hover) and a link to each', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (bridge) => servePages(bridge, 3, 40))
    const [first, second] = textsOf(wrapper, 'tx-row')
    expect(first).toContain('Success')
    expect(first).toContain('0.000005000 SOL')
    expect(wrapper.get('[data-testid="tx-row"] [title$=" lamports"]').attributes('title')).toMatch(/^5.000 lamports$/)
    expect(second).toContain('Failed')
    expect(second).toContain('No block time')
    expect(wrapper.get('[data-testid="tx-row"] a').attributes('href')).toBe(`/transactions/${makeTransaction(0).signature}`)
    expect(wrapper.get('[data-testid="tx-end"]').text()).toBe('End of list · 3 transactions')
  })

  it('reads every filter from the route', async () => {
    const { wrapper, bridge } = await mountView(
      TransactionsView,
      '/transactions?pubkey=W1&status=FAILED&type=verify&fromDate=2025-01-01&toDate=2025-02-01',
      (fake) => servePages(fake, 1, 2),
    )
    expect(bridge.callsOf('listTransactions')).toEqual([
      [{ pubkey: 'W1', status: 'FAILED', type: 'verify', fromDate: new Date(2025, 0, 1).toISOString(), toDate: new Date(new Date(2025, 1, 2).getTime() - 1).toISOString() }],
    ])
    expect((wrapper.get('[data-testid="tx-filter-status"]').element as HTMLSelectElement).value).toBe('FAILED')
    expect((wrapper.get('[data-testid="tx-filter-from"]').element as HTMLInputElement).value).toBe('2025-01-01')
  })

  it('applies the status filter as soon as it is chosen', async () => {
    const { wrapper, router, bridge } = await mountView(TransactionsView, '/transactions', (fake) => servePages(fake, 1, 2))
    await wrapper.get('[data-testid="tx-filter-status"]').setValue('SUCCESS')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ status: 'SUCCESS' })
    expect(bridge.callsOf('listTransactions').at(-1)).toEqual([{ status: 'SUCCESS' }])
  })

  it('applies a preset period at once, in place of the dates, and keeps it in the route', async () => {
    const { wrapper, router, bridge } = await mountView(TransactionsView, '/transactions?fromDate=2025-01-01&toDate=2025-01-31', (fake) => servePages(fake, 1, 2))
    const before = Date.now()
    await wrapper.get('[data-testid="tx-filter-within"]').setValue('24h')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ within: '24h' })
    expect((wrapper.get('[data-testid="tx-filter-from"]').element as HTMLInputElement).value).toBe('')
    const [query] = bridge.callsOf('listTransactions').at(-1)!
    const start = Date.parse(query.fromDate!)
    expect(query.toDate).toBeUndefined()
    expect(start).toBeGreaterThan(before - 24 * 3600_000 - 60_000)
    expect(start).toBeLessThanOrEqual(Date.now() - 24 * 3600_000)
    // Typing a date ends the preset.
    await wrapper.get('[data-testid="tx-filter-from"]').setValue('2025-03-01')
    expect((wrapper.get('[data-testid="tx-filter-within"]').element as HTMLSelectElement).value).toBe('')
  })

  it('explains an empty result, and shows a failure with Retry', async () => {
    const empty = await mountView(TransactionsView, '/transactions?pubkey=Nobody', (bridge) =>
      bridge.handle('listTransactions', () => ({ items: [], nextCursor: null, total: '0' })),
    )
    expect(empty.wrapper.get('[data-testid="tx-empty"]').text()).toContain('No transactions match these filters')
    expect(empty.wrapper.find('[data-testid="tx-clear-filters"]').exists()).toBe(true)

    const failing = await mountView(TransactionsView, '/transactions', (bridge) =>
      bridge.fail('listTransactions', { code: 'UNREACHABLE', message: 'indexer down' }),
    )
    expect(failing.wrapper.get('[data-testid="error-panel"]').text()).toContain('indexer down')
    servePages(failing.bridge, 1, 2)
    await failing.wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(failing.wrapper.findAll('[data-testid="tx-row"]')).toHaveLength(1)
  })

  it('warns that the Type filter may be ignored, tied to the field', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (bridge) => servePages(bridge, 1, 2))
    const field = wrapper.get('[data-testid="tx-filter-type"]')
    const hint = wrapper.get('[data-testid="tx-filter-type-hint"]')
    expect(hint.text()).toBe('Some indexers ignore this filter.')
    expect(field.attributes('aria-describedby')).toBe(hint.attributes('id'))
  })

  it('lets block time and compute units give way first in a narrow window', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (bridge) => servePages(bridge, 1, 2))
    const headers = wrapper.findAll('[role="columnheader"]')
    const givesWay = headers.filter((cell) => cell.classes().includes('wide-col')).map((cell) => cell.text())
    const stays = headers.filter((cell) => !cell.classes().includes('wide-col')).map((cell) => cell.text())
    expect(givesWay).toEqual(['Block time', 'Compute units'])
    expect(stays).toEqual(['Signature', 'Status', 'Slot', 'Fee', 'Fee payer'])
    const cells = wrapper.get('[data-testid="tx-row"]').findAll('[role="gridcell"]')
    expect(cells.map((cell) => cell.classes().includes('wide-col'))).toEqual(
      headers.map((cell) => cell.classes().includes('wide-col')),
    )
  })

  it('says how many arrived while paging, and Reload starts over', async () => {
    const { wrapper, bridge } = await mountView(TransactionsView, '/transactions', (fake) =>
      fake.handle('listTransactions', (query): Page<Transaction> =>
        query.cursor
          ? { items: [makeTransaction(40)], nextCursor: null, total: '43' }
          : { items: Array.from({ length: 40 }, (_, i) => makeTransaction(i)), nextCursor: 'c1', total: '41' },
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
    expect(wrapper.get('[data-testid="tx-total"]').text()).toBe('40 of 41 transactions')
    expect(wrapper.find('[data-testid="list-reload"]').exists()).toBe(false)
  })

  it('says the list may be incomplete when the indexer repeats a cursor', async () => {
    const { wrapper } = await mountView(TransactionsView, '/transactions', (fake) =>
      fake.handle('listTransactions', (query): Page<Transaction> => ({
        items: query.cursor ? [makeTransaction(99)] : Array.from({ length: 40 }, (_, i) => makeTransaction(i)),
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

  it('puts transactions pushed for the filtered address at the top, and ignores others', async () => {
    const { wrapper, bridge } = await mountView(TransactionsView, '/transactions?pubkey=W1', (fake) =>
      fake.handle('listTransactions', () => ({ items: [makeTransaction(1)], nextCursor: null, total: '1' })),
    )
    bridge.emit('addressTransactions', [
      { address: 'W1', transaction: makeTransaction(2) },
      { address: 'Other', transaction: makeTransaction(3) },
      { address: 'W1', transaction: makeTransaction(4) },
    ])
    await flushPromises()
    const signatures = wrapper.findAll('[data-testid="tx-row"] a').map((link) => link.attributes('title'))
    expect(signatures).toEqual([4, 2, 1].map((n) => makeTransaction(n).signature))
    expect(wrapper.get('[data-testid="tx-total"]').text()).toBe('3 of 3 transactions')
  })
})
