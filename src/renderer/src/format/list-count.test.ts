import { describe, expect, it } from 'vitest'
import { listCount } from './list-count'

describe('listCount', () => {
  it('names the total when there is one', () => {
    expect(listCount(50, '1234567', 'proofs', 'en-US')).toBe('50 of 1,234,567 proofs')
  })

  it('counts only what is shown without a total', () => {
    expect(listCount(1500, null, 'transactions', 'en-US')).toBe('1,500 transactions')
  })

  it('never shows more listed than the total: the count stands alone and says the total is being re-counted', () => {
    expect(listCount(882, '517', 'proofs', 'en-US')).toBe('882 proofs · the indexer counts 517: its total is being re-counted')
    expect(listCount(517, '517', 'proofs', 'en-US')).toBe('517 of 517 proofs')
  })
})
