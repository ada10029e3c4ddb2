import { defineStore } from 'pinia'
import type { AddressTransaction, Transaction, TransactionQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { dateBounds, endsInThePast } from '../model/date-range'
import { useFilteredList } from './use-filtered-list'

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

/** Only the filters that are set, so the bridge never sees empty strings. */
export function transactionQueryOf(filters: TransactionFilters, now: number = Date.now()): TransactionQuery {
  const query: TransactionQuery = {}
  const pubkey = filters.pubkey.trim()
  const type = filters.type.trim()
  if (pubkey) query.pubkey = pubkey
  if (type) query.type = type
  if (filters.status) query.status = filters.status
  return { ...query, ...dateBounds(filters, now) }
}

/**
 * The pushed transactions that belong to the list `filters` select: those of
 * its address with a matching status, newest first. None while an end date
 * is set (arrivals are later than any) or when no address is filtered (the
 * address channels carry only watched addresses).
 */
export function pushedMatches(filters: TransactionFilters, batch: readonly AddressTransaction[]): Transaction[] {
  const pubkey = filters.pubkey.trim()
  if (!pubkey || endsInThePast(filters)) return []
  const status = filters.status.toUpperCase()
  return batch
    .filter(({ address, transaction }) => address === pubkey && (!status || transaction.status?.toUpperCase() === status))
    .map(({ transaction }) => transaction)
    .reverse()
}

/** Rows the list keeps while it follows; older ones are read again from the cache. */
export const TRANSACTION_LIST_CAP = 5_000

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
    cap: { rows: TRANSACTION_LIST_CAP, fetchCached: (query: TransactionQuery) => bridge.listTransactions(query, { source: 'cache' }) },
  })

  bridge.on('addressTransactions', (batch) => {
    if (list.isFollowed()) list.prepend(pushedMatches(list.filters.value, batch))
  })

  bridge.on('proofs', (batch) => {
    if (!list.isFollowed() || endsInThePast(list.filters.value)) return
    const pubkey = list.filters.value.pubkey.trim()
    if (!pubkey || batch.some((proof) => proof.authority === null || proof.authority === pubkey)) list.requestHeadRefresh()
  })

  return list
})


