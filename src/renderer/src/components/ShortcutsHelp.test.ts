import { afterEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { defineComponent, h, nextTick, ref } from 'vue'
import ShortcutsHelp from './ShortcutsHelp.vue'

/** A page with a button that had the focus, and the help list opened over it. */
const Page = defineComponent({
  setup(_, { expose }) {
    const open = ref(false)
    expose({ open })
    return () => [
      h('button', { type: 'button', id: 'before' }, 'A control on the page'),
      h(ShortcutsHelp, { modelValue: open.value, 'onUpdate:modelValue': (value: boolean) => (open.value = value) }),
    ]
  },
})

afterEach(() => {
  document.body.innerHTML = ''
})

function pressTab(shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })
  document.activeElement!.dispatchEvent(event)
  return event
}

describe('ShortcutsHelp', () => {
  it('keeps Tab inside the list while it is open, and gives the focus back where it was when Esc closes it', async () => {
    const wrapper = mount(Page, { attachTo: document.body })
    const before = document.getElementById('before')!
    before.focus()
    ;(wrapper.vm as unknown as { open: boolean }).open = true
    await nextTick()
    await nextTick()
    const dialog = document.querySelector<HTMLElement>('[data-testid="shortcuts-help"]')!
    const close = document.querySelector<HTMLElement>('[data-testid="shortcuts-close"]')!
    expect(document.activeElement).toBe(dialog)

    // The only control is Close: Tab from it, and Shift+Tab from the dialog, stay on it.
    close.focus()
    expect(pressTab().defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(close)
    dialog.focus()
    expect(pressTab(true).defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(close)

    close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
    await nextTick()
    expect(document.querySelector('[data-testid="shortcuts-help"]')).toBeNull()
    expect(document.activeElement).toBe(before)
    wrapper.unmount()
  })
})
