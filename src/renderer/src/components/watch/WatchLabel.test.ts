import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { mountView } from '@test/support/renderer/mount-view'
import { address, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import { defineComponent, h } from 'vue'
import { useWatchlistStore } from '@renderer/stores/watchlist'
import WatchLabel from './WatchLabel.vue'

/** Three addresses as a list shows them: labelled here and in the account, labelled here only, not watched. */
const Rows = defineComponent({
  setup: () => {
    void useWatchlistStore().load()
    return () => h('ul', [1, 2, 3].map((n) => h('li', { 'data-row': n }, [h(WatchLabel, { pubkey: address(n) })])))
  },
})

describe('WatchLabel', () => {
  it('names a watched address beside it, with the account’s label where it differs, and nothing for others', async () => {
    const { wrapper } = await mountView(Rows, '/', (fake) => {
      fake.handle('getWatchlist', () =>
        makeWatchlist([makeWatchedAddress(1, { label: 'Treasury', accountLabel: 'Cold wallet' }), makeWatchedAddress(2, { label: 'Hot wallet', accountLabel: 'Hot wallet' })]),
      )
    })
    await flushPromises()
    const row = (n: number) => wrapper.get(`[data-row="${n}"]`)
    expect(row(1).get('[data-testid="watch-label"]').text()).toContain('Treasury')
    expect(row(1).get('[data-testid="watch-account-label"]').text()).toBe('in your account: Cold wallet')
    expect(row(2).get('[data-testid="watch-label"]').text()).toBe('Hot wallet')
    expect(row(2).find('[data-testid="watch-account-label"]').exists()).toBe(false)
    expect(row(3).find('[data-testid="watch-label"]').exists()).toBe(false)
  })
})
