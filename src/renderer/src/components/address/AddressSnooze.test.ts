import { afterEach, describe, expect, it } from 'vitest'
import type { Snooze } from '@shared/snooze'
import { mountView } from '@test/support/renderer/mount-view'
import { settle } from '@test/support/renderer/settle'
import { address } from '@test/support/renderer/workspace-fixtures'
import AddressSnooze from './AddressSnooze.vue'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('AddressSnooze', () => {
  it('gives the focus back to "Snooze…" when a choice is made or Esc closes the choices', async () => {
    let held: Snooze[] = []
    const { wrapper, bridge } = await mountView(
      AddressSnooze,
      '/',
      (fake) => {
        fake.handle('listSnoozes', () => held)
        fake.handle('snoozeNotifications', ({ target }) => (held = [{ target, until: null }]))
      },
      { pubkey: address(3) },
      { attachTo: document.body },
    )
    const toggle = () => wrapper.get('[data-testid="address-snooze-open"]')
    await toggle().trigger('click')
    const choice = wrapper.get('[data-testid="snooze-address-1h"]')
    ;(choice.element as HTMLElement).focus()
    await choice.trigger('keydown', { key: 'Escape' })
    await settle()
    expect(wrapper.find('[data-testid="snooze-address-1h"]').exists()).toBe(false)
    expect(document.activeElement).toBe(toggle().element)

    await toggle().trigger('click')
    ;(wrapper.get('[data-testid="snooze-address-8h"]').element as HTMLElement).focus()
    await wrapper.get('[data-testid="snooze-address-8h"]').trigger('click')
    await settle()
    expect(bridge.callsOf('snoozeNotifications')).toEqual([[{ target: { kind: 'address', id: address(3) }, duration: '8h' }]])
    expect(wrapper.find('[data-testid="snooze-address-8h"]').exists()).toBe(false)
    expect(document.activeElement).toBe(toggle().element)
    wrapper.unmount()
  })
})
