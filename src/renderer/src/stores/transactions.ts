import { defineStore } from 'pinia'
import type { Transaction, TransactionQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFilteredList } from './filtered-list'

export interface TransactionFilters {
  pubkey: string
  type: string
  /** '' means every status. */
  status: string
  /** yyyy-mm-dd or ''. */
  fromDate: string
  toDate: string
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = { pubkey: '', type: '', status: '', fromDate: '', toDate: '' }

/** Only the filters that are set, so the bridge never sees empty strings. */
export function transactionQueryOf(filters: TransactionFilters): TransactionQuery {
  const query: TransactionQuery = {}
  const pubkey = filters.pubkey.trim()
  const type = filters.type.trim()
  if (pubkey) query.pubkey = pubkey
  if (type) query.type = type
  if (filters.status) query.status = filters.status
  if (filters.fromDate) query.fromDate = filters.fromDate
  if (filters.toDate) query.toDate = filters.toDate
  return query
}

/** The transactions collection, filtered and paged. */
export const useTransactionsStore = defineStore('transactions', () => {
  const bridge = getBridge()
  return useFilteredList({
    fetchPage: (query: TransactionQuery) => bridge.listTransactions(query),
    identity: (transaction: Transaction) => transaction.signature,
    noFilters: NO_TRANSACTION_FILTERS,
    queryOf: transactionQueryOf,
  })
})
