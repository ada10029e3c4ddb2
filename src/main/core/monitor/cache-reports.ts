/**
 * The history cache's troubles said where they matter: damage found at
 * opening or later goes to the log and, with the cache's state, to the page
 * (Settings shows it); a failed write goes to the log and the page as a
 * problem.
 */
import type { BridgeEventName, BridgeEvents } from '@shared/bridge'
import { toErrorInfo } from '@shared/errors'
import type { HistoryCache } from '../history/history-cache'
import type { Logger } from '../log/log'

/** Says the damage found at opening; returns the subscriptions to end at stop. */
export function reportCacheTroubles(
  history: HistoryCache,
  log: Logger,
  push: <E extends BridgeEventName>(event: E, payload: BridgeEvents[E]) => void,
  isOpen: () => boolean,
): Array<() => void> {
  // Not info(): counting a big cache's rows would hold up the first read for nothing when the file is sound.
  const damage = history.damage
  // Counted on the read worker: the page waits for nothing, and a large cache's count would hold the main thread.
  const pushInfo = (): void => {
    history
      .infoAside()
      .then((info) => {
        if (isOpen()) push('cache', info)
      })
      .catch((error: unknown) => log.warn('history cache state not read', toErrorInfo(error)))
  }
  if (damage) {
    log.warn('history cache damaged', damage)
    pushInfo()
  }
  return [
    history.onDamage((damage) => {
      if (damage) log.warn('history cache damaged', damage)
      if (isOpen()) pushInfo()
    }),
    history.onProblem((problem) => {
      log.warn('history cache problem', problem)
      push('problem', problem)
    }),
  ]
}
