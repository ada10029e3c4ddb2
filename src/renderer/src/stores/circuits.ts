import { computed } from 'vue'
import { defineStore } from 'pinia'
import type { Circuit } from '@shared/domain'
import { circuitLabel } from '@shared/circuit-label'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { useLoader } from '@renderer/composables/use-loader'

/**
 * The indexer's circuits by id (its /api/circuits where it has one, else the
 * ids seen in proofs): the circuit filter's choices and the names behind
 * every circuit label. The cache answers first, so labels have names at
 * once, offline too; then the indexer.
 */
export const useCircuitsStore = defineStore('circuits', () => {
  const bridge = getBridge()
  const loader = useLoader(async (): Promise<{ circuits: Circuit[]; origin: 'indexer' | 'seen' }> => {
    const list = await bridge.listCircuits()
    return { circuits: list.circuits, origin: list.origin }
  })
  const cached = useLoader(() => bridge.listCircuits({ source: 'cache' }))

  useFollowConnection({ error: loader.error, retry: loader.retry, restart: () => Promise.all([cached.restart(), loader.restart()]).then(() => {}) })

  const circuits = computed<Circuit[]>(() => loader.data.value?.circuits ?? cached.data.value?.circuits ?? [])
  const names = computed(() => {
    const byId = new Map<string, string>()
    for (const circuit of [...(cached.data.value?.circuits ?? []), ...circuits.value]) if (circuit.name) byId.set(circuit.id, circuit.name)
    return byId
  })

  function ensureLoaded(): Promise<void> {
    return Promise.all([cached.ensureLoaded(), loader.ensureLoaded()]).then(() => {})
  }

  /** The one label of a circuit: the record's name, else the list's, else "Circuit #id". */
  function label(id: string | null | undefined, name?: string | null): string {
    return circuitLabel(id, name || (id ? names.value.get(id) : null))
  }

  return {
    circuits,
    /** `indexer`: its own list; `seen`: the ids this computer has seen (the indexer lists none); null before an answer. */
    origin: computed(() => loader.data.value?.origin ?? null),
    error: loader.error,
    loading: loader.loading,
    ensureLoaded,
    label,
  }
})
