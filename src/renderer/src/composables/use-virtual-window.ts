import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue'
import { rowWindow, scrollTopToReveal } from '@renderer/model/virtual-columns'

/** One row of a virtual list that is in the page. */
export interface ShownRow<Item> {
  index: number
  key: string
  item: Item
  /** Offset from the top of the content, below the header. */
  start: number
}

export interface VirtualWindowOptions<Item> {
  /** The scrolling element. */
  scroller: Ref<HTMLElement | null>
  items: () => readonly Item[]
  itemKey: (item: Item) => string
  rowHeight: () => number
  /** The sticky header above the first row, part of the scrolled content. */
  headerHeight: number
  /** Rows kept in the page above and below the view. */
  overscan: number
  /** After the view's size changed (and was read). */
  onResize?: () => void
}

/**
 * Which rows of a fixed-height list are in the page, from the scroll
 * position and the view's height. Both are kept from scroll and resize
 * events (`readView`): reading them from the element after the rows changed
 * would make the browser lay the page out again at once, for every batch of
 * arrivals. A change the list makes itself goes through `scrollToTop`.
 */
export function useVirtualWindow<Item>(options: VirtualWindowOptions<Item>) {
  const { scroller, headerHeight } = options
  /** The scroller's scrollTop and clientHeight as of the last scroll or resize (or the change this list made itself). */
  const scrollTop = ref(0)
  const viewHeight = ref(0)
  let resizeObserver: ResizeObserver | null = null

  const shownRows = computed<ShownRow<Item>[]>(() => {
    const items = options.items()
    const rowHeight = options.rowHeight()
    const { first, end } = rowWindow({
      count: items.length,
      rowHeight,
      headerHeight,
      scrollTop: scrollTop.value,
      viewHeight: viewHeight.value,
      overscan: options.overscan,
    })
    const rows: ShownRow<Item>[] = []
    for (let index = first; index < end; index++) {
      const item = items[index] as Item
      rows.push({ index, key: options.itemKey(item), item, start: headerHeight + index * rowHeight })
    }
    return rows
  })

  const totalSize = computed(() => headerHeight + options.items().length * options.rowHeight())

  /** Takes the element's position and height as they are now: in a scroll or resize event, when the layout is current. */
  function readView(): void {
    const el = scroller.value
    if (!el) return
    scrollTop.value = el.scrollTop
    viewHeight.value = el.clientHeight
  }

  /** Scrolls the element and the kept position alike (no scroll event follows in every case, e.g. an unchanged position). */
  function scrollToTop(top: number): void {
    scrollTop.value = top
    if (scroller.value) scroller.value.scrollTop = top
  }

  /** Brings row `index` fully into view below the header. */
  function reveal(index: number): void {
    const top = scrollTopToReveal(index, options.rowHeight(), headerHeight, scrollTop.value, viewHeight.value)
    if (top !== null) scrollToTop(top)
  }

  /** How many rows a Page Up or Page Down moves: a view's worth, less one kept for context. */
  function pageRows(): number {
    return Math.max(1, Math.floor((viewHeight.value - headerHeight) / options.rowHeight()) - 1)
  }

  onMounted(() => {
    readView()
    if (scroller.value && typeof ResizeObserver !== 'undefined') {
      resizeObserver = new ResizeObserver(() => {
        readView()
        options.onResize?.()
      })
      resizeObserver.observe(scroller.value)
    }
  })

  onBeforeUnmount(() => resizeObserver?.disconnect())

  return { scrollTop, viewHeight, shownRows, totalSize, readView, scrollToTop, reveal, pageRows }
}
