import { reactive } from 'vue'
import { defineStore } from 'pinia'
import type { DisplayName } from '@shared/profiles'
import { getBridge } from '@renderer/bridge'
import { addressProblem } from '@renderer/model/address-problem'

/** An address shown again after this long is asked for again (main reads the indexer at most daily). */
const ASK_AGAIN_MS = 60 * 60_000

/**
 * Public display names of addresses, as main holds them. The components
 * that show an address ask for it when drawn (a list draws only the rows on
 * screen); the asks of one moment go to main together, and names main reads
 * later arrive as `displayNames` events. A name is a nicety: an indexer
 * without profiles, or a failed read, shows none and says nothing.
 */
export const useDisplayNamesStore = defineStore('display-names', () => {
  const bridge = getBridge()
  const names = reactive(new Map<string, DisplayName>())
  const askedAt = new Map<string, number>()
  let batch: string[] = []

  /** A name read earlier never replaces one read later (an answer and a push may cross). */
  function keep(name: DisplayName): void {
    const held = names.get(name.pubkey)
    if (held === undefined || (name.readAt ?? 0) >= (held.readAt ?? 0)) names.set(name.pubkey, name)
  }

  bridge.on('displayNames', (read) => read.forEach(keep))

  async function send(): Promise<void> {
    const pubkeys = batch
    batch = []
    try {
      ;(await bridge.getDisplayNames(pubkeys)).forEach(keep)
    } catch {
      // Asked again when next shown.
      for (const pubkey of pubkeys) askedAt.delete(pubkey)
    }
  }

  function ensure(pubkey: string | null | undefined): void {
    if (!pubkey || addressProblem(pubkey) !== null) return
    const now = Date.now()
    if (now - (askedAt.get(pubkey) ?? -Infinity) < ASK_AGAIN_MS) return
    askedAt.set(pubkey, now)
    batch.push(pubkey)
    if (batch.length === 1) queueMicrotask(() => void send())
  }

  return {
    ensure,
    nameOf: (pubkey: string): string | null => names.get(pubkey)?.displayName ?? null,
  }
})
