import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LeaderboardEntry, Series } from '@shared/domain'
import { decodeLeaderboard } from '../../src/main/core/indexer/decode'
import { HistoryCache } from '../../src/main/core/history/history-cache'
import {
  testKey,
  testNotification,
  testOverview,
  testProof,
  testProofSummary,
  testTransaction,
  testTransactionDetail,
} from '../support/history-test-data'
import { openStore, tempDir } from '../support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'
const UNKNOWN = { futureField: { nested: [1, 'two', null] }, lamports: '18446744073709551615' }

describe('every record kind survives a round trip through the file', () => {
  it('proofs, with unknown fields and 64-bit strings exact, also after reopening', async () => {
    const dir = tempDir()
    const first = openStore({ dir })
    const history = first.forIndexer(INDEXER)
    const proof = testProof(1, { extra: UNKNOWN })
    const big = testProof(2, { extra: { slotVerified: '18446744073709551615' } })
    history.recordProofs([proof, big])
    expect(history.proof(proof.proofAccount).data).toEqual(proof)
    await first.close()

    const again = openStore({ dir }).forIndexer(INDEXER)
    const read = again.proof(proof.proofAccount)
    expect(read.data).toEqual(proof)
    expect(read.data?.extra).toEqual(UNKNOWN)
    expect(read.data?.raw).toEqual(proof.raw)
    expect(again.proof(big.proofAccount).data?.slotVerified).toBe('18446744073709551615')
    expect(read.storedAt).toEqual(expect.any(Number))
  })

  it('a live summary reads as a proof with what it did not say left null, and never replaces a full record', () => {
    const history = openStore().forIndexer(INDEXER)
    const summary = testProofSummary(3, { extra: UNKNOWN })
    history.recordProofSummaries([summary])
    const fromSummary = history.proof(summary.proofAccount).data
    expect(fromSummary).toMatchObject({
      proofAccount: summary.proofAccount,
      authority: summary.authority,
      circuitId: summary.circuitId,
      proofType: summary.proofType,
      slotVerified: summary.slot,
      signature: null,
      verifiedAt: null,
      extra: UNKNOWN,
    })

    const full = testProof(3)
    history.recordProofs([full])
    history.recordProofSummaries([summary])
    expect(history.proof(full.proofAccount).data).toEqual(full)
  })

  it('transactions: list items and full details, kept apart', () => {
    const history = openStore().forIndexer(INDEXER)
    const item = testTransaction(4, { extra: UNKNOWN })
    const detail = testTransactionDetail(4, { extra: UNKNOWN })
    history.recordTransactions([item])
    expect(history.transactionItem(item.signature).data).toEqual(item)
    expect(history.transaction(item.signature).data).toBeNull()

    history.recordTransactionDetail(detail)
    expect(history.transaction(item.signature).data).toEqual(detail)
    // The list still shows the list item as received.
    expect(history.listTransactions({}).data.items).toEqual([item])

    const onlyDetail = testTransactionDetail(5, { blockTimeMs: null })
    history.recordTransactionDetail(onlyDetail)
    const listed = history.transactionItem(onlyDetail.signature).data
    expect(listed).toMatchObject({ signature: onlyDetail.signature, blockTime: null, fee: onlyDetail.fee })
    expect(listed).not.toHaveProperty('logs')
    expect(history.transaction(onlyDetail.signature).data).toEqual(onlyDetail)
  })

  it('overview snapshots: the newest is read back, with its exact totals and unknown fields', () => {
    const history = openStore().forIndexer(INDEXER)
    expect(history.overview()).toEqual({ data: null, storedAt: null })
    const older = testOverview(Date.UTC(2026, 0, 1, 10, 0), UNKNOWN)
    const newer = testOverview(Date.UTC(2026, 0, 1, 10, 5), { tps: 99 })
    history.recordOverview(newer)
    history.recordOverview(older)
    const read = history.overview().data
    expect(read).toEqual(newer)
    expect(read?.totalProofs).toBe('18446744073709551615')
  })

  it('series per metric and period, replaced as a whole', () => {
    const history = openStore().forIndexer(INDEXER)
    const series: Series = {
      metric: 'proofs',
      serverMetric: 'proofs24h',
      period: '7d',
      points: [
        { t: 1000, value: 1.5 },
        { t: 2000, value: 2 },
      ],
    }
    history.recordSeries(series)
    history.recordSeries({ ...series, period: '24h', points: [{ t: 5, value: 5 }] })
    expect(history.series({ metric: 'proofs', period: '7d' }).data).toEqual(series)
    history.recordSeries({ ...series, points: [{ t: 3000, value: 3 }] })
    expect(history.series({ metric: 'proofs', period: '7d' }).data?.points).toEqual([{ t: 3000, value: 3 }])
    expect(history.series({ metric: 'proofs', period: '24h' }).data?.points).toEqual([{ t: 5, value: 5 }])
    expect(history.series({ metric: 'tps', period: '7d' }).data).toBeNull()
  })

  it('leaderboard snapshots per period, with ranks and unknown fields', () => {
    const history = openStore().forIndexer(INDEXER)
    const entries: LeaderboardEntry[] = decodeLeaderboard({
      ok: true,
      leaderboard: [
        { pubkey: testKey(9, 1), proofCount: 12, badge: 'gold' },
        { pubkey: testKey(9, 2), proofCount: 7 },
        { pubkey: testKey(9, 3), proofCount: 3 },
      ],
    })
    history.recordLeaderboard({ period: '24h' }, entries)
    expect(history.leaderboard({ period: '24h' }).data).toEqual(entries)
    expect(history.leaderboard({ period: '24h', limit: 2 }).data).toEqual(entries.slice(0, 2))
    expect(history.leaderboard({ period: '7d' }).data).toBeNull()
  })

  it('notifications with read state and subject', () => {
    const history = openStore().forIndexer(INDEXER)
    const first = testNotification(1, { extra: UNKNOWN })
    const second = { ...testNotification(2), subject: { kind: 'proof' as const, id: testKey(1, 2) } }
    history.recordNotifications([first, second])
    expect(history.listNotifications({}).data.items).toEqual([second, first])
    history.markNotificationsRead([first.id])
    expect(history.listNotifications({ unreadOnly: true }).data.items.map((n) => n.id)).toEqual([second.id])
    // Seen again, a notification keeps the user's read state.
    history.recordNotifications([first])
    expect(history.listNotifications({}).data.items.find((n) => n.id === first.id)).toEqual({ ...first, read: true })
    history.markNotificationsRead('all')
    expect(history.unreadNotificationCount()).toBe(0)
  })

  it('per-indexer metadata', () => {
    const history = openStore().forIndexer(INDEXER)
    history.updateMetadata({ metric: { proofs: 'proofs24h' }, note: 'x' })
    history.updateMetadata({ note: null, seen: 1 })
    expect(history.metadata()).toEqual({ metric: { proofs: 'proofs24h' }, seen: 1 })
  })

  it('never mixes the data of two indexers', async () => {
    const store = openStore()
    const a = store.forIndexer('http://a.example')
    const b = store.forIndexer('http://b.example')
    a.recordProofs([testProof(1)])
    a.recordTransactions([testTransaction(1)])
    a.recordNotifications([testNotification(1)])
    a.recordOverview(testOverview(1000))
    expect(b.listProofs({}).data.items).toEqual([])
    expect(b.proof(testProof(1).proofAccount).data).toBeNull()
    expect(b.listTransactions({}).data.items).toEqual([])
    expect(b.listNotifications({}).data.items).toEqual([])
    expect(b.overview().data).toBeNull()
    expect(await b.search(testProof(1).proofAccount.slice(0, 6))).toEqual([])
    expect(a.listProofs({}).data.items).toHaveLength(1)
  })

  it('keeps queued writes until flushed and answers reads with them', async () => {
    const dir = tempDir()
    const store = HistoryCache.open({ path: join(dir, 'history.sqlite'), write: { flushDelayMs: 60_000 } })
    const history = store.forIndexer(INDEXER)
    history.recordProofs([testProof(1)])
    expect(store.info().pendingWrites).toBe(0)
    history.recordProofs([testProof(2)])
    expect(store.database.db.prepare('SELECT count(*) AS n FROM proofs').get()).toEqual({ n: 1 })
    expect(history.listProofs({}).data.items).toHaveLength(2)
    history.recordProofs([testProof(3)])
    await store.close()
    const reopened = openStore({ dir }).forIndexer(INDEXER)
    expect(reopened.listProofs({}).data.items).toHaveLength(3)
  })
})
