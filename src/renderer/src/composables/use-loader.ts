import { ref, shallowRef } from 'vue'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'

/**
 * One request's state: data, loading, error. Only the latest call counts, so
 * a slow answer to an old question never overwrites a newer one.
 *
 * `merge` joins an answer with what is held when it lands; by default the
 * answer replaces it. Stores that also take pushed events use it so events
 * that arrived while the request was on its way are kept.
 */
export function useLoader<Args extends unknown[], T>(
  fetcher: (...args: Args) => Promise<T>,
  merge: (held: T | null, answer: T) => T = (_held, answer) => answer,
) {
  const data = shallowRef<T | null>(null)
  const error = shallowRef<ErrorInfo | null>(null)
  const loading = ref(false)
  const lastArgs = shallowRef<Args | null>(null)
  let generation = 0

  async function load(...args: Args): Promise<void> {
    const mine = ++generation
    lastArgs.value = args
    loading.value = true
    error.value = null
    try {
      const result = await fetcher(...args)
      if (mine === generation) data.value = merge(data.value, result)
    } catch (caught) {
      if (mine === generation) error.value = toErrorInfo(caught)
    } finally {
      if (mine === generation) loading.value = false
    }
  }

  /** Asks the last question again; does nothing before the first load. */
  function retry(): Promise<void> {
    return lastArgs.value ? load(...lastArgs.value) : Promise.resolve()
  }

  /** Forgets what is held and asks the last question again; does nothing before the first load. */
  function restart(): Promise<void> {
    data.value = null
    return retry()
  }

  /** Loads unless something was asked already. */
  function ensureLoaded(...args: Args): Promise<void> {
    return lastArgs.value ? Promise.resolve() : load(...args)
  }

  function clear(): void {
    generation++
    data.value = null
    error.value = null
    loading.value = false
    lastArgs.value = null
  }

  return { data, error, loading, load, retry, restart, ensureLoaded, clear }
}
