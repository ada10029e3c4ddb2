import { describe, expect, it } from 'vitest'
import { listCount } from './list-count'

describe('listCount', () => {
  it('names the total when there is one', () => {
    expect(listCount(50, '1234567', 'proofs', 'en-US')).toBe('50 of 1,234,567 proofs')
  })

  it('counts only what is shown without a total', () => {
    expect(listCount(1500, null, 'transactions', 'en-US')).toBe('1,500 transactions')
  })
})
