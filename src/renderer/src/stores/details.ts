import { ref, watch } from 'vue'
import { defineStore } from 'pinia'
import { getBridge } from '@renderer/bridge'
import { useConnectionStore } from './connection'
import { createLoader } from './loader'
import { retryAfterOutage } from './retry-after-outage'

/** One proof and one transaction, each looked up by its id. */
export const useDetailsStore = defineStore('details', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  const proofLoader = createLoader((account: string) => bridge.getProof(account))
  const transactionLoader = createLoader((signature: string) => bridge.getTransaction(signature))
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

  for (const loader of [proofLoader, transactionLoader]) {
    retryAfterOutage(() => loader.error.value, loader.retry)
    watch(
      () => connection.indexerChanges,
      () => void loader.retry(),
    )
  }

  return {
    proofAccount,
    proof: proofLoader.data,
    proofError: proofLoader.error,
    proofLoading: proofLoader.loading,
    loadProof,
    retryProof: proofLoader.retry,
    signature,
    transaction: transactionLoader.data,
    transactionError: transactionLoader.error,
    transactionLoading: transactionLoader.loading,
    loadTransaction,
    retryTransaction: transactionLoader.retry,
  }
})
