import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { mountView } from '@test/support/renderer/mount-view'
import { address, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import { defineComponent, h } from 'vue'
import { useWatchlistStore } from '@renderer/stores/watchlist'
import WatchLabel from './WatchLabel.vue'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** Addresses as a list shows them: labelled here and in the account, labelled here only, not watched, a well-known program. */
const Rows = defineComponent({
  setup: () => {
    void useWatchlistStore().load()
    return () => h('ul', [...[1, 2, 3].map((n) => h('li', { 'data-row': n }, [h(WatchLabel, { pubkey: address(n) })])), h('li', { 'data-row': 'program' }, [h(WatchLabel, { pubkey: SYSTEM_PROGRAM })])])
  },
})

const watchlist = () =>
  makeWatchlist([makeWatchedAddress(1, { label: 'Treasury', accountLabel: 'Cold wallet' }), makeWatchedAddress(2, { label: 'Hot wallet', accountLabel: 'Hot wallet' })])

describe('WatchLabel', () => {
  it('names a watched address beside it, with the account’s label where it differs, and nothing for others', async () => {
    const { wrapper } = await mountView(Rows, '/', (fake) => fake.handle('getWatchlist', watchlist))
    await flushPromises()
    const row = (n: number) => wrapper.get(`[data-row="${n}"]`)
    expect(row(1).get('[data-testid="watch-label"]').text()).toContain('Treasury')
    expect(row(1).get('[data-testid="watch-account-label"]').text()).toBe('in your account: Cold wallet')
    expect(row(2).get('[data-testid="watch-label"]').text()).toBe('Hot wallet')
    expect(row(2).find('[data-testid="watch-account-label"]').exists()).toBe(false)
    expect(row(3).find('[data-testid="watch-label"]').exists()).toBe(false)
    expect(row(3).find('[data-testid="display-name"]').exists()).toBe(false)
  })

  it('shows a display name on the indexer where there is no label, and a label wins over it with the name on hover', async () => {
    const names: Record<string, string> = { [address(1)]: 'ref_tester', [address(3)]: '<b>bold</b>' }
    const { wrapper, bridge } = await mountView(Rows, '/', (fake) => {
      fake.handle('getWatchlist', watchlist)
      fake.handle('getDisplayNames', (pubkeys) => pubkeys.map((pubkey) => ({ pubkey, displayName: names[pubkey] ?? null, readAt: 1 })))
    })
    await flushPromises()
    // One ask for the rows drawn together; none for a well-known program.
    expect(bridge.callsOf('getDisplayNames')).toEqual([[[address(1), address(2), address(3)]]])
    const row = (n: number | string) => wrapper.get(`[data-row="${n}"]`)
    expect(row(1).get('[data-testid="watch-label"]').attributes('title')).toBe('Display name on the indexer: ref_tester')
    expect(row(1).find('[data-testid="display-name"]').exists()).toBe(false)
    const shown = row(3).get('[data-testid="display-name"]')
    expect(shown.text()).toBe('<b>bold</b>')
    expect(shown.find('b').exists()).toBe(false)
    expect(shown.attributes('title')).toBe('Display name on the indexer: <b>bold</b>')
    expect(row('program').get('[data-testid="program-label"]').text()).toBe('System Program')
  })

  it('shows a name main reads later, when it is pushed', async () => {
    const { wrapper, bridge } = await mountView(Rows, '/', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist())
      fake.handle('getDisplayNames', (pubkeys) => pubkeys.map((pubkey) => ({ pubkey, displayName: null, readAt: null })))
    })
    await flushPromises()
    expect(wrapper.find('[data-testid="display-name"]').exists()).toBe(false)
    bridge.emit('displayNames', [{ pubkey: address(2), displayName: 'demo_wx2', readAt: 5 }])
    await flushPromises()
    expect(wrapper.get('[data-row="2"] [data-testid="display-name"]').text()).toBe('demo_wx2')
  })

  it('shows nothing, and no error, when main cannot say', async () => {
    const { wrapper } = await mountView(Rows, '/', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist())
      fake.fail('getDisplayNames', { code: 'UNREACHABLE', message: 'offline', retryable: true })
    })
    await flushPromises()
    expect(wrapper.find('[data-testid="display-name"]').exists()).toBe(false)
    expect(wrapper.text()).not.toContain('offline')
  })
})
