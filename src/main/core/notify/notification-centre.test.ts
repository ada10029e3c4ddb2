import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import type { AppNotification } from '@shared/domain'
import type { UnreadCounts } from '@shared/unread'
import { HistoryCache } from '../history/history-cache'
import { notificationTrimSlack } from '../history/history-writer'
import { silentLogger } from '../log/log'
import { ManualClock } from '@test/support/manual-clock'
import { NotificationCentre } from './notification-centre'
import { addressTransaction, circuitProof, notification } from '@test/support/notify-fixtures'

const A = 'AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz'
const B = '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr'

let store: HistoryCache | null = null

afterEach(async () => {
  await store?.close()
  store = null
})

function setup() {
  store = HistoryCache.open({ path: ':memory:' })
  const history = store.forIndexer('http://127.0.0.1:1')
  const pushed: BridgeEvent[] = []
  const clock = new ManualClock(1_000)
  const opened = store
  const centre = new NotificationCentre({
    push: (event, payload) => pushed.push({ event, payload } as BridgeEvent),
    flushHistory: () => opened.flush(),
    log: silentLogger,
    clock,
  })
  const sent: Array<readonly string[] | 'all'> = []
  centre.attach(history, { markRead: (ids) => sent.push(ids) })
  const lastUnread = () => pushed.filter((e) => e.event === 'unread').at(-1)?.payload as UnreadCounts | undefined
  return { centre, pushed, clock, sent, lastUnread }
}

describe('NotificationCentre: the one unread model', () => {
  it('lowers the count by one when one entry is read (the tray regression: keys used to differ)', async () => {
    const { centre, lastUnread, pushed } = setup()
    centre.addressTransactions([addressTransaction(A, 'S1')])
    expect(await centre.unread()).toEqual({ total: 1, addresses: { [A]: 1 }, circuits: {} })
    const [entry] = (pushed.filter((e) => e.event === 'notifications').at(-1)?.payload ?? []) as AppNotification[]
    // The centre's own id, as the notification centre marks it, is what the count is kept by.
    const after = await centre.markRead([entry!.id])
    expect(after.total).toBe(0)
    expect(lastUnread()).toEqual({ total: 0, addresses: {}, circuits: {} })
  })

  it('counts per watched address and followed circuit, and marks one of them read', async () => {
    const { centre, clock } = setup()
    centre.addressTransactions([addressTransaction(A, 'S1'), addressTransaction(A, 'S2'), addressTransaction(B, 'S3')])
    clock.advance(120_000)
    centre.addressTransactions([addressTransaction(A, 'S4')])
    centre.circuitProofs([circuitProof('4', 'P1')])
    centre.notifications([notification('n1', { kind: 'SYSTEM' })])
    // A's burst is one entry, its later transaction another.
    expect(await centre.unread()).toEqual({ total: 5, addresses: { [A]: 2, [B]: 1 }, circuits: { '4': 1 } })
    expect(await centre.markTopicRead({ kind: 'address', id: A })).toEqual({ total: 3, addresses: { [B]: 1 }, circuits: { '4': 1 } })
    expect(await centre.markRead('all')).toEqual({ total: 0, addresses: {}, circuits: {} })
  })

  it('names a followed circuit by the name the cache knows, else Circuit #id', async () => {
    const { centre, pushed } = setup()
    store!.forIndexer('http://127.0.0.1:1').recordCircuits([{ id: '4', name: 'membership_proof', proofType: 'MEMBERSHIP', description: null }])
    centre.circuitProofs([circuitProof('4', 'P1'), circuitProof('9', 'P2')])
    const titles = (pushed.filter((e) => e.event === 'notifications').flatMap((e) => e.payload as AppNotification[])).map((entry) => entry.title)
    expect(titles).toContain('New proof on membership_proof')
    expect(titles).toContain('New proof on Circuit #9')
  })

  it('pushes one unread event for entries that arrive together, and none when nothing changed', async () => {
    const { centre, pushed, clock } = setup()
    centre.notifications([notification('n1', { kind: 'SYSTEM' })])
    centre.notifications([notification('n2', { kind: 'SYSTEM' })])
    clock.advance(100)
    await store!.flush()
    await new Promise((resolve) => setImmediate(resolve))
    const unread = pushed.filter((e) => e.event === 'unread')
    expect(unread.map((e) => (e.payload as UnreadCounts).total)).toEqual([2])
    centre.notifications([notification('n2', { kind: 'SYSTEM' })])
    clock.advance(100)
    await new Promise((resolve) => setImmediate(resolve))
    expect(pushed.filter((e) => e.event === 'unread')).toHaveLength(1)
  })

  it('sends what is read here to the indexer, and applies what was read there without sending it back', async () => {
    const { centre, sent } = setup()
    centre.notifications([notification('n1', { kind: 'SYSTEM' }), notification('n2', { kind: 'SYSTEM' })])
    await centre.markRead(['n1'])
    expect(sent).toEqual([['n1']])
    centre.applyRemoteRead(['n2'])
    expect((await centre.unread()).total).toBe(0)
    expect(sent).toEqual([['n1']])
  })

  it('refuses to mark anything while no indexer is attached, and counts nothing', async () => {
    const { centre } = setup()
    centre.attach(null)
    expect(await centre.unread()).toEqual({ total: 0, addresses: {}, circuits: {} })
    await expect(centre.markRead('all')).rejects.toMatchObject({ code: 'UNREACHABLE' })
  })
})

describe('NotificationCentre: entries are kept with a cap', () => {
  it('drops the oldest read entries first once an indexer holds more than the cap', async () => {
    const capped = HistoryCache.open({ path: ':memory:', notificationCap: 3 })
    const problems: unknown[] = []
    capped.onProblem((problem) => problems.push(problem))
    try {
      const history = capped.forIndexer('http://127.0.0.1:2')
      const at = (n: number) => notification(`n${n}`, { kind: 'SYSTEM', receivedAt: n, raw: { id: `n${n}`, type: 'SYSTEM', title: `t${n}` } })
      history.recordNotifications([at(1), at(2), at(3)])
      history.markNotificationsRead(['n2'])
      history.recordNotifications([at(4)])
      await capped.flush()
      expect(problems).toEqual([])
      expect(history.listNotifications({}).data.items.map((item) => item.id)).toEqual(['n4', 'n3', 'n1'])
      history.recordNotifications([at(5), at(6)])
      await capped.flush()
      expect(history.listNotifications({}).data.items.map((item) => item.id)).toEqual(['n6', 'n5', 'n4'])
    } finally {
      await capped.close()
    }
  })
  it('keeps between the cap less its slack and the cap, counting again only once enough entries were written', async () => {
    const cap = 60
    const capped = HistoryCache.open({ path: ':memory:', notificationCap: cap })
    const problems: unknown[] = []
    capped.onProblem((problem) => problems.push(problem))
    try {
      const history = capped.forIndexer('http://127.0.0.1:2')
      const at = (n: number) => notification(`n${n}`, { kind: 'SYSTEM', receivedAt: n, raw: { id: `n${n}`, type: 'SYSTEM', title: `t${n}` } })
      const held = () => history.listNotifications({ limit: 200 }).data.items.length
      const low = cap - notificationTrimSlack(cap)
      for (let n = 1; n <= 400; n++) {
        history.recordNotifications([at(n)])
        if (n % 7 === 0) await capped.flush()
      }
      await capped.flush()
      expect(held()).toBeGreaterThanOrEqual(low)
      expect(held()).toBeLessThanOrEqual(cap)
      // The newest are what is kept.
      expect(history.listNotifications({ limit: 1 }).data.items[0]?.id).toBe('n400')
      // Updates of entries already held count as writes but never push anything out.
      const before = held()
      for (let round = 0; round < 3; round++) history.recordNotifications(Array.from({ length: 10 }, (_, i) => at(400 - i)))
      await capped.flush()
      expect(held()).toBe(before)
      expect(problems).toEqual([])
    } finally {
      await capped.close()
    }
  })
})
