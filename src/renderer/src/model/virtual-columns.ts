/** One column of a VirtualList. */
export interface VirtualColumn {
  /** Names the cell slot: `cell-<key>`. */
  key: string
  label: string
  /** A grid track: "120px", "minmax(120px, 1fr)". */
  width: string
  align?: 'right'
  /** Hidden when the list is narrow (an 800-pixel window), so the rest fits without scrolling sideways. */
  wideOnly?: boolean
}

/** The grid-template-columns of `columns`, without the wide-only ones when `narrow`. */
export function columnTemplate(columns: readonly VirtualColumn[], narrow: boolean): string {
  return columns
    .filter((column) => !(narrow && column.wideOnly))
    .map((column) => column.width)
    .join(' ')
}

/**
 * How many items were put in front of the list, judging by where the old
 * first item went: 0 when nothing was, null when the old first item is gone
 * (the list was replaced, e.g. for other filters). Looks only `within` items
 * deep, so a huge list costs no more than a long burst of arrivals.
 */
export function prependedCount(previousFirstKey: string | null, keyAt: (index: number) => string | null, within: number): number | null {
  if (previousFirstKey === null) return null
  for (let index = 0; index < within; index++) {
    const key = keyAt(index)
    if (key === null) return null
    if (key === previousFirstKey) return index
  }
  return null
}

/** The scrollTop that brings row `index` fully into view below a sticky header, or null when it is visible. */
export function scrollTopToReveal(
  index: number,
  rowHeight: number,
  headerHeight: number,
  scrollTop: number,
  viewportHeight: number,
): number | null {
  const rowTop = index * rowHeight
  if (rowTop < scrollTop) return rowTop
  const visibleRows = viewportHeight - headerHeight
  if (rowTop + rowHeight > scrollTop + visibleRows) return Math.max(0, rowTop + rowHeight - visibleRows)
  return null
}

export interface RowWindowInput {
  count: number
  rowHeight: number
  /** The sticky header above the first row, part of the scrolled content. */
  headerHeight: number
  scrollTop: number
  viewHeight: number
  /** Rows kept beyond the view on each side. */
  overscan: number
}

/**
 * Which rows of a fixed-height list to put in the page: those the view
 * shows at `scrollTop`, plus `overscan` on each side; `end` is exclusive.
 * Constant time, whatever the row count.
 */
export function rowWindow(input: RowWindowInput): { first: number; end: number } {
  const { count, rowHeight, headerHeight, overscan } = input
  if (count <= 0 || rowHeight <= 0) return { first: 0, end: 0 }
  // The header covers the top of the view: the first row shown is the one under its lower edge.
  const top = Math.max(0, input.scrollTop)
  const bottom = Math.max(top, input.scrollTop + Math.max(0, input.viewHeight) - headerHeight)
  const firstInView = Math.min(count - 1, Math.floor(top / rowHeight))
  const endInView = Math.min(count, Math.max(firstInView + 1, Math.ceil(bottom / rowHeight)))
  return { first: Math.max(0, firstInView - overscan), end: Math.min(count, endInView + overscan) }
}
