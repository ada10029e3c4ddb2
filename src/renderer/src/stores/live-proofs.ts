import { computed } from 'vue'
import { defineStore } from 'pinia'
import { RECENT_PROOFS_CAP } from '@shared/bridge'
import type { ProofSummary } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { createFrameGate } from '@renderer/model/frame-gate'
import { useLoader } from '@renderer/composables/use-loader'

/** Newest first, one entry per proof account, at most RECENT_PROOFS_CAP. */
function combine(newerFirst: readonly ProofSummary[], olderFirst: readonly ProofSummary[]): ProofSummary[] {
  const seen = new Set<string>()
  const result: ProofSummary[] = []
  for (const proof of [...newerFirst, ...olderFirst]) {
    if (seen.has(proof.proofAccount)) continue
    seen.add(proof.proofAccount)
    result.push(proof)
    if (result.length >= RECENT_PROOFS_CAP) break
  }
  return result
}

/** The live proof feed: what main already holds, then every pushed batch (at most one change per drawn frame). */
export const useLiveProofsStore = defineStore('liveProofs', () => {
  const bridge = getBridge()
  // Events that arrived while the recent proofs were on their way are newer: they stay first.
  const loader = useLoader(
    () => bridge.getRecentProofs(),
    (held, recent) => combine(held ?? [], recent),
  )
  const proofs = computed(() => loader.data.value ?? [])

  const arrivals = createFrameGate<ProofSummary>((oldestFirst) => {
    // A proof seen again (a replay after a reconnect) keeps its place.
    const held = new Set(proofs.value.map((proof) => proof.proofAccount))
    const fresh = oldestFirst.filter((proof) => !held.has(proof.proofAccount))
    // Batches arrive oldest first; the feed shows newest first.
    if (fresh.length) loader.data.value = combine(fresh.reverse(), proofs.value)
  })

  bridge.on('proofs', (batch) => arrivals.push(batch))

  // After an outage, main may hold proofs this feed never saw.
  useFollowConnection(loader, { refreshAfterOutage: true })

  return {
    proofs,
    error: loader.error,
    loading: loader.loading,
    load: loader.load,
    ensureLoaded: loader.ensureLoaded,
    retry: loader.load,
  }
})
