/**
 * Notifications about a watched address name it beside its short key: by the
 * user's label, else by its public display name on the indexer once read;
 * against the demo indexer over real HTTP and WebSocket.
 */
import { describe, expect, it } from 'vitest'
import type { AddressTransaction } from '@shared/domain'
import type { Notice } from '@shared/notice'
import { shortId } from '@shared/ids'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { DEMO_BUSY_ADDRESSES } from '../src/main/demo/catalog'
import { waitFor } from './support/wait-for'
import { watchingSettings } from './support/watching-settings'
import { FAST_MONITOR, heard, startedPerTest } from './support/monitor-on-indexer'

const started = startedPerTest()

/** A core on a pushing demo that watches one labelled and one named address, each with a transaction published after the name is known. */
async function namedAddressesTold(privacy?: 'noAddresses') {
  const demo = await started.demo({ seed: 5, pushAddressEvents: true })
  const running = started.monitor({ settings: memorySettingsStorage(watchingSettings(demo.httpUrl, { name: 'Test indexer', wsUrl: null })) }, FAST_MONITOR)
  const { events } = heard(running)
  await running.start()
  if (privacy) await running.setNotificationPrivacy(privacy)
  const [labelled, named] = [DEMO_BUSY_ADDRESSES[0]!, DEMO_BUSY_ADDRESSES[1]!]
  await running.watchAddress({ pubkey: labelled, label: 'Busy one' })
  await running.watchAddress({ pubkey: named })
  // The display name is read when a view shows the address.
  await running.getDisplayNames([named])
  await waitFor(() => events.some((e) => e.event === 'displayNames' && e.payload.some((name) => name.pubkey === named)))
  for (const pubkey of [labelled, named]) {
    await waitFor(async () => (await running.listTransactions({ pubkey, limit: 1 }, { source: 'cache' })).items.length > 0)
  }
  const published = [labelled, named].map((feePayer) => demo.network.publishTransaction({ feePayer }).signature)
  await waitFor(() => published.every((signature) => events.some((e) => e.event === 'addressTransactions' && (e.payload as AddressTransaction[]).some((t) => t.transaction.signature === signature))))
  const notices = () => events.filter((e) => e.event === 'notice').flatMap((e) => e.payload as Notice[])
  return { running, labelled, named, notices, displayName: `demo_${named.slice(0, 4).toLowerCase()}` }
}

describe('names in notifications', () => {
  it('puts the label, else the display name on the indexer, beside the short key', async () => {
    const { running, labelled, named, notices, displayName } = await namedAddressesTold()
    const words = async () => (await running.listNotifications({ limit: 100 })).items.map((entry) => `${entry.title} ${entry.body}`).join('\n')
    await waitFor(async () => (await words()).includes(shortId(named)))
    const text = await words()
    expect(text).toContain(`Busy one (${shortId(labelled)})`)
    expect(text).toContain(`${displayName} (${shortId(named)})`)
    // The pop-ups the core decided on say the same.
    await waitFor(() => notices().map((notice) => `${notice.title} ${notice.body}`).join('\n').includes(`(${shortId(named)})`))
  })

  it('hides labels and display names from pop-ups at privacy "No addresses", while the centre keeps them', async () => {
    const { running, labelled, named, notices, displayName } = await namedAddressesTold('noAddresses')
    await waitFor(async () => (await running.listNotifications({ limit: 100 })).items.some((entry) => `${entry.title} ${entry.body}`.includes(displayName)))
    const told = () => notices().map((notice) => `${notice.title} ${notice.body} ${notice.reason ?? ''}`)
    await waitFor(() => told().some((text) => text.includes('a watched address')))
    for (const leak of ['Busy one', displayName, shortId(labelled), shortId(named), labelled, named]) expect(told().join('\n')).not.toContain(leak)
  })
})
