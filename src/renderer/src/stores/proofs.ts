import { defineStore } from 'pinia'
import type { Proof, ProofQuery, ProofSummary } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFilteredList } from './filtered-list'

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

/** Whether a pushed proof may belong to the list `filters` select (unknown fields do not rule it out). */
export function mayMatchProof(filters: ProofFilters, proof: ProofSummary): boolean {
  const authority = filters.authority.trim()
  if (authority && proof.authority !== null && proof.authority !== authority) return false
  if (filters.type && proof.proofType !== null && proof.proofType.toUpperCase() !== filters.type.toUpperCase()) return false
  return true
}

/**
 * The proofs collection, filtered and paged. A pushed proof is only a
 * summary, so an arrival that may match makes the store fetch the newest
 * page and put the full records in front.
 */
export const useProofsStore = defineStore('proofs', () => {
  const bridge = getBridge()
  const list = useFilteredList({
    fetchPage: (query: ProofQuery) => bridge.listProofs(query),
    identity: (proof: Proof) => proof.proofAccount,
    noFilters: NO_PROOF_FILTERS,
    queryOf: proofQueryOf,
  })

  bridge.on('proofs', (batch) => {
    if (list.isFollowed() && batch.some((proof) => mayMatchProof(list.filters.value, proof))) list.requestHeadRefresh()
  })

  return list
})
