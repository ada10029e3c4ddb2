import { describe, expect, it } from 'vitest'
import type { Page } from '@shared/domain'
import { fetchAllPages, type FetchAllState } from './fetch-all'

/** An indexer list of `rows` items served `size` a page, cursors "c<offset>". */
function list(rows: number, size: number) {
  const asked: (string | null)[] = []
  const fetchPage = async (cursor: string | null): Promise<Page<number>> => {
    asked.push(cursor)
    const offset = cursor === null ? 0 : Number(cursor.slice(1))
    const items = Array.from({ length: Math.min(size, rows - offset) }, (_, index) => offset + index)
    const end = offset + items.length
    return { items, nextCursor: end < rows ? `c${end}` : null, total: String(rows) }
  }
  return { fetchPage, asked }
}

describe('fetchAllPages', () => {
  it('pages to the end, reporting each step, with a pause between pages only', async () => {
    const { fetchPage, asked } = list(450, 200)
    const progress: FetchAllState[] = []
    let pauses = 0
    const end = await fetchAllPages({ fetchPage, onProgress: (state) => progress.push(state), pause: async () => void pauses++, stopped: () => false })
    expect(asked).toEqual([null, 'c200', 'c400'])
    expect(progress.map((state) => state.fetched)).toEqual([200, 400, 450])
    expect(end).toEqual({ cursor: null, fetched: 450, done: true })
    expect(pauses).toBe(2)
  })

  it('stops when asked and goes on later from the state it reported', async () => {
    const { fetchPage, asked } = list(450, 200)
    let last: FetchAllState | null = null
    let stop = false
    const stopped = await fetchAllPages({
      fetchPage,
      onProgress: (state) => ((last = state), (stop = true)),
      pause: async () => {},
      stopped: () => stop,
    })
    expect(stopped).toEqual({ cursor: 'c200', fetched: 200, done: false })
    const end = await fetchAllPages({ fetchPage, from: last, onProgress: () => {}, pause: async () => {}, stopped: () => false })
    expect(end.fetched).toBe(450)
    expect(asked).toEqual([null, 'c200', 'c400'])
  })

  it('keeps what a failed page would lose: the last state reported is where a retry starts', async () => {
    const { fetchPage } = list(450, 200)
    let last: FetchAllState | null = null
    let failOnce = true
    const flaky = async (cursor: string | null) => {
      if (cursor === 'c200' && failOnce) {
        failOnce = false
        throw new Error('503')
      }
      return fetchPage(cursor)
    }
    await expect(fetchAllPages({ fetchPage: flaky, onProgress: (state) => (last = state), pause: async () => {}, stopped: () => false })).rejects.toThrow('503')
    expect(last).toEqual({ cursor: 'c200', fetched: 200, done: false })
    const end = await fetchAllPages({ fetchPage: flaky, from: last, onProgress: () => {}, pause: async () => {}, stopped: () => false })
    expect(end).toEqual({ cursor: null, fetched: 450, done: true })
  })

  it('stops at a cursor that repeats instead of paging forever', async () => {
    const looping = async (): Promise<Page<number>> => ({ items: [1], nextCursor: 'same', total: null })
    await expect(fetchAllPages({ fetchPage: looping, onProgress: () => {}, pause: async () => {}, stopped: () => false })).rejects.toThrow(/same page cursor twice/)
  })
})
