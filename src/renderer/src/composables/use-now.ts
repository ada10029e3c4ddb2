import { getCurrentScope, onScopeDispose, ref, type Ref } from 'vue'

/** How often relative times ("2 minutes ago") are redrawn. */
export const NOW_TICK_MS = 5_000

const now = ref(Date.now())
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

/**
 * The current time as a ref that moves every NOW_TICK_MS, one timer for
 * every component that shows a relative time; it stops when none is left.
 */
export function useNow(): Readonly<Ref<number>> {
  users++
  // A view that just appeared shows the time of now, not of the last tick.
  now.value = Date.now()
  if (timer === null) {
    timer = setInterval(() => (now.value = Date.now()), NOW_TICK_MS)
  }
  if (getCurrentScope()) {
    onScopeDispose(() => {
      users--
      if (users === 0 && timer !== null) {
        clearInterval(timer)
        timer = null
      }
    })
  }
  return now
}
