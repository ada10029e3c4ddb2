import { describe, expect, it } from 'vitest'
import type { Page } from '@shared/domain'
import { createPagedList } from './paged-list'

interface Row {
  id: string
}

const row = (id: string): Row => ({ id })

/** A list over `pages`, keyed by the cursor asked for ('' for the first page). */
function listOver(pages: Record<string, Page<Row>>) {
  const asked: Array<string | undefined> = []
  const list = createPagedList<object, Row>(
    async (query) => {
      asked.push(query.cursor)
      const page = pages[query.cursor ?? '']
      if (!page) throw new Error(`unexpected cursor ${query.cursor}`)
      return page
    },
    (item) => item.id,
  )
  return { list, asked }
}

describe('createPagedList', () => {
  it('stops and says so when the server repeats a cursor it already gave', async () => {
    const { list, asked } = listOver({
      '': { items: [row('a')], nextCursor: 'c1', total: null },
      c1: { items: [row('b')], nextCursor: 'c2', total: null },
      c2: { items: [row('c')], nextCursor: 'c1', total: null },
    })
    await list.load({})
    await list.loadMore()
    expect(list.cursorRepeated.value).toBe(false)
    await list.loadMore()
    expect(list.cursorRepeated.value).toBe(true)
    expect(list.ended.value).toBe(true)
    await list.loadMore()
    expect(asked).toEqual([undefined, 'c1', 'c2'])
    expect(list.items.value.map((item) => item.id)).toEqual(['a', 'b', 'c'])

    // A fresh load starts with a clean slate.
    await list.load({})
    expect(list.cursorRepeated.value).toBe(false)
  })

  it('ends at an empty page even when it carries a new cursor', async () => {
    const { list, asked } = listOver({
      '': { items: [row('a')], nextCursor: 'c1', total: null },
      c1: { items: [], nextCursor: 'c2', total: null },
      c2: { items: [row('z')], nextCursor: null, total: null },
    })
    await list.load({})
    await list.loadMore()
    expect(list.ended.value).toBe(true)
    expect(list.nextCursor.value).toBeNull()
    expect(list.cursorRepeated.value).toBe(false)
    await list.loadMore()
    expect(asked).toEqual([undefined, 'c1'])
  })

  it('ends an empty first page that carries a cursor', async () => {
    const { list } = listOver({ '': { items: [], nextCursor: 'c1', total: '0' } })
    await list.load({})
    expect(list.ended.value).toBe(true)
  })

  it('counts what arrived while the list was paged, once it has ended', async () => {
    const { list } = listOver({
      '': { items: [row('a'), row('b')], nextCursor: 'c1', total: '3' },
      c1: { items: [row('c')], nextCursor: null, total: '5' },
    })
    await list.load({})
    // Not at the end yet: the rest is simply not loaded.
    expect(list.missingAtEnd.value).toBeNull()
    await list.loadMore()
    expect(list.missingAtEnd.value).toBe('2')
  })

  it('counts nothing missing when the total matches or is unknown', async () => {
    const exact = listOver({ '': { items: [row('a')], nextCursor: null, total: '1' } })
    await exact.list.load({})
    expect(exact.list.missingAtEnd.value).toBeNull()
    const unknown = listOver({ '': { items: [row('a')], nextCursor: null, total: null } })
    await unknown.list.load({})
    expect(unknown.list.missingAtEnd.value).toBeNull()
  })

  it('reload fetches the first page again', async () => {
    const { list, asked } = listOver({
      '': { items: [row('a')], nextCursor: 'c1', total: '3' },
      c1: { items: [row('b')], nextCursor: null, total: '3' },
    })
    await list.load({})
    await list.loadMore()
    await list.reload()
    expect(asked).toEqual([undefined, 'c1', undefined])
    expect(list.items.value.map((item) => item.id)).toEqual(['a'])
  })
})
