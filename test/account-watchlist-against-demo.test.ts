/**
 * The account's watchlist against the demo indexer over real HTTP and
 * WebSocket: kept in step once the user opts in, and the account's
 * "Watched address activity" notice one entry in the centre, however many
 * copies of it arrive and whatever the app saw itself.
 */
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import type { AccountSyncResult } from '@shared/watchlist'
import { DEFAULT_SETTINGS, memorySettingsStorage } from '../src/main/core/config/settings'
import { DEMO_WALLET } from '../src/main/demo/catalog'
import type { MonitorDeps } from '../src/main/core/monitor/monitor'
import { waitFor } from './support/wait-for'
import { demoProfileOn, FAST_MONITOR, fastSocket, heard, startedPerTest } from './support/monitor-on-indexer'

const FAST: MonitorDeps = { live: { ...FAST_MONITOR.live, transport: fastSocket() } }

const started = startedPerTest()

/** The app's demo profile (signed in as the demo wallet with the demo's session token) on a demo started here. */
async function start(options: { pushAddressEvents?: boolean; inStep?: boolean } = {}) {
  const running = await started.demo({ seed: 12, pushAddressEvents: options.pushAddressEvents ?? false })
  const settings = memorySettingsStorage(options.inStep === false ? DEFAULT_SETTINGS : { ...DEFAULT_SETTINGS, syncWatchlistWithAccount: true })
  const created = started.monitor({ settings, demo: demoProfileOn(running) }, FAST)
  const { events, connection } = heard(created)
  await created.start()
  await waitFor(() => connection()?.userChannels === 'ok')
  const syncs = () => events.filter((e) => e.event === 'accountSync').map((e) => e.payload as AccountSyncResult)
  const inAccount = () => running.watched.list(DEMO_WALLET).map((entry) => entry.pubkey)
  const about = async (address: string): Promise<AppNotification[]> =>
    (await created.listNotifications({ limit: 200 })).items.filter((entry) => entry.topic?.id === address || entry.subject?.id === address)
  return { demo: running, monitor: created, syncs, inAccount, about }
}

describe('the account watchlist against the demo indexer', () => {
  it('sends nothing until the user opts in, then keeps both in step and says what it did', async () => {
    const { demo, monitor, syncs, inAccount } = await start({ inStep: false })
    const [mine, theirs] = [demo.network.authorities[12] as string, demo.network.authorities[13] as string]
    await monitor.watchAddress({ pubkey: mine, label: 'Mine' })
    demo.watched.add(DEMO_WALLET, theirs, 'from the web app')
    // Opted out: nothing left the machine.
    expect(inAccount()).toEqual([theirs])

    await monitor.updateSettings({ syncWatchlistWithAccount: true })
    await waitFor(() => syncs().length > 0)
    expect(syncs().at(-1)).toMatchObject({ addedToAccount: 1, addedHere: 1, conflicts: [], error: null })
    expect(inAccount().sort()).toEqual([mine, theirs].sort())
    const watched = (await monitor.getWatchlist()).addresses
    expect(watched.find((address) => address.pubkey === theirs)).toMatchObject({ label: 'from the web app', accountLabel: 'from the web app' })

    // An address added in the app appears in the account's /api/users/me/watched, over HTTP.
    const added = demo.network.authorities[14] as string
    await monitor.watchAddress({ pubkey: added })
    await waitFor(async () => {
      const response = await fetch(`${demo.httpUrl}/api/users/me/watched`, { headers: { cookie: `${demo.cookieName}=${demo.credential}` } })
      const body = (await response.json()) as { watched: { pubkey: string }[] }
      return body.watched.some((entry) => entry.pubkey === added)
    })
    // Removed here: removed there. Local-only: taken out of the account, kept here.
    await monitor.unwatchAddress(added)
    await monitor.setAddressLocalOnly(mine, true)
    await waitFor(() => !inAccount().includes(added) && !inAccount().includes(mine))
    expect((await monitor.getWatchlist()).addresses.map((address) => address.pubkey)).toContain(mine)
    expect(await monitor.getAccountSync()).toMatchObject({ error: null })
  })

  it('shows the account notice about a watched address once, from the socket and the list alike', async () => {
    const { demo, monitor, inAccount, about } = await start()
    const address = demo.network.authorities[15] as string
    await monitor.watchAddress({ pubkey: address })
    await waitFor(() => inAccount().includes(address))
    demo.network.publishProof({ authority: address })
    const notice = demo.network.inbox.list(1, undefined, DEMO_WALLET).items[0]!.record
    expect(notice.title).toBe('Watched address activity')
    // The socket copy names no address; the list read after it does: the same one entry.
    await waitFor(async () => (await about(address)).some((entry) => entry.id === notice.id))
    const entries = (await monitor.listNotifications({ limit: 200 })).items.filter((entry) => entry.id === notice.id || entry.topic?.id === address)
    expect(entries.map((entry) => entry.id)).toEqual([notice.id])
  })

  it('makes one entry of the notice and the transaction the app saw itself, on an indexer that pushes', async () => {
    const { demo, monitor, inAccount, about } = await start({ pushAddressEvents: true })
    const address = demo.network.authorities[16] as string
    await monitor.watchAddress({ pubkey: address })
    await waitFor(() => inAccount().includes(address))
    // Its history first, so the next transaction is news.
    await waitFor(async () => (await monitor.listTransactions({ pubkey: address, limit: 1 }, { source: 'cache' })).items.length > 0)
    const { proof } = demo.network.publishProof({ authority: address })
    const notice = demo.network.inbox.list(1, undefined, DEMO_WALLET).items[0]!.record
    // The app's group entry for the address took the notice's id: one entry, counting the transaction.
    await waitFor(async () => {
      const entries = await about(address)
      return entries.length === 1 && entries[0]!.id === notice.id && (entries[0]!.group?.count ?? 0) >= 1
    })
    const [entry] = await about(address)
    expect(entry!.group?.items.map((item) => item.subject.id)).toContain(proof.signature)
    expect(entry!.body).toContain('verified a proof')
  })
})
