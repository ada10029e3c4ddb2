import { describe, expect, it } from 'vitest'
import { columnTemplate, prependedCount, rowWindow, scrollTopToReveal, type VirtualColumn } from './virtual-columns'

describe('columnTemplate', () => {
  const columns: VirtualColumn[] = [
    { key: 'a', label: 'A', width: '1fr' },
    { key: 'b', label: 'B', width: '120px', wideOnly: true },
    { key: 'c', label: 'C', width: 'minmax(80px, 1fr)' },
  ]

  it('lists every track, and leaves out the wide-only ones when narrow', () => {
    expect(columnTemplate(columns, false)).toBe('1fr 120px minmax(80px, 1fr)')
    expect(columnTemplate(columns, true)).toBe('1fr minmax(80px, 1fr)')
  })
})

describe('prependedCount', () => {
  const keys = ['n2', 'n1', 'a', 'b', 'c']
  const keyAt = (index: number): string | null => keys[index] ?? null

  it('counts the items put in front of the old first one', () => {
    expect(prependedCount('a', keyAt, 5)).toBe(2)
    expect(prependedCount('n2', keyAt, 5)).toBe(0)
  })

  it('says the list was replaced when the old first item is gone or deeper than it looks', () => {
    expect(prependedCount('zzz', keyAt, 5)).toBeNull()
    expect(prependedCount('c', keyAt, 3)).toBeNull()
    expect(prependedCount(null, keyAt, 5)).toBeNull()
  })
})

describe('scrollTopToReveal', () => {
  // Rows of 40 under a 36-pixel header, in a view 436 high: ten rows show.
  it('leaves a row in view alone', () => {
    expect(scrollTopToReveal(3, 40, 36, 0, 436)).toBeNull()
    expect(scrollTopToReveal(9, 40, 36, 0, 436)).toBeNull()
  })

  it('scrolls up to a row above, and down just enough for a row below', () => {
    expect(scrollTopToReveal(2, 40, 36, 200, 436)).toBe(80)
    expect(scrollTopToReveal(10, 40, 36, 0, 436)).toBe(40)
    expect(scrollTopToReveal(49, 40, 36, 0, 436)).toBe(1_600)
  })
})

describe('rowWindow', () => {
  // Rows of 40 px under a 36 px header, in a view 436 px high: ten rows in view.
  const at = (scrollTop: number, count = 100_000, viewHeight = 436) =>
    rowWindow({ count, rowHeight: 40, headerHeight: 36, scrollTop, viewHeight, overscan: 2 })

  it('takes the rows in view and the overscan on each side', () => {
    expect(at(0)).toEqual({ first: 0, end: 12 })
    expect(at(4_000)).toEqual({ first: 98, end: 112 })
    // Half a row scrolled: the row half under the header still shows below it.
    expect(at(4_020)).toEqual({ first: 98, end: 113 })
  })

  it('stays within the list, at its end and for short lists', () => {
    expect(at(99_990 * 40)).toEqual({ first: 99_988, end: 100_000 })
    expect(at(0, 3)).toEqual({ first: 0, end: 3 })
    expect(at(0, 0)).toEqual({ first: 0, end: 0 })
  })

  it('puts a few rows in the page before the view has a height', () => {
    expect(at(0, 100, 0)).toEqual({ first: 0, end: 3 })
  })
})
