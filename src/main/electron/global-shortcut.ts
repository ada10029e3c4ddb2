/**
 * The desktop's one global shortcut: shows the window from anywhere, or
 * hides it when it is in front. Another program may hold the keys; then
 * ProofWatch says so in the log and works without it.
 */
import type { Logger } from '../core/log/log'

export const TOGGLE_WINDOW_ACCELERATOR = 'CommandOrControl+Alt+P'

export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean
  unregister(accelerator: string): void
}

/** Registers the shortcut; the returned function releases it (at quit). */
export function registerWindowToggle(shortcuts: GlobalShortcutLike, toggle: () => void, log: Logger): () => void {
  let registered = false
  try {
    registered = shortcuts.register(TOGGLE_WINDOW_ACCELERATOR, toggle)
  } catch (error) {
    log.warn('the global shortcut could not be registered', { accelerator: TOGGLE_WINDOW_ACCELERATOR, error: String(error) })
  }
  if (!registered) log.warn(`${TOGGLE_WINDOW_ACCELERATOR} is held by another program: the window has no global shortcut this run`)
  return () => {
    if (registered) shortcuts.unregister(TOGGLE_WINDOW_ACCELERATOR)
    registered = false
  }
}
