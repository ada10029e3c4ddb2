import { ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { ErrorInfo } from '@shared/domain'
import type { AddressActivity } from '@shared/history'
import { toErrorInfo } from '@shared/errors'
import { getBridge } from '@renderer/bridge'
import { useAddressTimelineStore } from './address-timeline'

/** The page's own time zone: days in the chart are the user's days. */
export function pageTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/**
 * The address page's figures: what the cache holds of the address summed up
 * (main reads every cached row, so it grows as pages are read and as live
 * rows arrive), and the indexer's count of failures (its lists carry a total,
 * nothing else). The transaction count of the indexer is the timeline's.
 */
export const useAddressActivityStore = defineStore('addressActivity', () => {
  const bridge = getBridge()
  const timeline = useAddressTimelineStore()
  const pubkey = ref<string | null>(null)
  const cached = shallowRef<AddressActivity | null>(null)
  const error = shallowRef<ErrorInfo | null>(null)
  /** The indexer's count of failed transactions when this page was opened; null when it gave none or could not be asked. */
  const indexerFailed = ref<string | null>(null)
  let generation = 0
  let running: Promise<void> | null = null
  let again = false

  /** Reads the cache's figures again; one read at a time, and one more if asked meanwhile. */
  async function refresh(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    const address = pubkey.value
    if (address === null) return
    const mine = generation
    running = (async () => {
      try {
        const activity = await bridge.getAddressActivity({ pubkey: address, timeZone: pageTimeZone() })
        if (mine !== generation) return
        cached.value = activity
        error.value = null
      } catch (caught) {
        if (mine === generation) error.value = toErrorInfo(caught)
      }
    })()
    try {
      await running
    } finally {
      running = null
      if (again) {
        again = false
        void refresh()
      }
    }
  }

  async function askIndexerFailures(mine: number, address: string): Promise<void> {
    try {
      const page = await bridge.listTransactions({ pubkey: address, status: 'FAILED', limit: 1 })
      // The cache standing in for the indexer is not the indexer's count.
      if (mine === generation) indexerFailed.value = page.freshness?.source === 'cache' ? null : page.total
    } catch {
      // The header then shows the cache's count only; the timeline reports why the indexer did not answer.
    }
  }

  async function load(address: string): Promise<void> {
    const mine = ++generation
    pubkey.value = address
    cached.value = null
    error.value = null
    indexerFailed.value = null
    again = false
    await Promise.all([refresh(), askIndexerFailures(mine, address)])
  }

  function clear(): void {
    generation++
    pubkey.value = null
    cached.value = null
    indexerFailed.value = null
  }

  // Rows read from the indexer (page after page) and pushed live are written to the cache: its figures follow.
  watch(
    () => (timeline.pubkey === pubkey.value ? timeline.entries.length : -1),
    (count, before) => {
      if (count >= 0 && before !== undefined && count !== before) void refresh()
    },
  )

  return { pubkey, cached, error, indexerFailed, load, refresh, clear }
})
