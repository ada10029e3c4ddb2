/**
 * A stored watchlist made usable: entries that do not validate are dropped
 * with a reason (the rest is kept), repeated entries count once, and missing
 * counters start from zero.
 */
import { toErrorInfo } from '@shared/errors'
import { WATCHLIST_LIMITS, type FollowedCircuit, type WatchedAddress, type Watchlist } from '@shared/watchlist'
import { validateCircuitId, validateLabel, validateNotify, validateWatchedPubkey } from './validate'

export interface StoredWatchlist {
  watchlist: Watchlist
  /** Why each dropped entry was dropped, for the log. */
  dropped: string[]
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const epochOr = (value: unknown, fallback: number | null): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

function storedAddress(entry: unknown, now: number): WatchedAddress {
  if (!isObject(entry)) throw new Error('not an object')
  return {
    pubkey: validateWatchedPubkey(entry.pubkey),
    label: validateLabel(entry.label),
    notify: validateNotify(entry.notify, true),
    addedAt: epochOr(entry.addedAt, now) ?? now,
    lastActivityAt: epochOr(entry.lastActivityAt, null),
    lastSignature: textOrNull(entry.lastSignature),
    // Set only where they say something, so older saves and exact comparisons read the same.
    ...(entry.localOnly === true ? { localOnly: true } : {}),
    ...(typeof entry.accountLabel === 'string' || entry.accountLabel === null ? { accountLabel: textOrNull(entry.accountLabel) } : {}),
  }
}

function storedCircuit(entry: unknown, now: number): FollowedCircuit {
  if (!isObject(entry)) throw new Error('not an object')
  return {
    circuitId: validateCircuitId(entry.circuitId),
    label: validateLabel(entry.label),
    notify: validateNotify(entry.notify, true),
    addedAt: epochOr(entry.addedAt, now) ?? now,
    // How a circuit is followed is found out again at every connection.
    mode: 'live',
    modeReason: null,
    lastActivityAt: epochOr(entry.lastActivityAt, null),
    lastProofAccount: textOrNull(entry.lastProofAccount),
  }
}

function readList<T>(
  value: unknown,
  listName: string,
  what: string,
  limit: number,
  read: (entry: unknown) => T,
  keyOf: (item: T) => string,
  dropped: string[],
): T[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) {
    dropped.push(`${listName}: not a list`)
    return []
  }
  const kept = new Map<string, T>()
  value.forEach((entry, index) => {
    try {
      const item = read(entry)
      const key = keyOf(item)
      if (kept.has(key)) dropped.push(`${what} ${index + 1}: ${key} is listed twice`)
      else if (kept.size >= limit) dropped.push(`${what} ${index + 1}: beyond the limit of ${limit}`)
      else kept.set(key, item)
    } catch (error) {
      dropped.push(`${what} ${index + 1}: ${toErrorInfo(error).message}`)
    }
  })
  return [...kept.values()]
}

export function readStoredWatchlist(stored: unknown, now: number): StoredWatchlist {
  const dropped: string[] = []
  if (stored === undefined || stored === null) return { watchlist: { addresses: [], circuits: [] }, dropped }
  if (!isObject(stored)) {
    return { watchlist: { addresses: [], circuits: [] }, dropped: ['the saved watchlist is not an object'] }
  }
  const addresses = readList(
    stored.addresses,
    'addresses',
    'address',
    WATCHLIST_LIMITS.addresses,
    (entry) => storedAddress(entry, now),
    (a) => a.pubkey,
    dropped,
  )
  const circuits = readList(
    stored.circuits,
    'circuits',
    'circuit',
    WATCHLIST_LIMITS.circuits,
    (entry) => storedCircuit(entry, now),
    (c) => c.circuitId,
    dropped,
  )
  const accountBase = storedAccountBase(stored.accountBase, dropped)
  return { watchlist: accountBase === undefined ? { addresses, circuits } : { addresses, circuits, accountBase }, dropped }
}

/** The addresses in step with each account at its last reconciliation; a damaged entry is dropped (the next sync starts afresh). */
function storedAccountBase(value: unknown, dropped: string[]): Record<string, string[]> | undefined {
  if (value === undefined) return undefined
  if (!isObject(value)) {
    dropped.push('accountBase: not an object')
    return undefined
  }
  const base: Record<string, string[]> = {}
  for (const [key, list] of Object.entries(value)) {
    if (Array.isArray(list) && list.every((item) => typeof item === 'string')) base[key] = list as string[]
    else dropped.push(`accountBase ${key}: not a list of addresses`)
  }
  return Object.keys(base).length === 0 ? undefined : base
}
