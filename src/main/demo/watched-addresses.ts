/**
 * Each signed-in user's server-side watchlist (`/api/users/me/watched`), as
 * the reference deployment keeps it: one entry per address per user, a label
 * of at most 40 characters, and an index from address to the users who
 * watch it, which the "Watched address activity" notifications read.
 */
import { randomBytes } from 'node:crypto'
import { isBase58Address } from './base58'

export const MAX_LABEL_LENGTH = 40
/** Bounds on what the demo keeps for users it cannot tell apart. */
const MAX_PER_USER = 500

export interface WatchedEntry {
  readonly id: string
  readonly pubkey: string
  readonly label: string | null
  readonly createdAtMs: number
}

export class WatchedAddressError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: 'VALIDATION_FAILED' | 'NOT_FOUND' | 'CONFLICT',
    message: string,
  ) {
    super(message)
  }
}

export class WatchedAddresses {
  /** user → their entries, oldest first. */
  private readonly byUser = new Map<string, WatchedEntry[]>()
  /** watched address → users watching it. */
  private readonly watchers = new Map<string, Set<string>>()

  constructor(private readonly clock: () => number = Date.now) {}

  list(user: string): WatchedEntry[] {
    // Newest first, as the reference lists them.
    return [...(this.byUser.get(user) ?? [])].reverse()
  }

  add(user: string, pubkey: unknown, label: unknown): WatchedEntry {
    if (typeof pubkey !== 'string' || !isBase58Address(pubkey)) throw new WatchedAddressError(400, 'VALIDATION_FAILED', 'pubkey must be a base58 address')
    if (label !== undefined && label !== null && (typeof label !== 'string' || label.length > MAX_LABEL_LENGTH)) {
      throw new WatchedAddressError(400, 'VALIDATION_FAILED', `label must be a string of at most ${MAX_LABEL_LENGTH} characters`)
    }
    const entries = this.byUser.get(user) ?? []
    if (entries.some((entry) => entry.pubkey === pubkey)) throw new WatchedAddressError(409, 'CONFLICT', 'Address already watched')
    if (entries.length >= MAX_PER_USER) throw new WatchedAddressError(400, 'VALIDATION_FAILED', `at most ${MAX_PER_USER} watched addresses`)
    const entry: WatchedEntry = {
      id: `c${randomBytes(12).toString('hex')}`,
      pubkey,
      label: typeof label === 'string' && label !== '' ? label : null,
      createdAtMs: this.clock(),
    }
    entries.push(entry)
    this.byUser.set(user, entries)
    let users = this.watchers.get(pubkey)
    if (users === undefined) {
      users = new Set()
      this.watchers.set(pubkey, users)
    }
    users.add(user)
    return entry
  }

  remove(user: string, id: string): void {
    const entries = this.byUser.get(user) ?? []
    const index = entries.findIndex((entry) => entry.id === id)
    if (index < 0) throw new WatchedAddressError(404, 'NOT_FOUND', 'Watched address not found')
    const [entry] = entries.splice(index, 1) as [WatchedEntry]
    const users = this.watchers.get(entry.pubkey)
    users?.delete(user)
    if (users?.size === 0) this.watchers.delete(entry.pubkey)
  }

  /** The users whose watchlist holds `pubkey`. */
  watchersOf(pubkey: string): ReadonlySet<string> {
    return this.watchers.get(pubkey) ?? EMPTY
  }
}

const EMPTY: ReadonlySet<string> = new Set()
