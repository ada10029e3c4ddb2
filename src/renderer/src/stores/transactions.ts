import { defineStore } from 'pinia'
import type { AddressTransaction, Transaction, TransactionQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFilteredList } from '../composables/filtered-list'

export interface TransactionFilters {
  pubkey: string
  type: string
  /** '' means every status. */
  status: string
  /** yyyy-mm-dd or ''. */
  fromDate: string
  toDate: string
  /** A preset period up to now (a key of TIME_PRESETS) or ''; it stands instead of the dates. */
  within: string
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = { pubkey: '', type: '', status: '', fromDate: '', toDate: '', within: '' }

/** The preset periods, each ending now. */
export const TIME_PRESETS = {
  '1h': { label: 'Last hour', ms: 60 * 60 * 1000 },
  '24h': { label: 'Last 24 hours', ms: 24 * 60 * 60 * 1000 },
  '7d': { label: 'Last 7 days', ms: 7 * 24 * 60 * 60 * 1000 },
} as const

export type TimePreset = keyof typeof TIME_PRESETS

export function isTimePreset(value: string): value is TimePreset {
  return Object.hasOwn(TIME_PRESETS, value)
}

/**
 * Where a preset period starts: `now` less the period, down to the whole
 * minute, so asking twice within a minute is the same question (the list
 * held is kept) and a minute later the window has moved with the clock.
 */
export function presetStart(preset: TimePreset, now: number): string {
  const start = now - TIME_PRESETS[preset].ms
  return new Date(Math.floor(start / 60_000) * 60_000).toISOString()
}

/** Only the filters that are set, so the bridge never sees empty strings. */
export function transactionQueryOf(filters: TransactionFilters, now: number = Date.now()): TransactionQuery {
  const query: TransactionQuery = {}
  const pubkey = filters.pubkey.trim()
  const type = filters.type.trim()
  if (pubkey) query.pubkey = pubkey
  if (type) query.type = type
  if (filters.status) query.status = filters.status
  const within = filters.within ?? ''
  if (isTimePreset(within)) {
    query.fromDate = presetStart(within, now)
    return query
  }
  if (filters.fromDate) query.fromDate = localDayBound(filters.fromDate, 'start')
  if (filters.toDate) query.toDate = localDayBound(filters.toDate, 'end')
  return query
}

/**
 * A picked day as the instant it starts or ends in the user's time zone: a
 * bare yyyy-mm-dd would be read as UTC midnight, so "To" the same day as
 * "From" would return nothing. The end is inclusive, its last millisecond.
 * Anything else (already an instant) is passed on as it is.
 */
export function localDayBound(day: string, edge: 'start' | 'end'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return day
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const instant = edge === 'start' ? new Date(year, month, date) : new Date(new Date(year, month, date + 1).getTime() - 1)
  return Number.isNaN(instant.getTime()) ? day : instant.toISOString()
}

/**
 * The pushed transactions that belong to the list `filters` select: those of
 * its address with a matching status, newest first. None while an end date
 * is set (arrivals are later than any) or when no address is filtered (the
 * address channels carry only watched addresses).
 */
export function pushedMatches(filters: TransactionFilters, batch: readonly AddressTransaction[]): Transaction[] {
  const pubkey = filters.pubkey.trim()
  if (!pubkey || (filters.toDate && !isTimePreset(filters.within ?? ''))) return []
  const status = filters.status.toUpperCase()
  return batch
    .filter(({ address, transaction }) => address === pubkey && (!status || transaction.status?.toUpperCase() === status))
    .map(({ transaction }) => transaction)
    .reverse()
}

/**
 * The transactions collection, filtered and paged. Arrivals join at the top:
 * transactions pushed for the filtered address directly, and for every
 * announced proof (each is verified by a transaction) the newest page is
 * fetched again.
 */
export const useTransactionsStore = defineStore('transactions', () => {
  const bridge = getBridge()
  const list = useFilteredList({
    fetchPage: (query: TransactionQuery) => bridge.listTransactions(query),
    identity: (transaction: Transaction) => transaction.signature,
    noFilters: NO_TRANSACTION_FILTERS,
    queryOf: transactionQueryOf,
  })

  bridge.on('addressTransactions', (batch) => {
    if (list.isFollowed()) list.prepend(pushedMatches(list.filters.value, batch))
  })

  bridge.on('proofs', (batch) => {
    if (!list.isFollowed() || (list.filters.value.toDate && !isTimePreset(list.filters.value.within ?? ''))) return
    const pubkey = list.filters.value.pubkey.trim()
    if (!pubkey || batch.some((proof) => proof.authority === null || proof.authority === pubkey)) list.requestHeadRefresh()
  })

  return list
})
