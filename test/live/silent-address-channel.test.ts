/**
 * An indexer that accepts `address:{pubkey}:txs` and never sends on it, as
 * the reference deployment does (docs/wire.md), over a real socket and real
 * HTTP: a watched address's new transaction still reaches the cache and the
 * notification centre, through polling, and the connection state says the
 * address is checked every N s, not pushed.
 */
import { describe, expect, it } from 'vitest'
import type { MonitorDeps } from '../../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import { watchingSettings } from '../support/watching-settings'
import { waitFor } from '../support/wait-for'
import { wireTransaction as wireTransactionOf } from '../support/history-test-data'
import { fastSocket, heard, startedPerTest } from '../support/monitor-on-indexer'

const ADDRESS = '5nrh6VUPWsW3TMbN67R1jdbUPF96urdWxxMXAGJgshmy'
const POLL_MS = 150

const FAST: MonitorDeps = {
  live: {
    backfill: { retryBaseMs: 50, retryCapMs: 200 },
    transport: fastSocket(),
    addressPollMs: POLL_MS,
    pushGraceMs: 300,
  },
}

/** The watched address's `n`th transaction as the indexer lists it. */
const wireTransaction = (n: number): Record<string, unknown> => wireTransactionOf(n, { feePayer: ADDRESS, status: 'SUCCESS' })

const started = startedPerTest()

describe('an indexer that never pushes address events', () => {
  it('brings a watched address\'s new transaction to the cache and the centre by polling, and says so', async () => {
    const indexer = await started.hostile()
    const listed: Record<string, unknown>[] = [wireTransaction(0)]
    let headReads = 0
    indexer.answer(/^\/api\/transactions$/, (request, response) => {
      const query = new URL(request.url ?? '/', 'http://localhost').searchParams
      const limit = Number(query.get('limit') ?? 50)
      if (query.get('pubkey') === ADDRESS && limit <= 5) headReads++
      const items = query.get('pubkey') === ADDRESS ? [...listed].reverse().slice(0, limit) : []
      response.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '990', 'x-ratelimit-reset': '50' })
      response.end(JSON.stringify({ ok: true, items, nextCursor: null }))
    })

    const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(indexer.httpUrl, { wsUrl: indexer.wsUrl })) }, FAST)
    const { connection } = heard(monitor)
    const address = () => connection()?.following?.find((f) => f.kind === 'address')
    await monitor.start()
    await monitor.watchAddress({ pubkey: ADDRESS })
    await waitFor(() => indexer.subscribed.includes(`address:${ADDRESS}:txs`))
    await waitFor(() => headReads > 0)

    // A transaction listed over HTTP, never sent on the socket.
    const fresh = listed[listed.push(wireTransaction(1)) - 1] as { signature: string }
    await waitFor(async () => (await monitor.listNotifications({ limit: 50 })).items.some((entry) => entry.subject?.id === fresh.signature))
    const cached = await monitor.listTransactions({ pubkey: ADDRESS }, { source: 'cache' })
    expect(cached.items.map((tx) => tx.signature)).toContain(fresh.signature)
    expect((await monitor.listNotifications({ limit: 50 })).items.filter((entry) => entry.subject?.id === fresh.signature)).toHaveLength(1)

    // The connection state says how the address is followed: checked every N s, because the indexer does not push it.
    await waitFor(() => address()?.reason === 'this indexer does not push it')
    expect(address()).toMatchObject({ how: 'polled', intervalMs: POLL_MS })
    expect(address()!.addresses).toEqual([expect.objectContaining({ address: ADDRESS, intervalMs: POLL_MS })])
    expect(address()!.lastCheckAt).not.toBeNull()
    // And it crosses either transport unchanged: plain data.
    expect(JSON.parse(JSON.stringify(connection()))).toEqual(structuredClone(connection()))

    // The address page opened: that address is read on its faster interval (here the test's fixed one).
    await monitor.setOpenAddress(ADDRESS)

    // The indexer starts pushing: the next event on the socket says so, and the state says live again.
    const pushed = wireTransaction(2)
    listed.push(pushed)
    indexer.push(JSON.stringify({ type: `address:${ADDRESS}:txs`, data: pushed }))
    await waitFor(() => address()?.how === 'pushed')
    expect(address()!.reason).toMatch(/^pushed by this indexer/)
    // A burst of one address is one entry that lists its transactions: the pushed one joins it, once.
    const mentions = async (signature: unknown) =>
      (await monitor.listNotifications({ limit: 50 })).items.flatMap((entry) => [entry.subject?.id, ...(entry.group?.items ?? []).map((item) => item.subject.id)]).filter((id) => id === signature).length
    await waitFor(async () => (await mentions(pushed.signature)) > 0)
    expect(await mentions(pushed.signature)).toBe(1)
  })
})
