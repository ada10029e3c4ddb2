import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import type { AddressActivity } from '@shared/history'
import AddressFigures from './AddressFigures.vue'

const CACHED: AddressActivity = { pubkey: 'P', transactions: 471, failed: 12, fees: '5000', feesUnknown: 0, firstSeen: 1, lastSeen: 2, days: [] }

describe('AddressFigures', () => {
  it('shows the indexer total when it is the larger, with what the cache holds', () => {
    const wrapper = mount(AddressFigures, { props: { cached: CACHED, indexerTransactions: '1755', indexerFailed: '40', offline: false } })
    expect(wrapper.get('[data-testid="figure-transactions-indexer"]').text()).toBe('1,755')
    expect(wrapper.text()).toContain('indexer total · 471 in the cache')
  })

  it('never calls a total smaller than the cache a total: "147 indexer total · 471 in the cache" cannot show', () => {
    const wrapper = mount(AddressFigures, { props: { cached: CACHED, indexerTransactions: '147', indexerFailed: '3', offline: false } })
    expect(wrapper.find('[data-testid="figure-transactions-indexer"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="figure-transactions-cache"]').text()).toBe('471')
    expect(wrapper.get('[data-testid="figure-transactions-recount"]').text()).toBe('the indexer counts 147: its total is being re-counted')
    expect(wrapper.text()).not.toContain('indexer total')
  })
})
