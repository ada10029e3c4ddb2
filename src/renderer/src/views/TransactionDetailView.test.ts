import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { makeTransactionDetail } from '@test/support/renderer/fixtures'
import { mountView } from '@test/support/renderer/mount-view'
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
    expect(detail).toContain('0.000005000 SOL')
    expect(wrapper.get('[data-testid="tx-error-message"]').text()).toBe('custom program error: 0x1')
    expect(wrapper.findAll('[data-testid="tx-instruction"]')).toHaveLength(1)
    expect(wrapper.get('[data-testid="tx-instruction"]').text()).toContain('"kind": "verify"')
    expect(wrapper.get('[data-testid="tx-logs"]').text()).toContain('Program ZkProgram success')
    expect(JSON.parse(wrapper.get('[data-testid="raw-json"]').text())).toEqual(transaction.raw)
  })

  it('draws the first 50 of 10,000 accounts and 20 of 500 instructions, and more on request', async () => {
    const accounts = Array.from({ length: 10_000 }, (_, i) => `Acct${String(i).padStart(40, '1')}`)
    const instructions = Array.from({ length: 500 }, (_, index) => ({ index, programId: null, accounts: index === 0 ? accounts : [], decoded: null }))
    const programIds = Array.from({ length: 10_000 }, (_, i) => `Prog${String(i).padStart(40, '1')}`)
    const transaction = makeTransactionDetail(4, { instructions, programIds })
    const { wrapper } = await mountView(TransactionDetailView, `/transactions/${transaction.signature}`, (bridge) => bridge.handle('getTransaction', () => transaction))
    const first = () => wrapper.get('[data-testid="tx-instruction"]')
    expect(first().findAll('li')).toHaveLength(50)
    expect(first().text()).toContain('Accounts (10,000)')
    expect(first().get('[data-testid="capped-more"]').text()).toMatch(/^50 of 10,000 accounts shown\.\s+Show 50 more$/)
    await first().get('[data-testid="capped-show-more"]').trigger('click')
    expect(first().findAll('li')).toHaveLength(100)
    expect(wrapper.findAll('[data-testid="tx-instruction"]')).toHaveLength(20)
    expect(wrapper.get('[data-testid="tx-instructions-more"]').text()).toMatch(/^20 of 500 instructions shown\./)
    await wrapper.get('[data-testid="tx-instructions-more"] button').trigger('click')
    expect(wrapper.findAll('[data-testid="tx-instruction"]')).toHaveLength(40)
    expect(wrapper.get('[data-testid="tx-detail"]').findAll('li')).toHaveLength(50)
    // Every id is a link; what is drawn stays a small part of what came.
    expect(wrapper.findAll('a').length).toBeLessThan(1000)
  })

  it('says plainly when there is no block time', async () => {
    const { wrapper } = await mountView(TransactionDetailView, '/transactions/Sig1', (bridge) =>
      bridge.handle('getTransaction', () => makeTransactionDetail(1, { blockTime: null })),
    )
    expect(wrapper.get('[data-testid="tx-detail"]').text()).toContain('No block time recorded')
  })

  it('offline with only the list item saved: the summary with a plain note, not an error', async () => {
    const transaction = makeTransactionDetail(2, {
      logs: [],
      instructions: [],
      errorMessage: null,
      freshness: { source: 'cache', fetchedAt: Date.now() - 60_000, offline: { code: 'UNREACHABLE', message: 'connect ECONNREFUSED' }, summaryOnly: true },
    })
    const { wrapper } = await mountView(TransactionDetailView, `/transactions/${transaction.signature}`, (bridge) =>
      bridge.handle('getTransaction', () => transaction),
    )
    expect(wrapper.find('[data-testid="error-panel"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="detail-summary-only"]').text()).toBe('Full detail was not fetched before going offline; showing the saved summary.')
    expect(wrapper.get('[data-testid="tx-detail"]').text()).toContain(transaction.signature)
    expect(wrapper.get('[data-testid="tx-not-fetched"]').text()).toContain('Not saved')
    // Unknown is not "none": no claim that the indexer recorded no logs or instructions.
    expect(wrapper.text()).not.toContain('recorded no')
  })

  it('online, a record held in full carries no summary note', async () => {
    const { wrapper } = await mountView(TransactionDetailView, '/transactions/Sig1', (bridge) => bridge.handle('getTransaction', () => makeTransactionDetail(1)))
    expect(wrapper.find('[data-testid="detail-summary-only"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="tx-not-fetched"]').exists()).toBe(false)
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

describe('TransactionDetailView links and actions', () => {
  it('names the well-known programs, with their key on hover, and shows any other by its key', async () => {
    const system = '11111111111111111111111111111111'
    const budget = 'ComputeBudget111111111111111111111111111111'
    const transaction = makeTransactionDetail(5, {
      programIds: [budget, system, 'ZkProgram111111111111111111111111111111111'],
      instructions: [{ index: 0, programId: system, accounts: [system], decoded: null }],
    })
    const { wrapper, bridge } = await mountView(TransactionDetailView, `/transactions/${transaction.signature}`, (fake) => fake.handle('getTransaction', () => transaction))
    const names = wrapper.findAll('[data-testid="program-name"]')
    expect(names.map((name) => [name.text(), name.attributes('title')])).toEqual([
      ['Compute Budget Program', budget],
      ['System Program', system],
      ['System Program', system],
    ])
    expect(wrapper.text()).toContain('ZkProgram111111111111111111111111111111111')
    // A program among an instruction's accounts is named too, and never asked of the indexer.
    expect(wrapper.get('[data-testid="tx-accounts"] [data-testid="program-label"]').text()).toBe('System Program')
    expect(bridge.callsOf('getDisplayNames').flat(2)).not.toContain(system)
  })

  it('offers copy and the explorer for the signature, the fee payer, programs and accounts', async () => {
    const transaction = makeTransactionDetail(3)
    const { wrapper, bridge } = await mountView(TransactionDetailView, `/transactions/${transaction.signature}`, (fake) => {
      fake.handle('getTransaction', () => transaction)
      fake.handle('openExternal', (subject) => ({ url: `https://explorer.example/${subject.id}`, opened: true }))
    })
    expect(wrapper.get('[data-testid="detail-back"]').attributes('href')).toBe('/transactions')
    // Signature, fee payer, program, the instruction's program and its one account.
    expect(wrapper.findAll('[data-testid="explorer-button"]')).toHaveLength(5)
    expect(wrapper.findAll('[data-testid="copy-button"]').length).toBeGreaterThanOrEqual(6)
    await wrapper.get('[data-testid="explorer-button"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('openExternal')).toEqual([[{ kind: 'transaction', id: transaction.signature }]])
    const accountLink = wrapper.get('[data-testid="tx-instruction"] ol a')
    expect(accountLink.attributes('href')).toBe(`/transactions?pubkey=${transaction.instructions[0]!.accounts[0]}`)
  })

  it('explains missing instructions, logs and decoding', async () => {
    const transaction = makeTransactionDetail(3, {
      logs: [],
      instructions: [{ index: 0, programId: null, accounts: [], decoded: null }],
    })
    const { wrapper } = await mountView(TransactionDetailView, `/transactions/${transaction.signature}`, (fake) =>
      fake.handle('getTransaction', () => transaction),
    )
    expect(wrapper.text()).toContain('The indexer recorded no logs for this transaction.')
    expect(wrapper.get('[data-testid="tx-instruction"]').text()).toContain('Not decoded by the indexer')
  })
})
