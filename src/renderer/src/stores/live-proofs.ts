import { ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo, ProofSummary } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { asErrorInfo } from '@renderer/errors/as-error-info'
import { useConnectionStore } from './connection'

/** How many live proofs are kept; older ones fall off the end. */
export const LIVE_PROOFS_CAP = 200

/** Newest first, one entry per proof account, at most LIVE_PROOFS_CAP. */
function combine(newerFirst: readonly ProofSummary[], olderFirst: readonly ProofSummary[]): ProofSummary[] {
  const seen = new Set<string>()
  const result: ProofSummary[] = []
  for (const proof of [...newerFirst, ...olderFirst]) {
    if (seen.has(proof.proofAccount)) continue
    seen.add(proof.proofAccount)
    result.push(proof)
    if (result.length >= LIVE_PROOFS_CAP) break
  }
  return result
}

/** The live proof feed: what main already holds, then every pushed batch. */
export const useLiveProofsStore = defineStore('liveProofs', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const proofs = shallowRef<ProofSummary[]>([])
  const error = shallowRef<ErrorInfo | null>(null)
  const loading = ref(false)
  const requested = ref(false)
  let generation = 0

  async function load(): Promise<void> {
    const mine = ++generation
    requested.value = true
    loading.value = true
    error.value = null
    try {
      const recent = await bridge.getRecentProofs()
      // Events that arrived while this was on its way are newer: keep them first.
      if (mine === generation) proofs.value = combine(proofs.value, recent)
    } catch (caught) {
      if (mine === generation) error.value = asErrorInfo(caught)
    } finally {
      if (mine === generation) loading.value = false
    }
  }

  function ensureLoaded(): Promise<void> {
    return requested.value ? Promise.resolve() : load()
  }

  bridge.on('proofs', (batch) => {
    // A proof seen again (a replay after a reconnect) keeps its place.
    const held = new Set(proofs.value.map((proof) => proof.proofAccount))
    const fresh = batch.filter((proof) => !held.has(proof.proofAccount))
    // A batch arrives oldest first; the feed shows newest first.
    if (fresh.length) proofs.value = combine(fresh.reverse(), proofs.value)
  })

  // After an outage, main may hold proofs this feed never saw.
  watch(
    () => connection.recoveries,
    () => {
      if (requested.value) void load()
    },
  )
  watch(
    () => connection.indexerChanges,
    () => {
      proofs.value = []
      if (requested.value) void load()
    },
  )

  return { proofs, error, loading, load, ensureLoaded, retry: load }
})
