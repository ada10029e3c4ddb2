import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Page } from '@shared/domain'
import { deferred } from '@test/support/renderer/deferred'
import { cacheCursorAfter } from '@shared/cache-cursor'
import { usePagedList, HEAD_REFRESH_MIN_MS } from './use-paged-list'

interface Row {
  id: string
}

const row = (id: string): Row => ({ id })

/** A list over `pages`, keyed by the cursor asked for ('' for the first page). */
function listOver(pages: Record<string, Page<Row>>) {
  const asked: Array<string | undefined> = []
  const list = usePagedList<object, Row>(
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

describe('usePagedList', () => {
  it('holds a query once its first page is in, and not after that page failed', async () => {
    let fail = false
    const list = usePagedList<{ kind?: string }, Row>(
      async () => {
        if (fail) throw new Error('down')
        return { items: [row('a')], nextCursor: null, total: null }
      },
      (item) => item.id,
    )
    expect(list.holds({})).toBe(false)
    await list.load({ kind: 'x' })
    expect(list.holds({ kind: 'x' })).toBe(true)
    expect(list.holds({ kind: 'y' })).toBe(false)
    fail = true
    await list.reload()
    expect(list.holds({ kind: 'x' })).toBe(false)
  })

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

describe('usePagedList arrivals at the top', () => {
  it('puts pushed items in front once each, and counts them into a known total', async () => {
    const { list } = listOver({ '': { items: [row('a'), row('b')], nextCursor: null, total: '2' } })
    // Nothing to put them in front of before the first page.
    list.prepend([row('x')])
    expect(list.items.value).toEqual([])
    await list.load({})
    list.prepend([row('y'), row('x'), row('a')])
    expect(list.items.value.map((item) => item.id)).toEqual(['y', 'x', 'a', 'b'])
    expect(list.total.value).toBe('4')
    expect(list.arrived.value).toBe(2)
    list.prepend([row('y')])
    expect(list.items.value).toHaveLength(4)
  })

  it('fetches the first page again and joins what is new at the top', async () => {
    const pages: Record<string, Page<Row>> = {
      '': { items: [row('b'), row('c')], nextCursor: 'c1', total: '3' },
      c1: { items: [row('d')], nextCursor: null, total: '3' },
    }
    const { list, asked } = listOver(pages)
    await list.load({})
    pages[''] = { items: [row('a2'), row('a1'), row('b')], nextCursor: 'c1', total: '5' }
    await list.refreshHead()
    expect(list.items.value.map((item) => item.id)).toEqual(['a2', 'a1', 'b', 'c'])
    expect(list.total.value).toBe('5')
    expect(list.headGap.value).toBe(false)
    expect(list.updatedAt.value).not.toBeNull()
    // The list's own paging goes on from where it was.
    await list.loadMore()
    expect(list.items.value.map((item) => item.id)).toEqual(['a2', 'a1', 'b', 'c', 'd'])
    expect(asked).toEqual([undefined, undefined, 'c1'])
  })

  it('follows a few pages to join a burst, and says so when even they hold nothing known', async () => {
    const pages: Record<string, Page<Row>> = { '': { items: [row('old')], nextCursor: null, total: null } }
    const { list, asked } = listOver(pages)
    await list.load({})
    pages[''] = { items: [row('n6'), row('n5')], nextCursor: 'h1', total: null }
    pages.h1 = { items: [row('n4'), row('old')], nextCursor: 'h2', total: null }
    await list.refreshHead()
    expect(list.items.value.map((item) => item.id)).toEqual(['n6', 'n5', 'n4', 'old'])
    expect(list.headGap.value).toBe(false)

    pages[''] = { items: [row('m9')], nextCursor: 'g1', total: null }
    pages.g1 = { items: [row('m8')], nextCursor: 'g2', total: null }
    pages.g2 = { items: [row('m7')], nextCursor: 'g3', total: null }
    await list.refreshHead()
    expect(asked.slice(-3)).toEqual([undefined, 'g1', 'g2'])
    expect(list.items.value.map((item) => item.id).slice(0, 3)).toEqual(['m9', 'm8', 'm7'])
    expect(list.headGap.value).toBe(true)
  })

  it('replaces provisional items in place with the records a head refresh brings, and puts unknown ones in front', async () => {
    const pages: Record<string, Page<Row>> = { '': { items: [row('old')], nextCursor: null, total: '1' } }
    const { list } = listOver(pages)
    await list.load({})
    const partial = (id: string) => ({ id, partial: true }) as Row
    list.prependProvisional([partial('p2'), partial('p1')])
    expect(list.items.value).toEqual([partial('p2'), partial('p1'), row('old')])
    expect(list.total.value).toBe('3')
    const before = list.items.value

    pages[''] = { items: [row('u3'), row('p2'), row('p1'), row('old')], nextCursor: null, total: '4' }
    await list.refreshHead()
    expect(list.items.value).toEqual([row('u3'), row('p2'), row('p1'), row('old')])
    expect(list.total.value).toBe('4')
    expect(list.arrived.value).toBe(3)
    // The array was replaced, not changed under a view holding the old one.
    expect(before).toEqual([partial('p2'), partial('p1'), row('old')])

    // Once full, an item ends the next head refresh like any held item.
    pages[''] = { items: [row('p2'), row('changed-behind')], nextCursor: null, total: '4' }
    await list.refreshHead()
    expect(list.items.value.map((item) => item.id)).toEqual(['u3', 'p2', 'p1', 'old'])
  })

  it('sees no gap when a head refresh ends among provisional items, and a gap when it ends among unknown ones', async () => {
    const pages: Record<string, Page<Row>> = { '': { items: [row('old')], nextCursor: null, total: null } }
    const { list, asked } = listOver(pages)
    await list.load({})
    const partial = (id: string) => ({ id, partial: true }) as Row
    list.prependProvisional(['p6', 'p5', 'p4', 'p3', 'p2', 'p1'].map(partial))
    pages[''] = { items: [row('u7'), row('p6')], nextCursor: 'h1', total: null }
    pages.h1 = { items: [row('p5'), row('p4')], nextCursor: 'h2', total: null }
    await list.refreshHead()
    // The first page ends among provisional items: one page is enough, and no gap.
    expect(asked.slice(1)).toEqual([undefined])
    expect(list.headGap.value).toBe(false)
    expect(list.items.value).toEqual([row('u7'), row('p6'), ...['p5', 'p4', 'p3', 'p2', 'p1'].map(partial), row('old')])

    pages[''] = { items: [row('n9'), row('n8')], nextCursor: 'g1', total: null }
    pages.g1 = { items: [row('n7'), row('n6')], nextCursor: 'g2', total: null }
    pages.g2 = { items: [row('n5')], nextCursor: 'g3', total: null }
    await list.refreshHead()
    expect(list.headGap.value).toBe(true)
  })

  it('asks for its page limits: the head refresh and Load more theirs, the first page the server default', async () => {
    const queries: object[] = []
    const list = usePagedList<{ kind: string }, Row>(
      async (query) => {
        queries.push(query)
        return { items: [row(query.cursor ?? 'first')], nextCursor: query.cursor ? null : 'c1', total: null }
      },
      (item) => item.id,
      { pageLimit: 200, headLimit: 100 },
    )
    await list.load({ kind: 'x' })
    await list.loadMore()
    await list.refreshHead()
    expect(queries).toEqual([{ kind: 'x' }, { kind: 'x', cursor: 'c1', limit: 200 }, { kind: 'x', limit: 100 }])
  })

  it('keeps the list and says why when a head refresh fails', async () => {
    const failing = usePagedList<object, Row>(
      async (query) => {
        if (query.cursor === undefined && failing.loaded.value) throw new Error('indexer down')
        return { items: [row('a')], nextCursor: null, total: '1' }
      },
      (item) => item.id,
    )
    await failing.load({})
    await failing.refreshHead()
    expect(failing.headError.value?.message).toBe('indexer down')
    expect(failing.error.value).toBeNull()
    expect(failing.items.value).toEqual([row('a')])
  })

  it('does nothing before the first page, and drops an answer for a list that was replaced', async () => {
    const answer = deferred<Page<Row>>()
    let calls = 0
    const list = usePagedList<{ q: string }, Row>(
      (query) => {
        calls++
        if (calls === 2) return answer.promise
        return Promise.resolve({ items: [row(query.q)], nextCursor: null, total: null })
      },
      (item) => item.id,
    )
    await list.refreshHead()
    expect(calls).toBe(0)
    await list.load({ q: 'first' })
    const refreshing = list.refreshHead()
    await list.load({ q: 'second' })
    answer.resolve({ items: [row('stale'), row('first')], nextCursor: null, total: null })
    await refreshing
    expect(list.items.value.map((item) => item.id)).toEqual(['second'])
  })
})

describe('usePagedList head refresh requests', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs at once, then at most once per interval however many arrive', async () => {
    vi.useFakeTimers()
    const { list, asked } = listOver({ '': { items: [row('a')], nextCursor: null, total: null } })
    await list.load({})
    list.requestHeadRefresh()
    await vi.advanceTimersByTimeAsync(0)
    expect(asked).toHaveLength(2)
    for (let i = 0; i < 10; i++) list.requestHeadRefresh()
    await vi.advanceTimersByTimeAsync(HEAD_REFRESH_MIN_MS - 100)
    expect(asked).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(100)
    expect(asked).toHaveLength(3)
  })
})

describe('usePagedList with a cap', () => {
  type Asked = Array<{ from: 'indexer' | 'cache'; cursor: string | undefined }>

  /** A cache holding `cached` that answers a page after any of its rows (by its cache cursor), noting each ask. */
  function cacheOf(cached: Row[], total: string, asked: Asked) {
    return async (query: { cursor?: string; limit?: number }): Promise<Page<Row>> => {
      asked.push({ from: 'cache', cursor: query.cursor })
      const after = cached.findIndex((item) => cacheCursorAfter(item.id) === query.cursor)
      const items = cached.slice(after + 1, after + 1 + (query.limit ?? 50))
      const last = items.at(-1)
      return { items, nextCursor: last && last !== cached.at(-1) ? cacheCursorAfter(last.id) : null, total }
    }
  }

  /** The first page and one more read, then an arrival past a cap of three: n0, k0 and k1 are kept. */
  async function readTwoPagesThenCut(list: ReturnType<typeof usePagedList<object, Row>>): Promise<void> {
    await list.load({})
    await list.loadMore()
    list.prepend([row('n0')])
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', 'k0', 'k1'])
  }

  /** Three rows from the indexer (more behind c1); the cache answers from any row of its twelve. */
  function capped(rows: number) {
    const cached = Array.from({ length: 12 }, (_, index) => row(`k${index}`))
    const asked: Asked = []
    const list = usePagedList<object, Row>(
      async (query) => {
        asked.push({ from: 'indexer', cursor: query.cursor })
        if (query.cursor === undefined) return { items: [row('k0'), row('k1'), row('k2')], nextCursor: 'c1', total: '12' }
        return { items: [row('k3'), row('k4')], nextCursor: 'c2', total: '12' }
      },
      (item) => item.id,
      { pageLimit: 2 },
      { rows, fetchCached: cacheOf(cached, '12', asked) },
    )
    return { list, asked }
  }

  it('lets the oldest rows past the cap go as arrivals come, still counting them, and reads on from the last kept row in the cache', async () => {
    const { list, asked } = capped(4)
    await list.load({})
    list.prepend([row('n1'), row('n0')])
    expect(list.items.value.map((item) => item.id)).toEqual(['n1', 'n0', 'k0', 'k1'])
    expect(list.arrived.value).toBe(2)
    expect(list.total.value).toBe('14')
    expect(list.nextCursor.value).toBe(cacheCursorAfter('k1'))
    expect(list.ended.value).toBe(false)

    await list.loadMore()
    expect(asked.at(-1)).toEqual({ from: 'cache', cursor: cacheCursorAfter('k1') })
    expect(list.items.value.map((item) => item.id)).toEqual(['n1', 'n0', 'k0', 'k1', 'k2', 'k3'])
    // A row let go and read again is a row like any other: an arrival of it is not new.
    list.prepend([row('k2')])
    expect(list.arrived.value).toBe(2)
    await list.loadMore()
    expect(list.items.value.map((item) => item.id)).toEqual(['n1', 'n0', 'k0', 'k1', 'k2', 'k3', 'k4', 'k5'])
    expect(list.cursorRepeated.value).toBe(false)
  })

  it('drops a page asked for before rows were let go, and reads the cache again from the new last row', async () => {
    const { list, asked } = capped(3)
    await list.load({})
    const original = asked.length
    // The indexer's next page is on its way when arrivals cut the list.
    const onItsWay = list.loadMore()
    list.prepend([row('n0')])
    await onItsWay
    expect(asked[original]).toEqual({ from: 'indexer', cursor: 'c1' })
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', 'k0', 'k1'])
    expect(list.nextCursor.value).toBe(cacheCursorAfter('k1'))
    await list.loadMore()
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', 'k0', 'k1', 'k2', 'k3'])
  })

  it('goes on from the indexer where its paging had got to once the cache has no more of what was read', async () => {
    // The indexer has k0..k6; the cache holds only what the list read from it before rows were let go.
    const pages: Record<string, { items: Row[]; nextCursor: string | null }> = {
      '': { items: [row('k0'), row('k1'), row('k2')], nextCursor: 'c1' },
      c1: { items: [row('k3'), row('k4')], nextCursor: 'c2' },
      c2: { items: [row('k5'), row('k6')], nextCursor: null },
    }
    const cached = ['k0', 'k1', 'k2', 'k3', 'k4'].map((id) => row(id))
    const asked: Asked = []
    const list = usePagedList<object, Row>(
      async (query) => {
        asked.push({ from: 'indexer', cursor: query.cursor })
        return { ...(pages[query.cursor ?? ''] as { items: Row[]; nextCursor: string | null }), total: '7' }
      },
      (item) => item.id,
      { pageLimit: 2 },
      { rows: 3, fetchCached: cacheOf(cached, '5', asked) },
    )
    await readTwoPagesThenCut(list)
    await list.loadMore()
    await list.loadMore()
    expect(asked.slice(-2).map((ask) => ask.from)).toEqual(['cache', 'cache'])
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', 'k0', 'k1', 'k2', 'k3', 'k4'])
    // The cache ran out; the list is not at its end: the indexer goes on after k4.
    expect(list.ended.value).toBe(false)
    expect(list.nextCursor.value).toBe('c2')
    await list.loadMore()
    expect(asked.at(-1)).toEqual({ from: 'indexer', cursor: 'c2' })
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', 'k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6'])
    expect(list.ended.value).toBe(true)
  })

  it('hands back to the indexer once the cache runs out, though the cache went further, and takes no cursor of the cache for a loop', async () => {
    // Cursors in one format for the indexer and the cache, as the reference deployment's are; pages of two.
    const ids = Array.from({ length: 12 }, (_, index) => `k${index}`)
    const asked: Asked = []
    const list = usePagedList<object, Row>(
      async (query) => {
        asked.push({ from: 'indexer', cursor: query.cursor })
        const after = query.cursor === undefined ? -1 : ids.findIndex((id) => cacheCursorAfter(id) === query.cursor)
        const items = ids.slice(after + 1, after + 3).map((id) => row(id))
        const last = items.at(-1)
        return { items, nextCursor: last && last.id !== ids.at(-1) ? cacheCursorAfter(last.id) : null, total: '12' }
      },
      (item) => item.id,
      { pageLimit: 2 },
      // The list read k0..k3; the cache holds four rows more (k4..k7), fetched for something else.
      { rows: 3, fetchCached: cacheOf(ids.slice(0, 8).map((id) => row(id)), '8', asked) },
    )
    await readTwoPagesThenCut(list)
    await list.loadMore()
    await list.loadMore()
    await list.loadMore()
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', 'k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'])
    // The cache ran out: the indexer goes on after k3, where its paging had got to, not at an end.
    expect(list.ended.value).toBe(false)
    expect(list.cursorRepeated.value).toBe(false)
    // One Load more: the pages of k4..k7, held already, are read through to what is new.
    await list.loadMore()
    expect(asked.slice(-3)).toEqual(['k3', 'k5', 'k7'].map((id) => ({ from: 'indexer', cursor: cacheCursorAfter(id) })))
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', ...ids.slice(0, 10)])
    await list.loadMore()
    expect(list.items.value.map((item) => item.id)).toEqual(['n0', ...ids])
    expect(list.ended.value).toBe(true)
    expect(list.cursorRepeated.value).toBe(false)
  })

  it('keeps every row without a cap, and a new query starts from the indexer again', async () => {
    const { list, asked } = capped(3)
    await list.load({})
    list.prepend([row('n0')])
    await list.load({ again: true })
    await list.loadMore()
    expect(asked.at(-1)).toEqual({ from: 'indexer', cursor: 'c1' })
    const uncapped = listOver({ '': { items: [row('a'), row('b')], nextCursor: null, total: null } }).list
    await uncapped.load({})
    uncapped.prepend([row('c'), row('d'), row('e')])
    expect(uncapped.items.value).toHaveLength(5)
  })
})
