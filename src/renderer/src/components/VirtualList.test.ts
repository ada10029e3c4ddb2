import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { defineComponent, h, reactive, type PropType } from 'vue'
import VirtualList from './VirtualList.vue'
import { layOutGrids } from '@test/support/renderer/grid-layout'
import type { VirtualColumn } from '@renderer/model/virtual-columns'

interface Row {
  id: string
  value: number
}

const COLUMNS: VirtualColumn[] = [
  { key: 'id', label: 'Id', width: '1fr' },
  { key: 'value', label: 'Value', width: '100px', align: 'right' },
  { key: 'note', label: 'Note', width: '1fr', wideOnly: true },
]

const ROW_HEIGHT = 40
const rows = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, value: from + i }))

/** A VirtualList over `items` with one cell slot per column, like a view uses it. */
const Host = defineComponent({
  props: {
    items: { type: Array as PropType<Row[]>, required: true },
    canLoadMore: { type: Boolean, default: false },
    totalRows: { type: Number as PropType<number | null>, default: null },
    /** Told each row whose id cell is drawn. */
    noteDrawn: { type: Function as PropType<(id: string) => void>, default: undefined },
  },
  emits: ['open', 'loadMore'],
  setup(props, { emit }) {
    return () =>
      h(
        VirtualList<Row>,
        {
          items: props.items,
          itemKey: (row: Row) => row.id,
          columns: COLUMNS,
          label: 'Rows',
          rowHeight: ROW_HEIGHT,
          canLoadMore: props.canLoadMore,
          totalRows: props.totalRows,
          rowTestId: 'row',
          onOpen: (row: Row) => emit('open', row),
          onLoadMore: () => emit('loadMore'),
        },
        {
          'cell-id': ({ item }: { item: Row }) => (props.noteDrawn?.(item.id), item.id),
          'cell-value': ({ item }: { item: Row }) => String(item.value),
          'cell-note': () => 'note',
        },
      )
  },
})

let restore: () => void

beforeEach(() => {
  // 36 px of header and 400 px of rows: ten rows in view.
  restore = layOutGrids({ height: 436 })
})

afterEach(() => {
  restore()
})

function grid(wrapper: VueWrapper) {
  return wrapper.get('[role="grid"]')
}

function shownIds(wrapper: VueWrapper): string[] {
  return wrapper.findAll('[data-testid="row"]').map((row) => row.find('[role="gridcell"]').text())
}

async function scrollTo(wrapper: VueWrapper, top: number): Promise<void> {
  const element = grid(wrapper).element as HTMLElement
  element.scrollTop = top
  await grid(wrapper).trigger('scroll')
  await flushPromises()
}

describe('VirtualList', () => {
  it('puts only the rows in view (and a few more) in the page, even for 100,000 rows', async () => {
    const wrapper = mount(Host, { props: { items: rows(0, 100_000) }, attachTo: document.body })
    await flushPromises()
    const shown = wrapper.findAll('[data-testid="row"]')
    expect(shown.length).toBeGreaterThanOrEqual(10)
    expect(shown.length).toBeLessThan(40)
    expect(shownIds(wrapper)[0]).toBe('r0')

    await scrollTo(wrapper, 50_000 * ROW_HEIGHT)
    const ids = shownIds(wrapper)
    expect(ids).toContain('r50000')
    expect(ids).not.toContain('r0')
    expect(wrapper.findAll('[data-testid="row"]').length).toBeLessThan(40)
    wrapper.unmount()
  })

  it('is a grid with its size, header, row and column semantics', async () => {
    const wrapper = mount(Host, { props: { items: rows(0, 3), totalRows: 250 } })
    await flushPromises()
    const element = grid(wrapper)
    expect(element.attributes('aria-label')).toBe('Rows')
    expect(element.attributes('aria-rowcount')).toBe('251')
    expect(element.attributes('aria-colcount')).toBe('3')
    expect(element.attributes('tabindex')).toBe('0')
    expect(wrapper.findAll('[role="columnheader"]').map((cell) => cell.text())).toEqual(['Id', 'Value', 'Note'])
    const first = wrapper.get('[data-testid="row"]')
    expect(first.attributes('aria-rowindex')).toBe('2')
    expect(first.findAll('[role="gridcell"]')).toHaveLength(3)
    // The column that gives way in a narrow window is marked in its header and its cells alike.
    expect(wrapper.findAll('[role="columnheader"]')[2]?.classes()).toContain('wide-col')
    expect(first.findAll('[role="gridcell"]')[2]?.classes()).toContain('wide-col')
    expect(first.findAll('[role="gridcell"]')[1]?.classes()).toContain('right')
  })

  it('says the row count is unknown while more may come and the total is not known', async () => {
    const open = mount(Host, { props: { items: rows(0, 3), canLoadMore: true } })
    await flushPromises()
    expect(grid(open).attributes('aria-rowcount')).toBe('-1')
    const ended = mount(Host, { props: { items: rows(0, 3) } })
    await flushPromises()
    expect(grid(ended).attributes('aria-rowcount')).toBe('4')
  })

  it('moves the active row with the arrows, Home, End and Page Down, and opens it with Enter', async () => {
    const wrapper = mount(Host, { props: { items: rows(0, 50) }, attachTo: document.body })
    await flushPromises()
    const element = grid(wrapper)
    await element.trigger('focus')
    const activeRow = () => wrapper.find(`#${element.attributes('aria-activedescendant')}`)
    expect(activeRow().text()).toContain('r0')

    await element.trigger('keydown', { key: 'ArrowDown' })
    await element.trigger('keydown', { key: 'ArrowDown' })
    expect(activeRow().text()).toContain('r2')
    expect(activeRow().attributes('aria-selected')).toBe('true')
    await element.trigger('keydown', { key: 'ArrowUp' })
    expect(activeRow().text()).toContain('r1')

    // happy-dom fires no scroll event for a scrollTop set by script; a browser does.
    await element.trigger('keydown', { key: 'End' })
    await element.trigger('scroll')
    await flushPromises()
    // The last row is scrolled into view below the header.
    expect((element.element as HTMLElement).scrollTop).toBe(50 * ROW_HEIGHT - 400)
    expect(activeRow().text()).toContain('r49')

    await element.trigger('keydown', { key: 'Home' })
    await element.trigger('scroll')
    await flushPromises()
    expect((element.element as HTMLElement).scrollTop).toBe(0)
    await element.trigger('keydown', { key: 'PageDown' })
    expect(activeRow().text()).toContain('r9')

    await element.trigger('keydown', { key: 'Enter' })
    expect(wrapper.emitted('open')).toEqual([[{ id: 'r9', value: 9 }]])
    wrapper.unmount()
  })

  it('leaves Enter on a control inside a row to that control, not to the active row', async () => {
    const pressed: string[] = []
    const wrapper = mount(VirtualList<Row>, {
      props: { items: rows(0, 5), itemKey: (row: Row) => row.id, columns: COLUMNS, label: 'Rows', rowHeight: ROW_HEIGHT, rowTestId: 'row' },
      slots: { 'cell-id': ({ item }: { item: Row }) => h('button', { type: 'button', 'data-testid': 'in-row', onClick: () => pressed.push(item.id) }, 'Act') },
      attachTo: document.body,
    })
    await flushPromises()
    const element = grid(wrapper)
    await element.trigger('focus')
    const button = wrapper.findAll('[data-testid="in-row"]')[2]!
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    button.element.dispatchEvent(enter)
    expect(enter.defaultPrevented).toBe(false)
    expect(wrapper.emitted('open')).toBeUndefined()
    // The grid itself still opens its active row.
    await element.trigger('keydown', { key: 'Enter' })
    expect(wrapper.emitted('open')).toEqual([[{ id: 'r0', value: 0 }]])
    wrapper.unmount()
  })

  it('opens a row on click', async () => {
    const wrapper = mount(Host, { props: { items: rows(0, 5) } })
    await flushPromises()
    await wrapper.findAll('[data-testid="row"]')[3]?.trigger('click')
    expect(wrapper.emitted('open')).toEqual([[{ id: 'r3', value: 3 }]])
    expect(wrapper.findAll('[data-testid="row"]')[3]?.attributes('aria-selected')).toBe('true')
  })

  it('asks for more when scrolled near the end, and not before', async () => {
    const wrapper = mount(Host, { props: { items: rows(0, 100), canLoadMore: true } })
    await flushPromises()
    expect(wrapper.emitted('loadMore')).toBeUndefined()
    await scrollTo(wrapper, 40 * ROW_HEIGHT)
    expect(wrapper.emitted('loadMore')).toBeUndefined()
    await scrollTo(wrapper, 80 * ROW_HEIGHT)
    expect(wrapper.emitted('loadMore')).toHaveLength(1)
  })

  it('fills a tall view by asking for more at once, but never when it cannot load more', async () => {
    const eager = mount(Host, { props: { items: rows(0, 3), canLoadMore: true } })
    await flushPromises()
    expect(eager.emitted('loadMore')?.length).toBeGreaterThanOrEqual(1)
    const done = mount(Host, { props: { items: rows(0, 3), canLoadMore: false } })
    await flushPromises()
    await scrollTo(done, 1_000)
    expect(done.emitted('loadMore')).toBeUndefined()
  })

  it('does not page by itself when it is not laid out', async () => {
    restore()
    restore = () => {}
    const wrapper = mount(Host, { props: { items: rows(0, 3), canLoadMore: true } })
    await flushPromises()
    expect(wrapper.emitted('loadMore')).toBeUndefined()
  })

  it('keeps the rows being read in place when rows arrive at the top, and offers to show them', async () => {
    const items = rows(100, 60)
    const wrapper = mount(Host, { props: { items }, attachTo: document.body })
    await flushPromises()
    await scrollTo(wrapper, 20 * ROW_HEIGHT)
    const element = grid(wrapper).element as HTMLElement

    await wrapper.setProps({ items: [...rows(0, 3), ...items] })
    await flushPromises()
    expect(element.scrollTop).toBe(23 * ROW_HEIGHT)
    const pill = wrapper.get('[data-testid="list-new-above"]')
    expect(pill.text()).toBe('↑ 3 new')

    await pill.trigger('click')
    await flushPromises()
    expect(element.scrollTop).toBe(0)
    expect(wrapper.find('[data-testid="list-new-above"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('shows arrivals where they are when the top is in view, tinted for a moment', async () => {
    const items = rows(100, 5)
    const wrapper = mount(Host, { props: { items } })
    await flushPromises()
    await wrapper.setProps({ items: [...rows(0, 2), ...items] })
    await flushPromises()
    expect((grid(wrapper).element as HTMLElement).scrollTop).toBe(0)
    expect(wrapper.find('[data-testid="list-new-above"]').exists()).toBe(false)
    const shown = wrapper.findAll('[data-testid="row"]')
    expect(shownIds(wrapper).slice(0, 3)).toEqual(['r0', 'r1', 'r100'])
    expect(shown[0]?.classes()).toContain('flash')
    expect(shown[2]?.classes()).not.toContain('flash')
  })

  it('starts at the top of a list that replaced the last one', async () => {
    const wrapper = mount(Host, { props: { items: rows(0, 60) } })
    await flushPromises()
    await scrollTo(wrapper, 30 * ROW_HEIGHT)
    await wrapper.setProps({ items: rows(1_000, 60) })
    await flushPromises()
    expect((grid(wrapper).element as HTMLElement).scrollTop).toBe(0)
  })

  it('draws the cells of arrived rows only when rows arrive in front, and a row\'s cells again when its record changes', async () => {
    const drawn: string[] = []
    const items = reactive(rows(100, 5))
    const wrapper = mount(Host, { props: { items, noteDrawn: (id: string) => drawn.push(id) } })
    await flushPromises()
    expect(drawn).toEqual(['r100', 'r101', 'r102', 'r103', 'r104'])
    drawn.length = 0
    await wrapper.setProps({ items: [...rows(0, 2), ...items] })
    await flushPromises()
    expect(shownIds(wrapper).slice(0, 3)).toEqual(['r0', 'r1', 'r100'])
    expect(drawn).toEqual(['r0', 'r1'])
    drawn.length = 0
    items[1]!.value = 7
    await flushPromises()
    expect(drawn).toEqual(['r101'])
    expect(wrapper.findAll('[data-testid="row"]')[3]?.findAll('[role="gridcell"]')[1]?.text()).toBe('7')
  })
})
