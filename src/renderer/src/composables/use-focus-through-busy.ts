import { nextTick, watch, type Ref } from 'vue'

/**
 * Controls disabled while their change is saved lose the keyboard focus
 * (Chromium moves it to the page). When `busy` ends and the focus is still
 * nowhere, it goes back to the control inside `root` that had it, or to
 * `fallback` when the change took that control away (a row that ended).
 */
export function useFocusThroughBusy(busy: Readonly<Ref<boolean>>, root: () => HTMLElement | null, fallback: () => HTMLElement | null = () => null): void {
  let had: HTMLElement | null = null
  watch(
    busy,
    (now) => {
      if (now) {
        const active = document.activeElement
        had = active instanceof HTMLElement && root()?.contains(active) ? active : null
        return
      }
      const restore = had
      had = null
      void nextTick(() => {
        const lost = document.activeElement === null || document.activeElement === document.body
        if (restore === null || !lost) return
        if (restore.isConnected) restore.focus()
        else fallback()?.focus()
      })
    },
    { flush: 'sync' },
  )
}
