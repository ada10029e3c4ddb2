import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import type { AccountWatchedAddress } from '@shared/watchlist'
import type { AccountWatchlistSource } from '../indexer/account-watchlist'
import { AccountWatchlistSync, accountLabelOf, planReconcile } from './account-sync'
import { WatchlistModel } from './watchlist-model'
import { memoryWatchlistStorage } from './watchlist-storage'

const A = 'A'.repeat(32)
const B = 'B'.repeat(32)
const C = 'C'.repeat(32)
const D = 'D'.repeat(32)
const ACCOUNT = 'http://indexer.test wallet'

/** The account's watchlist as the reference keeps it: 409 on a repeat, ids of its own. */
class FakeAccount implements AccountWatchlistSource {
  readonly entries = new Map<string, AccountWatchedAddress>()
  /** Addresses the next list does not show yet (added there by another device meanwhile). */
  readonly hidden = new Set<string>()
  failRemove: ProofWatchError | null = null
  failList: ProofWatchError | null = null
  private nextId = 1
  sent: { pubkey: string; label: string | null }[] = []

  put(pubkey: string, label: string | null = null): void {
    this.entries.set(pubkey, { id: `w${this.nextId++}`, pubkey, label, createdAt: 0 })
  }
  async list(): Promise<AccountWatchedAddress[]> {
    if (this.failList) throw this.failList
    return [...this.entries.values()].filter((entry) => !this.hidden.has(entry.pubkey))
  }
  async add(pubkey: string, label: string | null): Promise<AccountWatchedAddress> {
    this.sent.push({ pubkey, label })
    if (this.entries.has(pubkey)) throw new ProofWatchError({ code: 'HTTP', status: 409, serverCode: 'CONFLICT', message: 'Address already watched' })
    this.put(pubkey, label)
    return this.entries.get(pubkey) as AccountWatchedAddress
  }
  async remove(id: string): Promise<void> {
    if (this.failRemove) throw this.failRemove
    for (const [pubkey, entry] of this.entries) if (entry.id === id) this.entries.delete(pubkey)
  }
}

function setUp() {
  const watchlist = new WatchlistModel({ store: memoryWatchlistStorage() })
  const account = new FakeAccount()
  const sync = new AccountWatchlistSync({ source: account, watchlist, account: ACCOUNT, now: () => 1000 })
  const local = () => watchlist.snapshot().addresses.map((address) => address.pubkey).sort()
  const remote = () => [...account.entries.keys()].sort()
  return { watchlist, account, sync, local, remote }
}

describe('reconciling the local watchlist with the account', () => {
  it('joins both lists the first time, removing nothing, and remembers what is in step', async () => {
    const { watchlist, account, sync, local, remote } = setUp()
    watchlist.watchAddress({ pubkey: A, label: 'mine' })
    account.put(B, 'from the web app')
    const result = await sync.run()
    expect(result).toMatchObject({ addedToAccount: 1, addedHere: 1, removedFromAccount: 0, removedHere: 0, conflicts: [], error: null })
    expect(local()).toEqual([A, B])
    expect(remote()).toEqual([A, B])
    expect(watchlist.accountBase(ACCOUNT)?.sort()).toEqual([A, B])
    // The account's label is shown with the address.
    expect(watchlist.snapshot().addresses.find((address) => address.pubkey === B)).toMatchObject({ label: 'from the web app', accountLabel: 'from the web app' })
    expect(await sync.run()).toMatchObject({ addedToAccount: 0, addedHere: 0, removedFromAccount: 0, removedHere: 0 })
  })

  it('carries over edits made offline or signed out, on both sides, at the next run', async () => {
    const { watchlist, account, sync, local, remote } = setUp()
    watchlist.watchAddress({ pubkey: A })
    watchlist.watchAddress({ pubkey: B })
    await sync.run()
    // Signed out: A removed and C added here; meanwhile the account drops B and gains D elsewhere.
    watchlist.unwatchAddress(A)
    watchlist.watchAddress({ pubkey: C })
    account.entries.delete(B)
    account.put(D, 'phone')
    const result = await sync.run()
    expect(result).toMatchObject({ addedToAccount: 1, removedFromAccount: 1, addedHere: 1, removedHere: 1, error: null })
    expect(local()).toEqual([C, D])
    expect(remote()).toEqual([C, D])
    expect(watchlist.accountBase(ACCOUNT)?.sort()).toEqual([C, D])
  })

  it('says where labels differ and keeps both, the account label shown beside the local one', async () => {
    const { watchlist, account, sync } = setUp()
    watchlist.watchAddress({ pubkey: A, label: 'treasury' })
    account.put(A, 'the treasury')
    const result = await sync.run()
    expect(result.conflicts).toEqual([{ pubkey: A, label: 'treasury', accountLabel: 'the treasury' }])
    expect(watchlist.snapshot().addresses[0]).toMatchObject({ label: 'treasury', accountLabel: 'the treasury' })
    expect(account.entries.get(A)?.label).toBe('the treasury')
  })

  it('takes a 409 as already there: in step, with the label the account has', async () => {
    const { watchlist, account, sync } = setUp()
    watchlist.watchAddress({ pubkey: A, label: 'mine' })
    account.put(A, 'other device')
    account.hidden.add(A)
    const first = sync.run()
    account.hidden.delete(A)
    const result = await first
    expect(account.sent).toEqual([{ pubkey: A, label: 'mine' }])
    expect(result).toMatchObject({ addedToAccount: 0, alreadyThere: 1, error: null })
    expect(watchlist.accountBase(ACCOUNT)).toEqual([A])
    expect(watchlist.snapshot().addresses[0]).toMatchObject({ label: 'mine', accountLabel: 'other device' })
  })

  it('never sends a local-only address, and takes one that was in step out of the account', async () => {
    const { watchlist, sync, remote } = setUp()
    watchlist.watchAddress({ pubkey: A })
    watchlist.watchAddress({ pubkey: B })
    watchlist.setLocalOnly(B, true)
    await sync.run()
    expect(remote()).toEqual([A])
    watchlist.setLocalOnly(A, true)
    expect(await sync.run()).toMatchObject({ removedFromAccount: 1 })
    expect(remote()).toEqual([])
    expect(watchlist.snapshot().addresses.map((address) => address.pubkey).sort()).toEqual([A, B])
  })

  it('cuts a label to the 40 characters the account keeps', async () => {
    const { watchlist, account, sync } = setUp()
    watchlist.watchAddress({ pubkey: A, label: 'x'.repeat(60) })
    const result = await sync.run()
    expect(account.sent[0]?.label).toBe('x'.repeat(40))
    expect(result.conflicts).toEqual([])
  })

  it('cuts between characters, never inside one, counting as the server does', () => {
    expect(accountLabelOf(`${'x'.repeat(39)}🔭 telescope`)).toBe('x'.repeat(39))
    expect(accountLabelOf('')).toBeNull()
  })

  it('says what failed, keeps what was done, and tries a failed delete again rather than adding it back here', async () => {
    const { watchlist, account, sync, local, remote } = setUp()
    watchlist.watchAddress({ pubkey: A })
    await sync.run()
    watchlist.unwatchAddress(A)
    account.failRemove = new ProofWatchError({ code: 'HTTP', status: 500, message: 'Internal error' })
    const failed = await sync.run()
    expect(failed.error).toMatch(/could not be removed from the account: Internal error/)
    expect(local()).toEqual([])
    account.failRemove = null
    expect(await sync.run()).toMatchObject({ removedFromAccount: 1, addedHere: 0, error: null })
    expect(remote()).toEqual([])

    account.failList = new ProofWatchError({ code: 'UNREACHABLE', message: 'The indexer cannot be reached' })
    expect((await sync.run()).error).toMatch(/could not be read: The indexer cannot be reached/)
  })

  it('plans nothing destructive before a first reconciliation', () => {
    const plan = planReconcile([{ pubkey: A, label: null, notify: true, addedAt: 0, lastActivityAt: null, lastSignature: null }], [{ id: '1', pubkey: B, label: null, createdAt: 0 }], null)
    expect(plan).toEqual({ send: [{ pubkey: A, label: null }], remove: [], addHere: [{ id: '1', pubkey: B, label: null, createdAt: 0 }], removeHere: [], conflicts: [] })
  })
})
