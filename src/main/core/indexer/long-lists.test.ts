import { describe, expect, it } from 'vitest'
import { cutLongLists } from './long-lists'

const items = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `n${i}`, text: `a "quoted" ], [ {x} \\ ${i}`, tags: [1, 2, 3] }))

describe('cutLongLists', () => {
  it('keeps the first `limit` items of a list under items, and counts what came', async () => {
    const body = { ok: true, items: items(1000), nextCursor: 'c' }
    const cut = await cutLongLists(JSON.stringify(body), 10)
    expect(cut.longest).toBe(1000)
    expect(JSON.parse(cut.text)).toEqual({ ok: true, items: items(10), nextCursor: 'c' })
  })

  it('cuts a bare list and one two envelopes down', async () => {
    expect(JSON.parse((await cutLongLists(JSON.stringify(items(50)), 3)).text)).toEqual(items(3))
    const nested = { data: { items: items(50), total: 50 } }
    expect(JSON.parse((await cutLongLists(JSON.stringify(nested), 3)).text)).toEqual({ data: { items: items(3), total: 50 } })
  })

  it('leaves a list at or under the limit, and arrays inside a record, whole', async () => {
    const body = JSON.stringify({ items: [{ signature: 's', accounts: Array.from({ length: 500 }, (_, i) => `a${i}`) }] })
    expect(await cutLongLists(body, 20)).toEqual({ text: body, longest: 1 })
    const bare = JSON.stringify([{ accounts: Array.from({ length: 500 }, (_, i) => i) }, { accounts: [] }])
    expect(await cutLongLists(bare, 20)).toEqual({ text: bare, longest: 2 })
    const exact = JSON.stringify({ items: items(20) })
    expect((await cutLongLists(exact, 20)).text).toBe(exact)
  })

  it('turns the event loop between slices of a large body', async () => {
    let pauses = 0
    const text = JSON.stringify({ items: items(100_000) })
    const cut = await cutLongLists(text, 100, async () => {
      pauses++
    })
    expect(pauses).toBeGreaterThan(5)
    expect(JSON.parse(cut.text).items).toHaveLength(100)
  })

  it('hands text that is not JSON on for JSON.parse to refuse', async () => {
    expect(() => JSON.parse('')).toThrow()
    for (const text of ['{"items":[1,2,3', 'not json', '[1,2,]]]', '"unterminated']) {
      const cut = await cutLongLists(text, 1)
      expect(() => JSON.parse(cut.text)).toThrow()
    }
  })
})
