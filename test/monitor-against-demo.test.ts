import type { UnreadCounts } from '@shared/unread'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AddressTransaction, AppNotification, ConnectionState, ErrorInfo, Overview, Page, Proof, ProofSummary } from '@shared/domain'
import { DEMO_PROFILE_ID } from '@shared/settings'
import type { Watchlist } from '@shared/watchlist'
import { ProofWatchError } from '@shared/errors'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from '../src/main/demo/catalog'
import { memorySecretStorage } from '../src/main/core/config/secrets'
import { memorySettingsStorage, type SavedSettings } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'
import { waitFor } from './support/wait-for'
import { demoProfileOn, FAST_MONITOR, heard, startedPerTest } from './support/monitor-on-indexer'
import { builtInDemo } from '../src/main/demo/built-in-demo'

/** Saved settings that watch `httpUrl` as the active profile. */
function watching(httpUrl: string, wsUrl: string | null = null): SavedSettings {
  return watchingSettings(httpUrl, { name: 'Test indexer', wsUrl })
}

const started = startedPerTest()

describe('the core against the demo indexer over real HTTP and WebSocket', () => {
  it('serves every endpoint through the bridge methods, with freshness', async () => {
    const demo = await started.demo({ seed: 3 })
    const monitor = started.monitor({ settings: memorySettingsStorage(watching(demo.httpUrl)) })
    await monitor.start()

    const overview = await monitor.getOverview()
    expect(overview.slot).toMatch(/^\d+$/)
    expect(overview.freshness).toMatchObject({ source: 'network' })

    // The seed's metric name is negotiated to what the server accepts.
    const series = await monitor.getSeries({ metric: 'proofs', period: '7d' })
    expect(series.serverMetric).toBe('proofs24h')
    expect(series.points.length).toBeGreaterThan(0)

    const leaderboard = await monitor.getLeaderboard({ period: '24h', limit: 5 })
    expect(leaderboard.entries.map((e) => e.rank)).toEqual(leaderboard.entries.map((_, i) => i + 1))

    const first = await monitor.listProofs({ limit: 20 })
    expect(first.items).toHaveLength(20)
    const second = await monitor.listProofs({ limit: 20, cursor: first.nextCursor! })
    expect(new Set([...first.items, ...second.items].map((p) => p.proofAccount)).size).toBe(40)

    const proof = await monitor.getProof(first.items[0]!.proofAccount)
    expect(proof.proofAccount).toBe(first.items[0]!.proofAccount)
    const balance = await monitor.listProofs({ type: 'BALANCE', limit: 10 })
    expect(balance.items.every((p) => p.proofType === 'BALANCE')).toBe(true)

    const txs = await monitor.listTransactions({ limit: 10 })
    const detail = await monitor.getTransaction(txs.items[0]!.signature)
    expect(detail.signature).toBe(txs.items[0]!.signature)
    const failed = await monitor.listTransactions({ status: 'FAILED', limit: 10 })
    expect(failed.items.every((t) => t.status === 'FAILED')).toBe(true)

    await expect(monitor.getProof('1'.repeat(44))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(monitor.getTransaction('short')).rejects.toBeInstanceOf(ProofWatchError)

    // What was read is in the cache, and a cache read answers from it.
    const cached = await monitor.getTransaction(txs.items[0]!.signature, { source: 'cache' })
    expect(cached.freshness).toMatchObject({ source: 'cache' })
    const hits = await monitor.search({ text: txs.items[0]!.signature.slice(0, 10) })
    expect(hits.map((h) => h.id)).toContain(txs.items[0]!.signature)
  })

  it('goes live over the socket and relays stats and proofs in batches', async () => {
    const demo = await started.demo({ rate: 20, seed: 4, statsIntervalMs: 100 })
    const monitor = started.monitor({ settings: memorySettingsStorage(watching(demo.httpUrl, demo.wsUrl)) })
    const events = heard(monitor)
    await monitor.start()
    await waitFor(() => events.of('proofs').flat().length >= 10 && events.of('overview').length > 0)
    const connection = events.of('connection').at(-1) as ConnectionState
    expect(connection.socket.state).toBe('live')
    expect(connection.indexer.demo).toBe(false)
    expect(connection.userChannels).toBe('not-configured')
    expect(connection.channels.filter((c) => c.state === 'subscribed').map((c) => c.channel)).toEqual(expect.arrayContaining(['stats', 'proofs']))
    // Batched: fewer bridge messages than proofs.
    const proofs = events.of('proofs').flat() as ProofSummary[]
    expect(events.batches.length).toBeLessThan(proofs.length + events.of('overview').length)
    const recent = await monitor.getRecentProofs()
    expect(recent.map((p) => p.proofAccount)).toContain(proofs.at(-1)!.proofAccount)
    expect((events.of('overview').at(-1) as Overview).slot).toMatch(/^\d+$/)

    // A malformed event is reported with where it came from, and the feed goes on.
    const before = proofs.length
    demo.sendRawToAll('{not json')
    await waitFor(() => events.of('problem').length >= 1 && events.of('proofs').flat().length > before + 5)
    expect((events.of('problem') as ErrorInfo[]).length).toBeGreaterThan(0)
    await waitFor(() => ((events.of('connection').at(-1) as ConnectionState | undefined)?.counters?.malformedFrames ?? 0) >= 1)
  })

  it('starts the built-in demo when no indexer is chosen, with its user channels working', async () => {
    const monitor = started.monitor({ settings: memorySettingsStorage(), demo: builtInDemo() }, FAST_MONITOR)
    const events = heard(monitor)
    await monitor.start()
    const connection = await monitor.getConnection()
    expect(connection.indexer.demo).toBe(true)
    expect(connection.indexer.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await monitor.getOverview()).slot).toMatch(/^\d+$/)
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.userChannels === 'ok')
    const settings = await monitor.getSettings()
    expect(settings.activeProfileId).toBe(DEMO_PROFILE_ID)
    expect(settings.profiles[0]).toMatchObject({ id: DEMO_PROFILE_ID, wallet: DEMO_WALLET, credentialSet: true })
  })

  it('says sign-in is needed when the indexer refuses the credential, and never shows the credential', async () => {
    const demo = await started.demo()
    const secrets = memorySecretStorage()
    const monitor = started.monitor({ settings: memorySettingsStorage(watching(demo.httpUrl)), secrets }, FAST_MONITOR)
    const events = heard(monitor)
    await monitor.start()
    const shown = await monitor.updateSettings({
      saveProfile: { id: 'test', name: 'Test indexer', httpUrl: demo.httpUrl, credential: `cookie:${demo.cookieName}=expired` },
    })
    expect(shown.profiles.find((p) => p.id === 'test')).toMatchObject({ credentialSet: true })
    expect(JSON.stringify(shown)).not.toContain('expired')
    expect(secrets.get('test')).toBe(`cookie:${demo.cookieName}=expired`)
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.userChannels === 'sign-in-needed')

    await monitor.updateSettings({ saveProfile: { id: 'test', name: 'Test indexer', httpUrl: demo.httpUrl, credential: `bearer:${demo.credential}` } })
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.userChannels === 'ok')
    expect(JSON.stringify(events.batches)).not.toContain(`bearer:${demo.credential}`)
  })

  it('watches addresses: live transactions, activity and unread counts, saved across restarts', async () => {
    // About the pushed path: a deployment that pushes address transactions.
    const demo = await started.demo({ seed: 5, pushAddressEvents: true })
    const settings = memorySettingsStorage(watching(demo.httpUrl))
    let monitor = started.monitor({ settings }, FAST_MONITOR)
    const events = heard(monitor)
    await monitor.start()
    const address = DEMO_BUSY_ADDRESSES[0]!
    await expect(monitor.watchAddress({ pubkey: 'not base58 0OIl' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    const watchlist = await monitor.watchAddress({ pubkey: address, label: 'Busy one' })
    expect(watchlist.addresses).toMatchObject([{ pubkey: address, label: 'Busy one' }])
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.channels.some((c) => c.channel === `address:${address}:txs` && c.state === 'subscribed') ?? false)

    // What the first sync finds is history; wait for it to be held so the next transaction is news.
    await waitFor(async () => (await monitor.listTransactions({ pubkey: address, limit: 1 }, { source: 'cache' })).items.length > 0)
    const published = demo.network.publishTransaction({ feePayer: address })
    await waitFor(() => (events.of('addressTransactions').flat() as AddressTransaction[]).some((t) => t.transaction.signature === published.signature))
    // Its history is not news: only the new transaction is unread, in the one unread model.
    await waitFor(() => ((events.of('unread').at(-1) as UnreadCounts | undefined)?.addresses[address] ?? 0) >= 1)
    expect((events.of('unread').at(-1) as UnreadCounts).addresses[address]).toBe(1)
    await monitor.markWatchRead({ kind: 'address', id: address })
    expect(await monitor.getUnread()).toMatchObject({ addresses: {} })
    await waitFor(() => (events.of('unread').at(-1) as UnreadCounts).addresses[address] === undefined)
    const held = await monitor.listTransactions({ pubkey: address }, { source: 'cache' })
    expect(held.items.map((t) => t.signature)).toContain(published.signature)

    await monitor.stop()
    monitor = started.monitor({ settings }, FAST_MONITOR)
    await monitor.start()
    expect((await monitor.getWatchlist()).addresses.map((a) => a.pubkey)).toEqual([address])
    const restarted = heard(monitor)
    const removed = await monitor.unwatchAddress(address)
    expect(removed.addresses).toEqual([])
    // The production wiring follows the watchlist: the address's channel is given up on the server.
    await waitFor(() => (restarted.of('connection').at(-1) as ConnectionState | undefined)?.channels.every((c) => c.channel !== `address:${address}:txs`) ?? false)
  })

  it('follows a circuit the indexer knows and refuses one it does not, with its words', async () => {
    const demo = await started.demo({ refuseCircuitChannel: true })
    const monitor = started.monitor({ settings: memorySettingsStorage(watching(demo.httpUrl)) }, FAST_MONITOR)
    const events = heard(monitor)
    await monitor.start()
    await expect(monitor.followCircuit({ circuitId: 'balance-v1' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('does not know circuit balance-v1'),
    })
    const followed = await monitor.followCircuit({ circuitId: '1' })
    expect(followed.circuits.map((c) => c.circuitId)).toEqual(['1'])
    await waitFor(() => ((events.of('watchlist').at(-1) as Watchlist | undefined)?.circuits[0]?.mode ?? 'live') === 'polled')
    // Polled instead of streamed is the watchlist's news, not a problem banner.
    expect((events.of('problem') as ErrorInfo[]).filter((p) => p.message.includes('proofs:circuit:'))).toEqual([])
  })

  it('keeps notifications with read state in the notification centre', async () => {
    // An announcement is pushed only by a pushing deployment (the reference lists it only over HTTP).
    const demo = await started.demo({ pushAddressEvents: true })
    const monitor = started.monitor({ settings: memorySettingsStorage(), demo: demoProfileOn(demo) }, FAST_MONITOR)
    const events = heard(monitor)
    await monitor.start()
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.userChannels === 'ok')
    const published = demo.network.publishNotification('SYSTEM')
    await waitFor(() => events.of('notifications').flat().length > 0)
    const page = await monitor.listNotifications({})
    expect(page.items.map((n: AppNotification) => [n.id, n.read])).toContainEqual([String(published.id), false])
    const { total } = await monitor.markNotificationsRead('all')
    expect(total).toBe(0)
    expect((await monitor.listNotifications({ unreadOnly: true })).items).toEqual([])
  })

  it('reads history offline after the indexer is gone, marked as cached', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proofwatch-offline-'))
    const demo = await started.demo({ seed: 6 })
    const settings = memorySettingsStorage(watching(demo.httpUrl))
    let monitor = started.monitor({ settings, historyPath: join(dir, 'history.sqlite') }, FAST_MONITOR)
    await monitor.start()
    const proofs = await monitor.listProofs({ limit: 10 })
    const txs = await monitor.listTransactions({ limit: 10 })
    await monitor.getTransaction(txs.items[0]!.signature)
    await monitor.stop()
    await demo.close()

    monitor = started.monitor({ settings, historyPath: join(dir, 'history.sqlite') }, FAST_MONITOR)
    await monitor.start()
    const offlineProofs = await monitor.listProofs({ limit: 10 })
    expect(offlineProofs.items.map((p) => p.proofAccount)).toEqual(proofs.items.map((p) => p.proofAccount))
    expect(offlineProofs.freshness).toMatchObject({ source: 'cache', offline: expect.objectContaining({ code: 'UNREACHABLE' }) })
    const detail = await monitor.getTransaction(txs.items[0]!.signature)
    expect(detail.freshness?.source).toBe('cache')
    expect((await monitor.getConnection()).http.state).toBe('unreachable')
  })

  it('exports what the cache holds through the transport’s destination', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proofwatch-export-'))
    const demo = await started.demo({ seed: 7 })
    const monitor = started.monitor({ settings: memorySettingsStorage(watching(demo.httpUrl)) })
    const events = heard(monitor)
    await monitor.start()
    const read = await monitor.listProofs({ limit: 25 })
    await expect(monitor.exportHistory({ kind: 'proofs', format: 'csv', filter: {} })).rejects.toMatchObject({ code: 'INTERNAL' })
    // The first sync's backfill also fills the cache: let it finish and hold the feed still, so that
    // what the cache holds is known when the export runs.
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.socket.state === 'live')
    await monitor.setLivePaused(true)
    const held: string[] = []
    for (let cursor: string | null | undefined = undefined; ; ) {
      const page: Page<Proof> = await monitor.listProofs(cursor ? { limit: 200, cursor } : { limit: 200 }, { source: 'cache' })
      held.push(...page.items.map((p) => p.proofAccount))
      if (!page.nextCursor) break
      cursor = page.nextCursor
    }
    expect(held).toEqual(expect.arrayContaining(read.items.map((p) => p.proofAccount)))
    const path = join(dir, 'proofs.csv')
    monitor.setExportDestination(async (_request, writers) => {
      const result = await writers.toFile(path)
      return { status: 'saved', path, rows: result.rows, bytes: result.bytes }
    })
    const outcome = await monitor.exportHistory({ kind: 'proofs', format: 'csv', filter: {} })
    expect(outcome).toMatchObject({ status: 'saved', rows: held.length })
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(held.length + 1)
  })

  it('reports an unreachable indexer, keeps retrying, and recovers when it appears', async () => {
    // Reserve a free port, then free it: nothing listens there until the demo starts on it.
    const probe = await started.demo()
    const port = probe.port
    await probe.close()
    const monitor = started.monitor({ settings: memorySettingsStorage(watching(`http://127.0.0.1:${port}`)) }, FAST_MONITOR)
    const events = heard(monitor)
    await monitor.start()
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.socket.state === 'backing-off')
    const overview = await monitor.getOverview().catch((error: unknown) => error)
    expect(overview).toMatchObject({ code: 'UNREACHABLE' })

    await started.demo({ port })
    await monitor.reconnectNow()
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.socket.state === 'live')
    await monitor.getOverview()
    expect((await monitor.getConnection()).http.state).toBe('ok')
  })

  it('pauses and resumes the live feed', async () => {
    const demo = await started.demo()
    const monitor = started.monitor({ settings: memorySettingsStorage(watching(demo.httpUrl)) }, FAST_MONITOR)
    const events = heard(monitor)
    await monitor.start()
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.socket.state === 'live')
    const paused = await monitor.setLivePaused(true)
    expect(paused).toMatchObject({ paused: true, socket: { state: 'stopped', reason: 'paused' } })
    await waitFor(() => demo!.connectionCount() === 0)
    await monitor.setLivePaused(false)
    await waitFor(() => (events.of('connection').at(-1) as ConnectionState | undefined)?.socket.state === 'live')
  })

  it('switches indexer when the active profile changes', async () => {
    const demo = await started.demo()
    const monitor = started.monitor({ settings: memorySettingsStorage(), demo: builtInDemo() }, FAST_MONITOR)
    await monitor.start()
    expect((await monitor.getConnection()).indexer.demo).toBe(true)
    const saved = await monitor.updateSettings({ saveProfile: { name: 'Local', httpUrl: demo.httpUrl } })
    const local = saved.profiles.find((p) => p.name === 'Local')!
    expect(saved.activeProfileId).toBe(local.id)
    expect((await monitor.getConnection()).indexer).toEqual({ demo: false, httpUrl: demo.httpUrl, wsUrl: demo.wsUrl })
    await expect(monitor.updateSettings({ saveProfile: { name: 'Bad', httpUrl: 'ftp://nope' } })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })

    await monitor.updateSettings({ activeProfileId: DEMO_PROFILE_ID })
    expect((await monitor.getConnection()).indexer.demo).toBe(true)
    await monitor.updateSettings({ activeProfileId: local.id })
    expect((await monitor.getConnection()).indexer.httpUrl).toBe(demo.httpUrl)
  })
})
