import { computed, watch, type ComputedRef } from 'vue'
import { useRoute } from 'vue-router'

/**
 * The route parameter `param` as a string ('' when absent), with `load`
 * called for each new value while the route named `routeName` is shown.
 */
export function useRouteParam(
  routeName: string,
  param: string,
  load: (value: string) => Promise<void>,
): ComputedRef<string> {
  const route = useRoute()
  const value = computed(() => {
    const raw = route.params[param]
    return typeof raw === 'string' ? raw : ''
  })

  watch(
    value,
    (next) => {
      // The watcher also sees the route being left for another view.
      if (route.name === routeName && next) void load(next)
    },
    { immediate: true },
  )

  return value
}
