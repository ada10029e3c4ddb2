import { describe, expect, it } from 'vitest'
import { listItemOf, slotKey, timeKey } from './stored-records'
import { testTransaction, testTransactionDetail } from '@test/support/history-test-data'

describe('stored record keys', () => {
  it('orders u64 slots as integers, exact where SQLite can hold them', () => {
    expect(slotKey(null)).toBe(-1)
    expect(slotKey('356500123')).toBe(356500123)
    expect(slotKey('9007199254740993')).toBe(9007199254740993n)
    expect(slotKey('18446744073709551615')).toBe(9_223_372_036_854_775_807n)
  })

  it('stores unknown times as -1', () => {
    expect(timeKey(null)).toBe(-1)
    expect(timeKey(1700000000123.4)).toBe(1700000000123)
  })

  it('takes the list item out of a full transaction', () => {
    const detail = testTransactionDetail(3)
    const item = listItemOf(detail)
    expect(Object.keys(item).sort()).toEqual(Object.keys(testTransaction(3)).sort())
    expect(item.signature).toBe(detail.signature)
  })
})
