import { describe, expect, it } from 'vitest'
import type { Page } from '@shared/domain'
import { TaskLimiter, backfill, mergeInOrder } from './backfill'
import { u64Order } from '@shared/u64-order'
import { MemoryHeldIndex } from './held-index'

interface Item {
  id: string
  slot: string | null
}

/** Newest-first pages over a list kept oldest first; the cursor is the index to continue below. */
function pagesOf(items: Item[], size: number): (cursor?: string) => Promise<Page<Item>> {
  return async (cursor) => {
    const end = cursor === undefined ? items.length : Number(cursor)
    const start = Math.max(0, end - size)
    const page = items.slice(start, end).reverse()
    return { items: page, nextCursor: start > 0 ? String(start) : null, total: String(items.length) }
  }
}

const items = (from: number, to: number): Item[] =>
  Array.from({ length: to - from }, (_, index) => ({ id: `t${from + index}`, slot: String(100 + from + index) }))

describe('backfill', () => {
  it('walks newest first to the first held item and returns what is missing, oldest first', async () => {
    const server = items(0, 30)
    const held = new Set(['t11'])
    const result = await backfill({ fetchPage: pagesOf(server, 4), idOf: (i) => i.id, isHeld: (id) => held.has(id), maxPages: 10 })
    expect(result.items.map((i) => i.id)).toEqual(items(12, 30).map((i) => i.id))
    expect(result).toMatchObject({ end: 'stopped', closed: true, pages: 5 })
  })

  it('stops after the last page, or after maxPages, without claiming the gap closed', async () => {
    const all = await backfill({ fetchPage: pagesOf(items(0, 7), 3), idOf: (i) => i.id, isHeld: () => false, maxPages: 10 })
    expect(all).toMatchObject({ end: 'last-page', closed: false, pages: 3 })
    expect(all.items).toHaveLength(7)
    const cut = await backfill({ fetchPage: pagesOf(items(0, 70), 10), idOf: (i) => i.id, isHeld: () => false, maxPages: 2 })
    expect(cut).toMatchObject({ end: 'max-pages', closed: false, pages: 2 })
    expect(cut.items.map((i) => i.id)).toEqual(items(50, 70).map((i) => i.id))
  })

  it('keeps an item a shifting server repeats once, and ends on a repeated cursor', async () => {
    let calls = 0
    const fetchPage = async (): Promise<Page<Item>> => {
      calls++
      return { items: [{ id: 'a', slot: '2' }, { id: 'b', slot: '1' }], nextCursor: 'same', total: null }
    }
    const result = await backfill({ fetchPage, idOf: (i) => i.id, isHeld: () => false, maxPages: 10 })
    expect(result.items.map((i) => i.id)).toEqual(['b', 'a'])
    expect(result.end).toBe('repeated-cursor')
    expect(calls).toBe(2)
  })

  it('passes a failing page on to the caller', async () => {
    const fetchPage = async (): Promise<Page<Item>> => {
      throw new Error('boom')
    }
    await expect(backfill({ fetchPage, idOf: (i: Item) => i.id, isHeld: () => false, maxPages: 3 })).rejects.toThrow('boom')
  })
})

describe('mergeInOrder', () => {
  const order = (item: Item) => u64Order(item.slot)
  const id = (item: Item) => item.id

  it('merges by slot, fetched first on a tie, each identity once', () => {
    const fetched = [
      { id: 'a', slot: '1' },
      { id: 'b', slot: '3' },
      { id: 'c', slot: '5' },
    ]
    const live = [
      { id: 'x', slot: '2' },
      { id: 'c', slot: '5' },
      { id: 'y', slot: '5' },
      { id: 'z', slot: '9' },
    ]
    expect(mergeInOrder(fetched, live, order, id).map((m) => `${m.item.id}:${m.origin}`)).toEqual([
      'a:fetched',
      'x:live',
      'b:fetched',
      'c:fetched',
      'y:live',
      'z:live',
    ])
  })

  it('keeps fetched before live where a slot is unknown', () => {
    const merged = mergeInOrder([{ id: 'a', slot: null }], [{ id: 'b', slot: '1' }], order, id)
    expect(merged.map((m) => m.item.id)).toEqual(['a', 'b'])
  })

  it('compares 64-bit slots exactly', () => {
    expect(u64Order('18446744073709551615')! > u64Order('18446744073709551614')!).toBe(true)
    expect(u64Order('12x')).toBeNull()
    expect(u64Order(null)).toBeNull()
  })
})

describe('TaskLimiter', () => {
  it('runs at most `limit` tasks at once, in the order asked', async () => {
    const limiter = new TaskLimiter(2)
    let running = 0
    let most = 0
    const order: number[] = []
    const releases: Array<() => void> = []
    const tasks = [0, 1, 2, 3, 4].map((n) =>
      limiter.run(async () => {
        running++
        most = Math.max(most, running)
        order.push(n)
        await new Promise<void>((resolve) => releases.push(resolve))
        running--
        return n
      }),
    )
    for (let step = 0; step < 5; step++) {
      await new Promise((resolve) => setImmediate(resolve))
      releases.shift()?.()
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4])
    expect(order).toEqual([0, 1, 2, 3, 4])
    expect(most).toBe(2)
  })
})

describe('MemoryHeldIndex', () => {
  it('holds identities per kind, forgets a kind, and keeps a bounded number per kind', () => {
    const held = new MemoryHeldIndex({ maxPerKind: 3 })
    expect(held.add('tx:A', 's1')).toBe(true)
    expect(held.add('tx:A', 's1')).toBe(false)
    expect(held.has('tx:B', 's1')).toBe(false)
    for (const id of ['s2', 's3', 's4']) held.add('tx:A', id)
    expect(held.ids('tx:A')).toEqual(['s2', 's3', 's4'])
    held.forget('tx:A')
    expect(held.size('tx:A')).toBe(0)
  })
})
