/**
 * A watched address's transactions handed on at once (its first sync, a
 * backfill) reach the history store as one write for the address, not one
 * per transaction: a backfill of thousands must not queue thousands of
 * operations (indexer-session.ts, byAddress).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Transaction } from '@shared/domain'
import type { MonitorDeps } from '../../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import { IndexerHistory } from '../../src/main/core/history/indexer-history'
import { watchingSettings } from '../support/watching-settings'
import { waitFor } from '../support/wait-for'
import { wireTransaction } from '../support/history-test-data'
import { fastSocket, startedPerTest } from '../support/monitor-on-indexer'

const ADDRESS = '5nrh6VUPWsW3TMbN67R1jdbUPF96urdWxxMXAGJgshmy'
const COUNT = 30

const FAST: MonitorDeps = { live: { backfill: { retryBaseMs: 50, retryCapMs: 200 }, transport: fastSocket() } }

const started = startedPerTest()

afterEach(() => {
  vi.restoreAllMocks()
})

describe("a watched address's transactions in the history store", () => {
  it('are recorded one operation for the address, in the order handed on, not one per transaction', async () => {
    const indexer = await started.hostile()
    const listed = Array.from({ length: COUNT }, (_, n) => wireTransaction(n, { feePayer: ADDRESS, status: 'SUCCESS' }))
    indexer.answer(/^\/api\/transactions$/, (request, response) => {
      const query = new URL(request.url ?? '/', 'http://localhost').searchParams
      const limit = Number(query.get('limit') ?? 50)
      const items = query.get('pubkey') === ADDRESS ? [...listed].reverse().slice(0, limit) : []
      response.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '990', 'x-ratelimit-reset': '50' })
      response.end(JSON.stringify({ ok: true, items, nextCursor: null }))
    })
    const recorded: Array<{ signatures: string[]; address: string | undefined }> = []
    const original = IndexerHistory.prototype.recordTransactions
    vi.spyOn(IndexerHistory.prototype, 'recordTransactions').mockImplementation(function (
      this: IndexerHistory,
      transactions: readonly Transaction[],
      options?: { address?: string },
    ) {
      recorded.push({ signatures: transactions.map((tx) => tx.signature), address: options?.address })
      return original.call(this, transactions, options)
    })

    const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(indexer.httpUrl, { wsUrl: indexer.wsUrl })) }, FAST)
    await monitor.start()
    await monitor.watchAddress({ pubkey: ADDRESS })
    const ofAddress = () => recorded.filter((call) => call.address === ADDRESS)
    await waitFor(() => new Set(ofAddress().flatMap((call) => call.signatures)).size === COUNT)

    // The first sync handed all of them on at once: one operation, oldest first as listed.
    expect(ofAddress()[0]!.signatures).toEqual(listed.map((tx) => tx.signature))
    const cached = await monitor.listTransactions({ pubkey: ADDRESS, limit: 100 }, { source: 'cache' })
    expect(cached.items).toHaveLength(COUNT)
  })
})
