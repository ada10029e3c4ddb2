import { computed, ref, shallowRef } from 'vue'
import type { ErrorInfo } from '@shared/domain'
import { asErrorInfo } from '@renderer/errors/as-error-info'

/**
 * One request's state: data, loading, error. Only the latest call counts, so
 * a slow answer to an old question never overwrites a newer one.
 */
export function createLoader<Args extends unknown[], T>(fetcher: (...args: Args) => Promise<T>) {
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
      if (mine === generation) data.value = result
    } catch (caught) {
      if (mine === generation) error.value = asErrorInfo(caught)
    } finally {
      if (mine === generation) loading.value = false
    }
  }

  /** Asks the last question again; does nothing before the first load. */
  function retry(): Promise<void> {
    return lastArgs.value ? load(...lastArgs.value) : Promise.resolve()
  }

  function clear(): void {
    generation++
    data.value = null
    error.value = null
    loading.value = false
    lastArgs.value = null
  }

  const requested = computed(() => lastArgs.value !== null)

  return { data, error, loading, requested, load, retry, clear }
}
