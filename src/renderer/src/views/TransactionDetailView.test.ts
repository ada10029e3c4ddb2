import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { makeTransactionDetail } from '@renderer/test-utils/fixtures'
import { mountView } from '@renderer/test-utils/mount-view'
import TransactionDetailView from './TransactionDetailView.vue'

describe('TransactionDetailView', () => {
  it('shows the fields, error message, instructions, logs and raw JSON', async () => {
    const transaction = makeTransactionDetail(3, { status: 'FAILED', errorMessage: 'custom program error: 0x1' })
    const { wrapper } = await mountView(TransactionDetailView, `/transactions/${transaction.signature}`, (bridge) =>
      bridge.handle('getTransaction', () => transaction),
    )
    const detail = wrapper.get('[data-testid="tx-detail"]').text()
    expect(detail).toContain(transaction.signature)
    expect(detail).toContain('Failed')
    expect(detail).toContain('0.000005 SOL')
    expect(wrapper.get('[data-testid="tx-error-message"]').text()).toBe('custom program error: 0x1')
    expect(wrapper.findAll('[data-testid="tx-instruction"]')).toHaveLength(1)
    expect(wrapper.get('[data-testid="tx-instruction"]').text()).toContain('"kind": "verify"')
    expect(wrapper.get('[data-testid="tx-logs"]').text()).toContain('Program ZkProgram success')
    expect(JSON.parse(wrapper.get('[data-testid="raw-json"]').text())).toEqual(transaction.raw)
  })

  it('says plainly when there is no block time', async () => {
    const { wrapper } = await mountView(TransactionDetailView, '/transactions/Sig1', (bridge) =>
      bridge.handle('getTransaction', () => makeTransactionDetail(1, { blockTime: null })),
    )
    expect(wrapper.get('[data-testid="tx-detail"]').text()).toContain('No block time recorded')
  })

  it('shows an unreachable indexer with Retry', async () => {
    const { wrapper, bridge } = await mountView(TransactionDetailView, '/transactions/Sig1', (fake) =>
      fake.fail('getTransaction', { code: 'UNREACHABLE', message: 'connect ECONNREFUSED' }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('The indexer cannot be reached')
    bridge.handle('getTransaction', () => makeTransactionDetail(1))
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="tx-detail"]').exists()).toBe(true)
    expect(bridge.callsOf('getTransaction')).toEqual([['Sig1'], ['Sig1']])
  })
})
