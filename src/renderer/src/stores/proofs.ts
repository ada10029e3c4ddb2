import { defineStore } from 'pinia'
import { PROOF_STATES, type Proof, type ProofQuery, type ProofState, type ProofSummary } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { dateBounds, endsInThePast } from '../model/date-range'
import { useFilteredList } from './use-filtered-list'
import { createFrameGate } from '@renderer/model/frame-gate'
import { proofFromSummary } from '@shared/proof-summary'
import { INDEXER_PAGE_MAX } from '@shared/indexer-limits'
import { u64Order } from '@shared/u64-order'

export interface ProofFilters {
  authority: string
  /** '' means every type. */
  type: string
  /** A circuit id; '' means every circuit. */
  circuit: string
  /** 'verified', 'revoked' or '' for both. */
  state: string
  /** Days verified, yyyy-mm-dd or ''. */
  fromDate: string
  toDate: string
  /** A preset period up to now (a key of TIME_PRESETS) or ''; it stands instead of the dates. */
  within: string
}

export const NO_PROOF_FILTERS: ProofFilters = { authority: '', type: '', circuit: '', state: '', fromDate: '', toDate: '', within: '' }

function stateOf(filters: ProofFilters): ProofState | undefined {
  return (PROOF_STATES as readonly string[]).includes(filters.state) ? (filters.state as ProofState) : undefined
}

/** Only the filters that are set, so the bridge never sees empty strings (an unknown state from a URL is left out). */
export function proofQueryOf(filters: ProofFilters, now: number = Date.now()): ProofQuery {
  const query: ProofQuery = {}
  const authority = filters.authority.trim()
  const circuit = (filters.circuit ?? '').trim()
  const state = stateOf(filters)
  if (authority) query.authority = authority
  if (filters.type) query.type = filters.type
  if (circuit) query.circuitId = circuit
  if (state) query.state = state
  return { ...query, ...dateBounds({ within: filters.within ?? '', fromDate: filters.fromDate ?? '', toDate: filters.toDate ?? '' }, now) }
}

/** Whether a pushed proof may belong to the list `filters` select (unknown fields do not rule it out). */
export function mayMatchProof(filters: ProofFilters, proof: ProofSummary): boolean {
  const authority = filters.authority.trim()
  const circuit = (filters.circuit ?? '').trim()
  if (authority && proof.authority !== null && proof.authority !== authority) return false
  if (filters.type && proof.proofType !== null && proof.proofType.toUpperCase() !== filters.type.toUpperCase()) return false
  if (circuit && proof.circuitId !== null && proof.circuitId !== circuit) return false
  // A list that ends in the past takes no arrivals.
  if (endsInThePast({ within: filters.within ?? '', toDate: filters.toDate ?? '' })) return false
  // A new proof is verified: it cannot be in a list of revoked ones yet.
  return stateOf(filters) !== 'revoked'
}

/** Whether a pushed proof surely belongs to the list `filters` select: every filter set is matched by a field it has. */
export function surelyMatchesProof(filters: ProofFilters, proof: ProofSummary): boolean {
  const authority = filters.authority.trim()
  const circuit = (filters.circuit ?? '').trim()
  if (authority && proof.authority !== authority) return false
  if (circuit && proof.circuitId !== circuit) return false
  // A summary says neither its state nor when it was verified: only the full record (the head refresh) can place it.
  if (stateOf(filters) !== undefined || filters.fromDate || filters.toDate || filters.within) return false
  return !filters.type || proof.proofType?.toUpperCase() === filters.type.toUpperCase()
}


/**
 * Whether a pushed proof sits below the list's newest row (both slots known):
 * then it is no arrival, whatever sent it, and paging places it. Put at the
 * top, it would stand above newer rows.
 */
function belowNewest(summary: ProofSummary, newestSlot: bigint | null): boolean {
  const slot = u64Order(summary.slot)
  return slot !== null && newestSlot !== null && slot < newestSlot
}

/** Rows a Load more or head refresh page asks for (the most the indexer gives): a long list in fewer round trips. */
export const PROOF_PAGE_LIMIT = INDEXER_PAGE_MAX
/** Rows the list keeps while it follows (about 10 MB of the page's heap); older ones are read again from the cache. */
export const PROOF_LIST_CAP = 5_000

/**
 * The proofs collection, filtered and paged. A pushed proof that belongs to
 * the list shows at once, built from its summary; the head refresh it asks
 * for then puts the full record on the same row (and brings any arrival
 * whose summary could not tell whether it belongs).
 */
export const useProofsStore = defineStore('proofs', () => {
  const bridge = getBridge()
  const list = useFilteredList({
    fetchPage: (query: ProofQuery) => bridge.listProofs(query),
    identity: (proof: Proof) => proof.proofAccount,
    noFilters: NO_PROOF_FILTERS,
    queryOf: proofQueryOf,
    pageLimit: PROOF_PAGE_LIMIT,
    headLimit: PROOF_PAGE_LIMIT,
    cap: { rows: PROOF_LIST_CAP, fetchCached: (query: ProofQuery) => bridge.listProofs(query, { source: 'cache' }) },
  })

  const arrivals = createFrameGate<ProofSummary>((oldestFirst) => {
    if (!list.isFollowed()) return
    const filters = list.filters.value
    const newestSlot = u64Order(list.items.value[0]?.slotVerified)
    const belonging: Proof[] = []
    // Batches arrive oldest first; the list is newest first.
    for (let index = oldestFirst.length - 1; index >= 0; index--) {
      const summary = oldestFirst[index] as ProofSummary
      if (surelyMatchesProof(filters, summary) && !belowNewest(summary, newestSlot)) belonging.push(proofFromSummary(summary))
    }
    list.prependProvisional(belonging)
    if (oldestFirst.some((proof) => mayMatchProof(filters, proof))) list.requestHeadRefresh()
  })

  bridge.on('proofs', (batch) => {
    if (list.isFollowed()) arrivals.push(batch)
  })

  return list
})
