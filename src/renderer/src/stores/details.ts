import { computed, ref } from 'vue'
import { defineStore } from 'pinia'
import { getBridge } from '@renderer/bridge'
import { useFollowConnection } from './use-follow-connection'
import { useLoader } from '@renderer/composables/use-loader'

/** A record with when it arrived, for the freshness badge. */
function received<T>(record: T): { record: T; receivedAt: number } {
  return { record, receivedAt: Date.now() }
}

/** One proof and one transaction, each looked up by its id. */
export const useDetailsStore = defineStore('details', () => {
  const bridge = getBridge()
  const proofLoader = useLoader(async (account: string) => received(await bridge.getProof(account)))
  const transactionLoader = useLoader(async (signature: string) => received(await bridge.getTransaction(signature)))
  const proofAccount = ref<string | null>(null)
  const signature = ref<string | null>(null)

  function loadProof(account: string): Promise<void> {
    // Never show one proof under another's address while loading.
    if (proofAccount.value !== account) proofLoader.clear()
    proofAccount.value = account
    return proofLoader.load(account)
  }

  function loadTransaction(id: string): Promise<void> {
    if (signature.value !== id) transactionLoader.clear()
    signature.value = id
    return transactionLoader.load(id)
  }

  // Another indexer is asked for the same id; the record stays shown until its answer replaces it.
  for (const loader of [proofLoader, transactionLoader]) useFollowConnection({ error: loader.error, retry: loader.retry, restart: loader.retry })

  return {
    proofAccount,
    proof: computed(() => proofLoader.data.value?.record ?? null),
    proofReceivedAt: computed(() => proofLoader.data.value?.receivedAt ?? null),
    proofError: proofLoader.error,
    proofLoading: proofLoader.loading,
    loadProof,
    retryProof: proofLoader.retry,
    signature,
    transaction: computed(() => transactionLoader.data.value?.record ?? null),
    transactionReceivedAt: computed(() => transactionLoader.data.value?.receivedAt ?? null),
    transactionError: transactionLoader.error,
    transactionLoading: transactionLoader.loading,
    loadTransaction,
    retryTransaction: transactionLoader.retry,
  }
})
