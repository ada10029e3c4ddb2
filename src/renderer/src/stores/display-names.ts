import { reactive } from 'vue'
import { defineStore } from 'pinia'
import type { DisplayName } from '@shared/profiles'
import { getBridge } from '@renderer/bridge'

/**
 * Public display names of addresses, as main last read them (at most daily).
 * A name is a nicety: an indexer without profiles, or a failed read, shows none.
 */
export const useDisplayNamesStore = defineStore('display-names', () => {
  const bridge = getBridge()
  const names = reactive(new Map<string, DisplayName>())
  const asked = new Set<string>()

  async function ensure(pubkey: string): Promise<void> {
    if (!pubkey || asked.has(pubkey)) return
    asked.add(pubkey)
    try {
      names.set(pubkey, await bridge.getDisplayName(pubkey))
    } catch {
      // Asked again when the page is opened anew.
      asked.delete(pubkey)
    }
  }

  return {
    ensure,
    nameOf: (pubkey: string): string | null => names.get(pubkey)?.displayName ?? null,
  }
})
