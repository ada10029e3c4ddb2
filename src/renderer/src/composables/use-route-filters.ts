import { reactive, watch } from 'vue'
import { defineStore } from 'pinia'
import { useRoute, useRouter, type LocationQueryRaw } from 'vue-router'
import { compactQuery, queryText, sameQuery } from '@renderer/model/route-query'

/** The last query each filtered list view showed, so coming back through the navigation finds its filters again. */
const useListQueries = defineStore('list-queries', () => {
  const byRoute = new Map<string, LocationQueryRaw>()
  return { byRoute }
})

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
  const remembered = useListQueries()
  let arriving = true

  function filtersFromRoute(): Filters {
    const names = Object.keys(noFilters)
    return Object.fromEntries(names.map((name) => [name, queryText(route.query, name)])) as Filters
  }

  watch(
    () => route.query,
    () => {
      // The watcher also sees the query of the route being left for another view.
      if (route.name !== routeName) return
      // Arriving without a query (a navigation link) brings back the filters last shown here; Clear does not.
      const held = remembered.byRoute.get(routeName)
      if (arriving && Object.keys(route.query).length === 0 && held && Object.keys(held).length > 0) {
        arriving = false
        void router.replace({ name: routeName, query: held })
        return
      }
      arriving = false
      remembered.byRoute.set(routeName, compactQuery(Object.fromEntries(Object.keys(noFilters).map((name) => [name, queryText(route.query, name)]))))
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
