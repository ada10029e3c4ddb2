import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { mountView } from '@test/support/renderer/mount-view'
import { address, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import { defineComponent, h } from 'vue'
import WatchButton from './WatchButton.vue'

/** Two buttons for the same address, as a table and a detail panel might show it. */
const TwoButtons = defineComponent({
  setup: () => () => h('div', [h(WatchButton, { pubkey: address(1), label: 'Whale' }), h(WatchButton, { pubkey: address(1) })]),
})

describe('WatchButton', () => {
  it('watches with one press, shows it everywhere the address appears, and stops with another', async () => {
    const { wrapper, bridge } = await mountView(TwoButtons, '/', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist())
      fake.handle('watchAddress', (input) => makeWatchlist([makeWatchedAddress(1, { label: input.label ?? null })]))
      fake.handle('unwatchAddress', () => makeWatchlist())
    })
    const buttons = () => wrapper.findAll('[data-testid="watch-button"]')
    expect(buttons().map((button) => button.attributes('aria-pressed'))).toEqual(['false', 'false'])
    await buttons()[0]!.trigger('click')
    await flushPromises()
    expect(bridge.callsOf('watchAddress')).toEqual([[{ pubkey: address(1), label: 'Whale' }]])
    expect(buttons().map((button) => button.attributes('aria-pressed'))).toEqual(['true', 'true'])
    expect(buttons()[1]!.text()).toContain('Watching')
    await buttons()[1]!.trigger('click')
    await flushPromises()
    expect(bridge.callsOf('unwatchAddress')).toEqual([[address(1)]])
    expect(buttons()[0]!.attributes('aria-pressed')).toBe('false')
  })

  it('stays focusable while the watch is under way (a disabled button would drop the keyboard focus), and ignores presses then', async () => {
    let finish: () => void = () => {}
    const { wrapper, bridge } = await mountView(WatchButton, '/', (fake) => {
      fake.handle('getWatchlist', () => makeWatchlist())
      fake.handle('watchAddress', () => new Promise((done) => (finish = () => done(makeWatchlist([makeWatchedAddress(2)])))))
    }, { pubkey: address(2) })
    const button = () => wrapper.get('[data-testid="watch-button"]')
    await button().trigger('click')
    await flushPromises()
    expect(button().attributes('disabled')).toBeUndefined()
    expect(button().attributes('aria-disabled')).toBe('true')
    await button().trigger('click')
    expect(bridge.callsOf('watchAddress')).toHaveLength(1)
    finish()
    await flushPromises()
    expect(button().attributes('aria-disabled')).toBe('false')
    expect(button().attributes('aria-pressed')).toBe('true')
  })

  it('says why watching failed, next to the button', async () => {
    const { wrapper } = await mountView(
      WatchButton,
      '/',
      (fake) => {
        fake.handle('getWatchlist', () => makeWatchlist())
        fake.fail('watchAddress', { code: 'INVALID_ARGUMENT', message: 'At most 200 watched addresses' })
      },
      { pubkey: address(2) },
    )
    await wrapper.get('[data-testid="watch-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="watch-error"]').text()).toBe('At most 200 watched addresses')
    expect(wrapper.get('[data-testid="watch-button"]').attributes('aria-pressed')).toBe('false')
  })
})
