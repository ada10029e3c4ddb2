import { afterEach, describe, expect, it } from 'vitest'
import type { Snooze } from '@shared/snooze'
import { mountView } from '@test/support/renderer/mount-view'
import { settle } from '@test/support/renderer/settle'
import SnoozeList from './SnoozeList.vue'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('SnoozeList', () => {
  it('ends a snooze and keeps the keyboard in the list, on "Snooze a rule or a kind…", once its row is gone', async () => {
    let held: Snooze[] = [{ target: { kind: 'source', id: 'health' }, until: null }]
    const { wrapper, bridge } = await mountView(
      SnoozeList,
      '/settings',
      (fake) => {
        fake.handle('listSnoozes', () => held)
        fake.handle('endSnooze', () => (held = []))
      },
      {},
      { attachTo: document.body },
    )
    const end = wrapper.get('[data-testid="rules-snoozes"] > .row [data-testid="snooze-end"]')
    ;(end.element as HTMLElement).focus()
    await end.trigger('click')
    await settle()
    expect(bridge.callsOf('endSnooze')).toEqual([[{ kind: 'source', id: 'health' }]])
    expect(wrapper.find('[data-testid="rules-snoozes-none"]').exists()).toBe(true)
    expect(document.activeElement).toBe(wrapper.get('summary').element)
    wrapper.unmount()
  })
})
