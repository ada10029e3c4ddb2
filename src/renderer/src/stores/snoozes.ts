import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { AppNotification, ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { Snooze, SnoozeDuration, SnoozeTarget } from '@shared/snooze'
import { sameSnoozeTarget } from '@shared/snooze'
import { getBridge } from '@renderer/bridge'
import { snoozeTargetsOf, type LabelledSnoozeTarget } from '@renderer/model/notification-snooze'
import { useWatchlistStore } from './watchlist'

/**
 * The snoozes main holds: read once, then kept from its `snoozes` event (a
 * snooze begun in another page or the tray, or one that ran out).
 */
export const useSnoozesStore = defineStore('snoozes', () => {
  const bridge = getBridge()
  const watchlist = useWatchlistStore()
  const snoozes = shallowRef<Snooze[]>([])
  const error = shallowRef<ErrorInfo | null>(null)
  const busy = ref(false)
  let loaded: Promise<void> | null = null

  bridge.on('snoozes', (next) => {
    snoozes.value = next
  })

  function ensureLoaded(): Promise<void> {
    loaded ??= bridge.listSnoozes().then(
      (list) => void (snoozes.value = list),
      () => void (loaded = null),
    )
    return loaded
  }

  async function change(run: () => Promise<Snooze[]>): Promise<void> {
    busy.value = true
    error.value = null
    try {
      snoozes.value = await run()
    } catch (caught) {
      error.value = toErrorInfo(caught)
    } finally {
      busy.value = false
    }
  }

  return {
    snoozes,
    error,
    busy,
    ensureLoaded,
    snooze: (target: SnoozeTarget, duration: SnoozeDuration) => change(() => bridge.snoozeNotifications({ target, duration })),
    end: (target: SnoozeTarget) => change(() => bridge.endSnooze(target)),
    snoozeOf: (target: SnoozeTarget): Snooze | null => snoozes.value.find((s) => sameSnoozeTarget(s.target, target)) ?? null,
    /** What an entry's "Snooze…" offers, each watched address named as the watchlist names it. */
    targetsOf: (entry: AppNotification): LabelledSnoozeTarget[] => snoozeTargetsOf(entry, watchlist.addressName),
  }
})
