import { describe, expect, it } from 'vitest'
import { testKey, testTransaction, testTransactionDetail } from '@test/support/history-test-data'
import { openStore } from '@test/support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'
const ADDRESS = testKey(40, 1)
const OTHER = testKey(40, 2)
const DAY_MS = 86_400_000
/** 2026-03-10 22:30 UTC: still the 10th in UTC, already the 11th in Tokyo. */
const LATE_EVENING = Date.UTC(2026, 2, 10, 22, 30)

describe('address activity from the cache', () => {
  it('sums every cached transaction of the address, not only a page', () => {
    const history = openStore().forIndexer(INDEXER)
    const mine = Array.from({ length: 130 }, (_, index) =>
      testTransaction(index, { feePayer: ADDRESS, blockTimeMs: LATE_EVENING - index * 3_600_000 }),
    )
    history.recordTransactions(mine)
    history.recordTransactions([testTransaction(500, { feePayer: OTHER })])

    const activity = history.addressActivity({ pubkey: ADDRESS })
    expect(activity.transactions).toBe(130)
    expect(activity.failed).toBe(mine.filter((tx) => tx.status === 'FAILED').length)
    expect(activity.failed).toBeGreaterThan(0)
    expect(activity.fees).toBe(mine.reduce((sum, tx) => sum + BigInt(tx.fee!), 0n).toString())
    expect(activity.feesUnknown).toBe(0)
    expect(activity.lastSeen).toBe(LATE_EVENING)
    expect(activity.firstSeen).toBe(LATE_EVENING - 129 * 3_600_000)
    expect(activity.days.reduce((sum, day) => sum + day.transactions, 0)).toBe(130)
    expect(activity.days.reduce((sum, day) => sum + day.failed, 0)).toBe(activity.failed)
    expect(activity.days.map((day) => day.day)).toEqual([...activity.days.map((day) => day.day)].sort())
    expect(activity.days.at(-1)).toEqual({ day: '2026-03-10', transactions: 23, failed: expect.any(Number) })
  })

  it('counts days in the time zone asked for', () => {
    const history = openStore().forIndexer(INDEXER)
    history.recordTransactions([testTransaction(1, { feePayer: ADDRESS, blockTimeMs: LATE_EVENING })])
    expect(history.addressActivity({ pubkey: ADDRESS }).days.map((day) => day.day)).toEqual(['2026-03-10'])
    expect(history.addressActivity({ pubkey: ADDRESS, timeZone: 'Asia/Tokyo' }).days.map((day) => day.day)).toEqual(['2026-03-11'])
    expect(history.addressActivity({ pubkey: ADDRESS, timeZone: 'America/New_York' }).days.map((day) => day.day)).toEqual(['2026-03-10'])
  })

  it('finds the address among instruction accounts and in rows held only as full records', () => {
    const history = openStore().forIndexer(INDEXER)
    history.recordTransactionDetail(testTransactionDetail(3, { accounts: [ADDRESS], blockTimeMs: LATE_EVENING - DAY_MS }))
    const activity = history.addressActivity({ pubkey: ADDRESS })
    expect(activity.transactions).toBe(1)
    expect(activity.days).toEqual([{ day: '2026-03-09', transactions: 1, failed: 0 }])
  })

  it('keeps rows without a fee or block time out of the sums they cannot join, and says how many', () => {
    const history = openStore().forIndexer(INDEXER)
    history.recordTransactions([
      testTransaction(1, { feePayer: ADDRESS, blockTimeMs: null }),
      testTransaction(2, { feePayer: ADDRESS, extra: { fee: null } }),
      testTransaction(4, { feePayer: ADDRESS, blockTimeMs: LATE_EVENING }),
    ])
    const activity = history.addressActivity({ pubkey: ADDRESS })
    expect(activity.transactions).toBe(3)
    expect(activity.feesUnknown).toBe(1)
    expect(activity.fees).toBe(String(BigInt(testTransaction(1).fee!) + BigInt(testTransaction(4).fee!)))
    expect(activity.days.reduce((sum, day) => sum + day.transactions, 0)).toBe(2)
  })

  it('sums fees past 2^53 exactly', () => {
    const history = openStore().forIndexer(INDEXER)
    const huge = '9007199254740993'
    history.recordTransactions([
      testTransaction(1, { feePayer: ADDRESS, extra: { fee: huge } }),
      testTransaction(2, { feePayer: ADDRESS, extra: { fee: huge } }),
    ])
    expect(history.addressActivity({ pubkey: ADDRESS }).fees).toBe('18014398509481986')
  })

  it('answers nothing held with zeros, and refuses a bad address or time zone plainly', () => {
    const store = openStore()
    const history = store.forIndexer(INDEXER)
    expect(history.addressActivity({ pubkey: ADDRESS })).toEqual({
      pubkey: ADDRESS,
      transactions: 0,
      failed: 0,
      fees: '0',
      feesUnknown: 0,
      firstSeen: null,
      lastSeen: null,
      days: [],
    })
    expect(() => history.addressActivity({ pubkey: 'not an address' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(() => history.addressActivity({ pubkey: ADDRESS, timeZone: 'Mars/Olympus' })).toThrow(/Unknown time zone "Mars\/Olympus"/)
  })

  it('leaves out a row that no longer decodes instead of failing', () => {
    const store = openStore()
    const history = store.forIndexer(INDEXER)
    history.recordTransactions([testTransaction(1, { feePayer: ADDRESS }), testTransaction(2, { feePayer: ADDRESS })])
    expect(history.addressActivity({ pubkey: ADDRESS }).transactions).toBe(2)
    store.database.statement(`UPDATE transactions SET raw = '{"broken"' WHERE signature = ?`).run(testTransaction(2).signature)
    expect(history.addressActivity({ pubkey: ADDRESS }).transactions).toBe(1)
  })
})
