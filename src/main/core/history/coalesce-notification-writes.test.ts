import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import { testCentreEntry } from '@test/support/history-test-data'
import { HistoryCache } from './history-cache'
import { coalesceNotificationWrites } from './coalesce-notification-writes'
import type { WriteOp } from './write-op'

const INDEXER = 'http://127.0.0.1:2'

function write(notifications: AppNotification[], at = 1): WriteOp {
  return { type: 'notifications', indexer: INDEXER, at, notifications }
}

describe('coalesceNotificationWrites', () => {
  it('writes only the last version of an entry, with the subject, topic, read flag and time the upserts would have left', () => {
    const subject = { kind: 'transaction' as const, id: 'sig1' }
    const topic = { kind: 'address' as const, id: 'addr' }
    const ops = coalesceNotificationWrites([
      write([testCentreEntry('g', { title: '1 new', subject, topic, receivedAt: 10 })], 1),
      { type: 'proofs', indexer: INDEXER, at: 2, proofs: [] },
      write([testCentreEntry('g', { title: '2 new', subject: null, topic: null, read: true, receivedAt: 20 }), testCentreEntry('other')], 3),
      write([testCentreEntry('g', { title: '3 new', subject: topic, receivedAt: 30 })], 4),
    ])
    expect(ops.map((op) => op.type)).toEqual(['proofs', 'notifications', 'notifications'])
    const [, second, third] = ops as [WriteOp, Extract<WriteOp, { type: 'notifications' }>, Extract<WriteOp, { type: 'notifications' }>]
    expect(second.notifications.map((n) => n.id)).toEqual(['other'])
    expect(third.notifications).toEqual([testCentreEntry('g', { title: '3 new', subject: topic, topic, read: false, receivedAt: 10 })])
    expect(third.at).toBe(4)
  })

  it('keeps the order around a mark-read or a removal, and leaves ops without repeats as they are', () => {
    const ops: WriteOp[] = [
      write([testCentreEntry('g', { title: 'a' })]),
      { type: 'mark-read', indexer: INDEXER, ids: ['g'], read: true },
      write([testCentreEntry('g', { title: 'b' })]),
    ]
    expect(coalesceNotificationWrites(ops)).toBe(ops)
    const other: WriteOp[] = [write([testCentreEntry('a')]), write([testCentreEntry('b')])]
    expect(coalesceNotificationWrites(other)).toBe(other)
  })

  it('leaves the same row in the cache as writing every version would', async () => {
    const versions = Array.from({ length: 30 }, (_, n) =>
      testCentreEntry('burst', { title: `${n + 1} new transactions`, receivedAt: 500 + n, subject: n === 0 ? { kind: 'transaction', id: 'first' } : null }),
    )
    const rows = async (batched: boolean) => {
      const cache = HistoryCache.open({ path: ':memory:' })
      try {
        const history = cache.forIndexer(INDEXER)
        for (const version of versions) {
          history.recordNotifications([version])
          if (!batched) await cache.flush()
        }
        await cache.flush()
        return history.listNotifications({}).data.items
      } finally {
        await cache.close()
      }
    }
    const one = await rows(true)
    expect(one).toHaveLength(1)
    expect(one[0]).toMatchObject({ title: '30 new transactions', receivedAt: 500, subject: { kind: 'transaction', id: 'first' } })
    expect(one).toEqual(await rows(false))
  })
})
