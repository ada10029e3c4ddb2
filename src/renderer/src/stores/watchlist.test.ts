import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { deferred } from '@test/support/renderer/deferred'
import { setupStores } from '@test/support/renderer/store-setup'
import { address, makeFollowedCircuit, makeUnread, makeWatchedAddress, makeWatchlist } from '@test/support/renderer/workspace-fixtures'
import { useUnreadStore } from './unread'
import type { Watchlist } from '@shared/watchlist'
import { addressKey } from '@renderer/model/watch-keys'
import { useWatchlistStore } from './watchlist'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('watchlist store', () => {
  it('loads the list and sums the unread counts of what is watched, from the one unread model', async () => {
    bridge.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1), makeWatchedAddress(2)], [makeFollowedCircuit('c1')]))
    bridge.handle('getUnread', () => makeUnread(12, { [address(1)]: 2, [address(2)]: 3, [address(9)]: 3 }, { c1: 4 }))
    const watchlist = useWatchlistStore()
    await watchlist.ensureLoaded()
    await useUnreadStore().ensureLoaded()
    expect(watchlist.addresses.map((entry) => entry.label)).toEqual(['Wallet 1', 'Wallet 2'])
    expect(watchlist.totalUnread).toBe(9)
    expect(watchlist.isWatched(makeWatchedAddress(1).pubkey)).toBe(true)
    expect(watchlist.isWatched('nobody')).toBe(false)
    expect(watchlist.isFollowed('c1')).toBe(true)
  })

  it('takes the pushed list, which replaces a failed load', async () => {
    bridge.fail('getWatchlist', { code: 'INTERNAL', message: 'store unreadable' })
    const watchlist = useWatchlistStore()
    await watchlist.ensureLoaded()
    expect(watchlist.error?.message).toBe('store unreadable')
    bridge.emit('watchlist', makeWatchlist([makeWatchedAddress(7)]))
    bridge.emit('unread', makeUnread(1, { [address(7)]: 1 }))
    expect(watchlist.error).toBeNull()
    expect(watchlist.totalUnread).toBe(1)
  })

  it('watches an address, marks it pending meanwhile, and keeps the answer', async () => {
    bridge.handle('getWatchlist', () => makeWatchlist())
    const answer = deferred<Watchlist>()
    bridge.handle('watchAddress', () => answer.promise)
    const watchlist = useWatchlistStore()
    await watchlist.ensureLoaded()
    const pubkey = makeWatchedAddress(3).pubkey
    const done = watchlist.watch({ pubkey, label: 'Cold wallet' })
    expect(watchlist.isPending(addressKey(pubkey))).toBe(true)
    answer.resolve(makeWatchlist([makeWatchedAddress(3, { label: 'Cold wallet' })]))
    expect(await done).toBe(true)
    expect(watchlist.isPending(addressKey(pubkey))).toBe(false)
    expect(watchlist.addressOf(pubkey)?.label).toBe('Cold wallet')
    expect(bridge.callsOf('watchAddress')).toEqual([[{ pubkey, label: 'Cold wallet' }]])
  })

  it('keeps a refused change as an error under its key and the list unchanged', async () => {
    bridge.handle('getWatchlist', () => makeWatchlist([makeWatchedAddress(1)]))
    bridge.fail('unwatchAddress', { code: 'INTERNAL', message: 'could not save the watchlist' })
    const watchlist = useWatchlistStore()
    await watchlist.ensureLoaded()
    const pubkey = makeWatchedAddress(1).pubkey
    expect(await watchlist.unwatch(pubkey)).toBe(false)
    expect(watchlist.errorFor(addressKey(pubkey))?.message).toBe('could not save the watchlist')
    expect(watchlist.errorFor('add-address')).toBeNull()
    expect(watchlist.isWatched(pubkey)).toBe(true)
  })

  it('follows and unfollows circuits and marks a subject read', async () => {
    bridge.handle('getWatchlist', () => makeWatchlist())
    bridge.handle('followCircuit', (input) => makeWatchlist([], [makeFollowedCircuit(input.circuitId)]))
    bridge.handle('markWatchRead', () => {
      bridge.emit('unread', makeUnread(0))
      return makeWatchlist([], [makeFollowedCircuit('c9')])
    })
    bridge.handle('unfollowCircuit', () => makeWatchlist())
    const watchlist = useWatchlistStore()
    await watchlist.ensureLoaded()
    await watchlist.follow({ circuitId: 'c9' })
    bridge.emit('unread', makeUnread(5, {}, { c9: 5 }))
    expect(watchlist.totalUnread).toBe(5)
    await watchlist.markRead({ kind: 'circuit', id: 'c9' })
    expect(bridge.callsOf('markWatchRead')).toEqual([[{ kind: 'circuit', id: 'c9' }]])
    expect(watchlist.totalUnread).toBe(0)
    await watchlist.unfollow('c9')
    expect(watchlist.circuits).toEqual([])
  })
})
