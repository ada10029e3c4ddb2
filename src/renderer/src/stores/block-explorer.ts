import { computed } from 'vue'
import { defineStore } from 'pinia'
import type { Subject } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { useConnectionStore } from './connection'

/** The block explorer's page of a transaction or address: whether there is one, and main opening it. */
export const useBlockExplorerStore = defineStore('blockExplorer', () => {
  const bridge = getBridge()
  const connection = useConnectionStore()
  /** The demo's records are made up: no explorer has them. */
  const offered = computed(() => connection.state?.indexer.demo !== true)

  /** Main builds the https URL and opens it; `opened` false where it cannot (the app in a browser). */
  function open(subject: Subject): Promise<{ url: string; opened: boolean }> {
    return bridge.openExternal({ kind: subject.kind, id: subject.id })
  }

  return { offered, open }
})
