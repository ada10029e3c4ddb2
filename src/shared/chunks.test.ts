import { describe, expect, it } from 'vitest'
import { chunks } from './chunks'

describe('chunks', () => {
  it('cuts a list into consecutive parts of at most the size, in order, the last one shorter', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunks([1, 2], 5)).toEqual([[1, 2]])
    expect(chunks([], 3)).toEqual([])
  })

  it('takes parts of one for a size under one', () => {
    expect(chunks(['a', 'b'], 0)).toEqual([['a'], ['b']])
  })
})
