import { describe, expect, it } from 'vitest'
import type { Page } from '@shared/domain'
import { walkPages, type WalkEnd, type WalkOptions } from './paging'

async function walk<T>(
  pages: Record<string, Page<T>>,
  options: WalkOptions<T>,
): Promise<{ items: T[]; end: WalkEnd; asked: Array<string | undefined> }> {
  const asked: Array<string | undefined> = []
  const walker = walkPages(async (cursor) => {
    asked.push(cursor)
    const page = pages[cursor ?? 'first']
    if (page === undefined) throw new Error(`unexpected cursor ${cursor}`)
    return page
  }, options)
  const items: T[] = []
  for (;;) {
    const next = await walker.next()
    if (next.done) return { items, end: next.value, asked }
    items.push(next.value)
  }
}

const page = (items: number[], nextCursor: string | null): Page<number> => ({ items, nextCursor, total: null })

describe('walkPages', () => {
  it('follows cursors to the last page', async () => {
    const result = await walk({ first: page([1, 2], 'b'), b: page([3], 'c'), c: page([4], null) }, { maxPages: 10 })
    expect(result).toEqual({ items: [1, 2, 3, 4], end: 'last-page', asked: [undefined, 'b', 'c'] })
  })

  it('ends on a cursor already followed', async () => {
    const result = await walk({ first: page([1], 'b'), b: page([2], 'c'), c: page([3], 'b') }, { maxPages: 10 })
    expect(result).toEqual({ items: [1, 2, 3], end: 'repeated-cursor', asked: [undefined, 'b', 'c'] })
  })

  it('ends on a page that repeats its own cursor', async () => {
    const result = await walk({ first: page([1], 'b'), b: page([2], 'b') }, { maxPages: 10 })
    expect(result.end).toBe('repeated-cursor')
    expect(result.asked).toEqual([undefined, 'b'])
  })

  it('ends on an empty page even when it offers a cursor', async () => {
    const result = await walk({ first: page([1], 'b'), b: page([], 'c') }, { maxPages: 10 })
    expect(result).toEqual({ items: [1], end: 'empty-page', asked: [undefined, 'b'] })
  })

  it('ends at maxPages', async () => {
    const result = await walk({ first: page([1], 'b'), b: page([2], 'c'), c: page([3], 'd') }, { maxPages: 2 })
    expect(result).toEqual({ items: [1, 2], end: 'max-pages', asked: [undefined, 'b'] })
  })

  it('stops before the first item already held', async () => {
    const result = await walk(
      { first: page([9, 8], 'b'), b: page([7, 6, 5], 'c') },
      { maxPages: 10, stopWhen: (item) => item === 6 },
    )
    expect(result).toEqual({ items: [9, 8, 7], end: 'stopped', asked: [undefined, 'b'] })
  })
  it('ends before a page keepGoing refuses, never before the first', async () => {
    let asked = 0
    const result = await walk(
      { first: page([1], 'b'), b: page([2], 'c'), c: page([3], null) },
      { maxPages: 10, keepGoing: () => ++asked < 2 },
    )
    expect(result).toEqual({ items: [1, 2], end: 'time-limit', asked: [undefined, 'b'] })
  })
})
