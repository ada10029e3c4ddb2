/**
 * Keeps the local watchlist and the signed-in account's (`/api/users/me/watched`)
 * in step, when the user asked for it. A three-way comparison with what was
 * in step at the last reconciliation (kept per account in the watchlist)
 * tells an address added on one side from one removed on the other, so edits
 * made offline or signed out are carried over at the next sign-in:
 *
 * - here, not there: sent, unless it was in step before (then it was removed
 *   there, and goes here too);
 * - there, not here: added here, unless it was in step before (then it was
 *   removed here while away, and is deleted there);
 * - both, with different labels: a conflict, said; both labels are kept and shown.
 *
 * An address marked local-only is never sent, and one in step before is deleted there.
 * A 409 on a send means it is already there: in step. What could not be done
 * is left out of what is in step, so the next run tries it again.
 */
import { toErrorInfo } from '@shared/errors'
import { type AccountSyncResult, type AccountWatchedAddress, type WatchedAddress } from '@shared/watchlist'
import { cutToAccountLabel, isAlreadyWatched, type AccountWatchlistSource } from '../indexer/account-watchlist'
import type { WatchlistModel } from './watchlist-model'

export interface ReconcilePlan {
  /** Local addresses to send to the account. */
  send: { pubkey: string; label: string | null }[]
  /** Account entries to delete (removed or made local-only here). */
  remove: AccountWatchedAddress[]
  /** Account entries to add here. */
  addHere: AccountWatchedAddress[]
  /** Local addresses to remove (removed from the account elsewhere). */
  removeHere: string[]
  conflicts: AccountSyncResult['conflicts']
}

/** The label as the account would keep it. */
export const accountLabelOf = cutToAccountLabel

/** What to do, from both lists and what was in step last time (null: never reconciled, so nothing is removed). */
export function planReconcile(local: readonly WatchedAddress[], account: readonly AccountWatchedAddress[], base: readonly string[] | null): ReconcilePlan {
  const plan: ReconcilePlan = { send: [], remove: [], addHere: [], removeHere: [], conflicts: [] }
  const before = new Set(base ?? [])
  const here = new Map(local.map((address) => [address.pubkey, address]))
  const there = new Map(account.map((entry) => [entry.pubkey, entry]))
  for (const address of local) {
    if (address.localOnly === true) continue
    const entry = there.get(address.pubkey)
    if (entry === undefined) {
      if (before.has(address.pubkey)) plan.removeHere.push(address.pubkey)
      else plan.send.push({ pubkey: address.pubkey, label: address.label })
    } else if (address.label !== null && entry.label !== null && accountLabelOf(address.label) !== entry.label) {
      plan.conflicts.push({ pubkey: address.pubkey, label: address.label, accountLabel: entry.label })
    }
  }
  for (const entry of account) {
    const address = here.get(entry.pubkey)
    if (address === undefined) {
      if (before.has(entry.pubkey)) plan.remove.push(entry)
      else plan.addHere.push(entry)
    } else if (address.localOnly === true && before.has(entry.pubkey)) {
      plan.remove.push(entry)
    }
  }
  return plan
}

export interface AccountSyncOptions {
  source: AccountWatchlistSource
  watchlist: WatchlistModel
  /** Whose watchlist: `<indexer url> <wallet>`; what was in step is kept per account. */
  account: string
  now?: () => number
}

/** One reconciliation at a time; a run asked for during one follows it. */
export class AccountWatchlistSync {
  private running: Promise<AccountSyncResult> | null = null
  private again = false
  private last: AccountSyncResult | null = null

  constructor(private readonly options: AccountSyncOptions) {}

  lastResult(): AccountSyncResult | null {
    return this.last
  }

  run(): Promise<AccountSyncResult> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.reconcile().finally(() => {
      this.running = null
      if (this.again) {
        this.again = false
        void this.run()
      }
    })
    return this.running
  }

  private async reconcile(): Promise<AccountSyncResult> {
    const { source, watchlist, account } = this.options
    const result: AccountSyncResult = {
      at: (this.options.now ?? Date.now)(),
      addedToAccount: 0,
      removedFromAccount: 0,
      addedHere: 0,
      removedHere: 0,
      conflicts: [],
      alreadyThere: 0,
      error: null,
    }
    let listed: AccountWatchedAddress[]
    try {
      listed = await source.list()
    } catch (error) {
      result.error = `The account's watchlist could not be read: ${toErrorInfo(error).message}`
      this.last = result
      return result
    }
    const plan = planReconcile(watchlist.snapshot().addresses, listed, watchlist.accountBase(account))
    result.conflicts = plan.conflicts
    const inAccount = new Map(listed.map((entry) => [entry.pubkey, entry.label]))
    /** Deletes that failed stay "in step", so the next run deletes them again instead of adding them here. */
    const keptInBase = new Set<string>()
    const fail = (what: string, error: unknown): void => {
      result.error ??= `${what}: ${toErrorInfo(error).message}`
    }

    for (const { pubkey, label } of plan.send) {
      try {
        const added = await source.add(pubkey, accountLabelOf(label))
        inAccount.set(pubkey, added.label)
        result.addedToAccount++
      } catch (error) {
        if (isAlreadyWatched(error)) {
          // Added there meanwhile: in step, its label read again below.
          inAccount.set(pubkey, null)
          result.alreadyThere++
        } else fail(`${pubkey} could not be added to the account`, error)
      }
    }
    for (const entry of plan.remove) {
      try {
        await source.remove(entry.id)
        inAccount.delete(entry.pubkey)
        result.removedFromAccount++
      } catch (error) {
        keptInBase.add(entry.pubkey)
        fail(`${entry.pubkey} could not be removed from the account`, error)
      }
    }
    for (const entry of plan.addHere) {
      try {
        watchlist.watchAddress({ pubkey: entry.pubkey, label: entry.label })
        result.addedHere++
      } catch (error) {
        fail(`${entry.pubkey} could not be added here`, error)
      }
    }
    for (const pubkey of plan.removeHere) {
      try {
        watchlist.unwatchAddress(pubkey)
        result.removedHere++
      } catch (error) {
        fail(`${pubkey} could not be removed here`, error)
      }
    }
    if (result.alreadyThere > 0) {
      try {
        for (const entry of await source.list()) if (inAccount.has(entry.pubkey)) inAccount.set(entry.pubkey, entry.label)
      } catch {
        // Labels only: they are read again at the next run.
      }
    }

    const local = watchlist.snapshot().addresses
    const inStep = local.filter((address) => address.localOnly !== true && inAccount.has(address.pubkey)).map((address) => address.pubkey)
    const labels = new Map([...inAccount].filter(([pubkey]) => local.some((address) => address.pubkey === pubkey)))
    try {
      watchlist.noteAccountSync(account, [...inStep, ...keptInBase], labels)
    } catch (error) {
      fail('What is in step could not be saved', error)
    }
    this.last = result
    return result
  }
}

/** The key an account's reconciliations are kept under. */
export function accountKey(httpUrl: string, wallet: string | null): string {
  return `${httpUrl} ${wallet ?? ''}`
}
