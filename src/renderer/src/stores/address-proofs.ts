import { defineStore } from 'pinia'
import type { Proof, ProofQuery, ProofSummary } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { usePagedList } from '@renderer/composables/use-paged-list'

/**
 * The proofs an address submitted (`/api/proofs?authority=`), paged to the
 * end like every explorer list; a live proof of it fetches the newest page
 * again (the channel carries only a summary).
 */
export const useAddressProofsStore = defineStore('addressProofs', () => {
  const bridge = getBridge()
  const list = usePagedList((query: ProofQuery) => bridge.listProofs(query), (proof: Proof) => proof.proofAccount)

  /** Loads the proofs of `authority` unless they are here already. */
  function ensureLoaded(authority: string): Promise<void> {
    const query: ProofQuery = { authority }
    return list.holds(query) ? Promise.resolve() : list.load(query)
  }

  function authorityShown(): string | null {
    return list.query.value?.authority ?? null
  }

  const mine = (batch: ProofSummary[]): boolean => {
    const authority = authorityShown()
    return authority !== null && batch.some((proof) => proof.authority === authority)
  }
  bridge.on('proofs', (batch) => {
    if (mine(batch)) list.requestHeadRefresh()
  })
  bridge.on('userProofs', (batch) => {
    if (mine(batch)) list.requestHeadRefresh()
  })

  useFollowConnection(
    {
      error: list.error,
      retry: () => (list.error.value ? list.retry() : list.refreshHead()),
      restart: () => list.reload(),
    },
    { refreshAfterOutage: true },
  )

  return {
    authority: list.query,
    items: list.items,
    total: list.total,
    loading: list.loading,
    loadingMore: list.loadingMore,
    loaded: list.loaded,
    ended: list.ended,
    error: list.error,
    freshness: list.freshness,
    nextCursor: list.nextCursor,
    ensureLoaded,
    loadMore: list.loadMore,
    retry: list.retry,
  }
})
