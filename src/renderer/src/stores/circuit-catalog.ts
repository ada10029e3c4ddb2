import { computed } from 'vue'
import { defineStore } from 'pinia'
import type { CircuitCatalog } from '@shared/circuits'
import type { Page, Proof } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { useLoader } from '@renderer/composables/use-loader'

/** Proofs shown under an opened circuit: its newest, as the indexer lists them. */
export const CIRCUIT_PROOFS_SHOWN = 20

/**
 * The Circuits view: each circuit with its key's fingerprint (main reads the
 * indexer and compares with what it kept; offline it answers what was last
 * read, and when), and the proofs verified with the circuit opened.
 */
export const useCircuitCatalogStore = defineStore('circuit-catalog', () => {
  const bridge = getBridge()
  const catalog = useLoader((): Promise<CircuitCatalog> => bridge.getCircuitCatalog())
  const proofs = useLoader((circuitId: string): Promise<Page<Proof> & { circuitId: string }> =>
    bridge.listProofs({ circuitId, limit: CIRCUIT_PROOFS_SHOWN }).then((page) => ({ ...page, circuitId })),
  )

  useFollowConnection({ error: catalog.error, retry: catalog.retry, restart: catalog.restart })
  useFollowConnection({ error: proofs.error, retry: proofs.retry, restart: proofs.restart })

  return {
    catalog: catalog.data,
    error: catalog.error,
    loading: catalog.loading,
    load: () => catalog.load(),
    retry: () => catalog.retry(),
    proofs: proofs.data,
    proofsError: proofs.error,
    proofsLoading: proofs.loading,
    loadProofs: (circuitId: string) => proofs.load(circuitId),
    retryProofs: () => proofs.retry(),
    offline: computed(() => catalog.data.value?.source === 'cache'),
  }
})
