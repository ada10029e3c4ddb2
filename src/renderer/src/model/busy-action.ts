import type { Ref } from 'vue'
import { toErrorInfo } from '@shared/errors'

/**
 * Runs one user action of a store: `busy` while it runs, and its failure in
 * words in `error` (cleared when the next action starts), never thrown.
 */
export function busyAction(busy: Ref<boolean>, error: Ref<string | null>): (action: () => Promise<void>) => Promise<void> {
  return async (action) => {
    busy.value = true
    error.value = null
    try {
      await action()
    } catch (caught) {
      error.value = toErrorInfo(caught).message
    } finally {
      busy.value = false
    }
  }
}
