import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { nextTick } from 'vue'
import TableWrap from './TableWrap.vue'

/** Gives the scroller the sizes a browser would lay out. */
function lay(element: Element, sizes: { scrollWidth: number; clientWidth: number; scrollLeft: number }): void {
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(element, name, { configurable: true, value })
  }
}

describe('TableWrap', () => {
  it('shows an edge shadow on each side that hides part of the table, and none when it fits', async () => {
    const wrapper = mount(TableWrap, { slots: { default: '<table class="data"><tbody><tr><td>x</td></tr></tbody></table>' } })
    const frame = wrapper.get('[data-testid="table-wrap"]')
    const scroller = wrapper.get('[data-testid="table-scroll"]')
    expect(scroller.find('table').exists()).toBe(true)

    lay(scroller.element, { scrollWidth: 900, clientWidth: 600, scrollLeft: 0 })
    await scroller.trigger('scroll')
    await nextTick()
    expect(frame.classes()).toContain('overflows-right')
    expect(frame.classes()).not.toContain('overflows-left')

    lay(scroller.element, { scrollWidth: 900, clientWidth: 600, scrollLeft: 300 })
    await scroller.trigger('scroll')
    await nextTick()
    expect(frame.classes()).toContain('overflows-left')
    expect(frame.classes()).not.toContain('overflows-right')

    lay(scroller.element, { scrollWidth: 600.5, clientWidth: 600, scrollLeft: 0 })
    await scroller.trigger('scroll')
    await nextTick()
    expect(frame.classes()).not.toContain('overflows-left')
    expect(frame.classes()).not.toContain('overflows-right')
  })
})
