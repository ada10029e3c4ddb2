import { shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { Proof, ProofQuery } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { isPermanentError } from '@renderer/errors/as-error-info'
import { useConnectionStore } from './connection'
import { createPagedList } from './paged-list'

export interface ProofFilters {
  authority: string
  /** '' means every type. */
  type: string
}

export const NO_PROOF_FILTERS: ProofFilters = { authority: '', type: '' }

/** Only the filters that are set, so the bridge never sees empty strings. */
export function proofQueryOf(filters: ProofFilters): ProofQuery {
  const query: ProofQuery = {}
  const authority = filters.authority.trim()
  if (authority) query.authority = authority
  if (filters.type) query.type = filters.type
  return query
}

function sameFilters(a: ProofFilters, b: ProofFilters): boolean {
  return a.authority.trim() === b.authority.trim() && a.type === b.type
}

/** The proofs collection, filtered and paged. */
export const useProofsStore = defineStore('proofs', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const list = createPagedList((query: ProofQuery) => bridge.listProofs(query), (proof: Proof) => proof.proofAccount)
  const filters = shallowRef<ProofFilters>({ ...NO_PROOF_FILTERS })

  function applyFilters(next: ProofFilters): Promise<void> {
    filters.value = { ...next }
    return list.load(proofQueryOf(next))
  }

  /** Loads for `next` unless that list is already here. */
  function ensureLoaded(next: ProofFilters): Promise<void> {
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
