import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { Router } from 'vue-router'
import { getBridge } from '@renderer/bridge'

export interface RefusedNavigation {
  path: string
  reason: string
}

/**
 * Why `path` is not a route of this app, or null when it is one. Only
 * in-app paths are followed: main sends them for notification clicks, deep
 * links and the tray, and anything else is a mistake to show, not to follow.
 */
export function refuseReason(router: Router, path: unknown): string | null {
  if (typeof path !== 'string' || path === '') return 'The route is empty'
  if (!path.startsWith('/') || path.startsWith('//')) return 'The route is not a path of this app'
  // The catch-all route has no name: anything it matches is unknown here.
  if (router.resolve(path).name === undefined) return 'No view has this route'
  return null
}

/** Follows the `navigate` event main pushes, after checking the path. */
export const useNavigationStore = defineStore('navigation', () => {
  const bridge = getBridge()
  const refused = shallowRef<RefusedNavigation | null>(null)
  const followed = ref(0)
  let stop: (() => void) | null = null

  async function go(router: Router, path: string): Promise<boolean> {
    const reason = refuseReason(router, path)
    if (reason !== null) {
      refused.value = { path: String(path).slice(0, 200), reason }
      console.warn(`Navigation refused: ${reason}: ${refused.value.path}`)
      return false
    }
    refused.value = null
    await router.push(path)
    followed.value++
    return true
  }

  /** Starts following `navigate` with `router`; later calls do nothing. */
  function start(router: Router): void {
    if (stop) return
    stop = bridge.on('navigate', (path) => void go(router, path))
  }

  return { refused, followed, go, start }
})
