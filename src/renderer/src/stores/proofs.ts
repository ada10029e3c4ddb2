import { defineStore } from 'pinia'
import type { Proof, ProofQuery } from '@shared/domain'
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

/** The proofs collection, filtered and paged. */
export const useProofsStore = defineStore('proofs', () => {
  const bridge = getBridge()
  return useFilteredList({
    fetchPage: (query: ProofQuery) => bridge.listProofs(query),
    identity: (proof: Proof) => proof.proofAccount,
    noFilters: NO_PROOF_FILTERS,
    queryOf: proofQueryOf,
  })
})
