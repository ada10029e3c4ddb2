import { describe, expect, it } from 'vitest'
import { testNotification } from '@test/support/history-test-data'
import { openStore } from '@test/support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'

describe('entry reasons in the cache', () => {
  it('keeps an entry’s reason, beside its raw record as received', () => {
    const history = openStore().forIndexer(INDEXER)
    const entry = { ...testNotification(1), reason: { source: 'notifications' as const, text: "rule 'Indexer notifications'" } }
    history.recordNotifications([entry])
    const [read] = history.listNotifications({}).data.items
    expect(read?.reason).toEqual(entry.reason)
    expect(read?.raw).toEqual(testNotification(1).raw)
    expect(read?.extra).toEqual(testNotification(1).extra)
  })

  it('still reads entries stored before reasons, and ignores a reason that is not one', () => {
    const history = openStore().forIndexer(INDEXER)
    const old = testNotification(2)
    const bogus = testNotification(3, { extra: { proofwatchReason: { source: 'elsewhere', text: 5 } } })
    history.recordNotifications([old, bogus])
    const items = history.listNotifications({}).data.items
    expect(items.map((item) => [item.id, item.title, item.reason ?? null])).toEqual([
      [bogus.id, bogus.title, null],
      [old.id, old.title, null],
    ])
  })
})
