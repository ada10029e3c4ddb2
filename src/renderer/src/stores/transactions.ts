import { shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { Transaction, TransactionQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { isPermanentError } from '@renderer/errors/as-error-info'
import { useConnectionStore } from './connection'
import { createPagedList } from './paged-list'

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

function sameFilters(a: TransactionFilters, b: TransactionFilters): boolean {
  return JSON.stringify(transactionQueryOf(a)) === JSON.stringify(transactionQueryOf(b))
}

/** The transactions collection, filtered and paged. */
export const useTransactionsStore = defineStore('transactions', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const list = createPagedList(
    (query: TransactionQuery) => bridge.listTransactions(query),
    (transaction: Transaction) => transaction.signature,
  )
  const filters = shallowRef<TransactionFilters>({ ...NO_TRANSACTION_FILTERS })

  function applyFilters(next: TransactionFilters): Promise<void> {
    filters.value = { ...next }
    return list.load(transactionQueryOf(next))
  }

  /** Loads for `next` unless that list is already here. */
  function ensureLoaded(next: TransactionFilters): Promise<void> {
    if (list.query.value !== null && sameFilters(filters.value, next) && !list.error.value) return Promise.resolve()
    return applyFilters(next)
  }

  watch(
    () => connection.recoveries,
    () => {
      if (list.error.value && !isPermanentError(list.error.value)) void list.retry()
    },
  )
  watch(
    () => connection.indexerChanges,
    () => void list.reload(),
  )

  return {
    filters,
    items: list.items,
    total: list.total,
    nextCursor: list.nextCursor,
    loading: list.loading,
    loadingMore: list.loadingMore,
    error: list.error,
    failedStep: list.failedStep,
    loaded: list.loaded,
    ended: list.ended,
    applyFilters,
    ensureLoaded,
    loadMore: list.loadMore,
    retry: list.retry,
  }
})
