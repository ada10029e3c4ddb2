import { reactive, watch } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import { compactQuery, queryText, sameQuery } from './route-query'

/** The part of a filtered list store a view drives. */
interface FilteredList<Filters> {
  applyFilters(filters: Filters): Promise<void>
  ensureLoaded(filters: Filters): Promise<void>
}

/**
 * Filters that live in the route's query, so a filtered view can be linked
 * and survives Back. The form mirrors the route; `apply` puts the form into
 * the route, or reloads when the route says that already.
 */
export function useRouteFilters<Filters extends Record<keyof Filters, string>>(
  routeName: string,
  noFilters: Filters,
  list: FilteredList<Filters>,
) {
  const route = useRoute()
  const router = useRouter()
  const form = reactive({ ...noFilters }) as Filters

  function filtersFromRoute(): Filters {
    const names = Object.keys(noFilters)
    return Object.fromEntries(names.map((name) => [name, queryText(route.query, name)])) as Filters
  }

  watch(
    () => route.query,
    () => {
      // The watcher also sees the query of the route being left for another view.
      if (route.name !== routeName) return
      const filters = filtersFromRoute()
      Object.assign(form, filters)
      void list.ensureLoaded(filters)
    },
    { immediate: true },
  )

  function apply(): void {
    const query = compactQuery({ ...form })
    if (sameQuery(query, route.query)) void list.applyFilters({ ...form })
    else void router.push({ name: routeName, query })
  }

  function clear(): void {
    Object.assign(form, noFilters)
    apply()
  }

  return { form, apply, clear }
}
