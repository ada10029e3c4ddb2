import { shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { Page, ProofQuery, TransactionQuery } from '@shared/domain'
import type { ExportRequest } from '@shared/history'
import type { ExportOutcome } from '@shared/bridge'
import { getBridge } from '@renderer/bridge'
import type { FetchAllState } from '@renderer/model/fetch-all'

/** Exporting the cached proofs or transactions, and fetching every page of a filter into the cache first. */
export const useExportStore = defineStore('export', () => {
  const bridge = getBridge()
  /**
   * How far each fetch-all got, by kind and filter: shared by every export
   * control of this page, and kept while the page lives, so a stopped or
   * failed run goes on where it stopped (what it fetched is in the cache).
   */
  const fetchAllProgress = shallowRef<ReadonlyMap<string, FetchAllState>>(new Map())

  function reportProgress(key: string, state: FetchAllState): void {
    fetchAllProgress.value = new Map(fetchAllProgress.value).set(key, state)
  }

  /** One page from the indexer itself (the cache keeps what it answers). */
  function networkPage(kind: ExportRequest['kind'], query: ProofQuery & TransactionQuery): Promise<Page<unknown>> {
    return kind === 'proofs' ? bridge.listProofs(query, { source: 'network' }) : bridge.listTransactions(query, { source: 'network' })
  }

  function exportHistory(request: ExportRequest): Promise<ExportOutcome> {
    return bridge.exportHistory(request)
  }

  return { fetchAllProgress, reportProgress, networkPage, exportHistory }
})
