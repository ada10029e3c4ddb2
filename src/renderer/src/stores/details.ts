import { computed, reactive, ref } from 'vue'
import { defineStore } from 'pinia'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { useLoader } from '@renderer/composables/use-loader'

/** One record looked up by its id: the id asked last, the record with when it arrived, and the lookup's state. */
function recordLookup<T>(fetchRecord: (id: string) => Promise<T>) {
  const loader = useLoader(async (id: string) => ({ record: await fetchRecord(id), receivedAt: Date.now() }))
  const id = ref<string | null>(null)

  function load(next: string): Promise<void> {
    // Never show one record under another's id while loading.
    if (id.value !== next) loader.clear()
    id.value = next
    return loader.load(next)
  }

  // Another indexer is asked for the same id; the record stays shown until its answer replaces it.
  useFollowConnection({ error: loader.error, retry: loader.retry, restart: loader.retry })

  return reactive({
    id,
    record: computed(() => loader.data.value?.record ?? null),
    /** When the record arrived, for the freshness badge. */
    receivedAt: computed(() => loader.data.value?.receivedAt ?? null),
    error: loader.error,
    loading: loader.loading,
    load,
    retry: loader.retry,
  })
}

/** What a detail page reads of one lookup. */
export type RecordLookup<T> = ReturnType<typeof recordLookup<T>>

/** One proof and one transaction, each looked up by its id. */
export const useDetailsStore = defineStore('details', () => {
  const bridge = getBridge()
  return {
    proof: recordLookup((account) => bridge.getProof(account)),
    transaction: recordLookup((signature) => bridge.getTransaction(signature)),
  }
})
