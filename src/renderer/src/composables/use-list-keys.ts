import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'
import { useRouter } from 'vue-router'

/**
 * Keyboard-first lists: j / k (and the arrows, once a row has the focus) move
 * between the rows of the list on screen, Enter opens the focused row (its
 * link does that by itself), Esc goes back, and ? shows every shortcut.
 * Keys typed into a field, with a modifier, or while a dialog is open are
 * left alone.
 */

/** Rows are the list items views mark with a `…-row` test id: the same rows a person sees. */
const ROW_SELECTOR = '[data-testid$="-row"]'

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

function rowsIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(ROW_SELECTOR)].filter((row) => row.querySelector('a[href], button') !== null)
}

/** Moves the focus `step` rows from the focused one (the first or last row when none has it). */
export function moveRowFocus(root: HTMLElement, step: 1 | -1): boolean {
  const rows = rowsIn(root)
  if (rows.length === 0) return false
  const current = rows.findIndex((row) => row.contains(document.activeElement))
  const next = current === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, current + step))
  const row = rows[next] as HTMLElement
  const target = row.querySelector<HTMLElement>('a[href]') ?? row.querySelector<HTMLElement>('button')
  target?.focus()
  row.scrollIntoView?.({ block: 'nearest' })
  return true
}

export function useListKeys(root: Ref<HTMLElement | null>): { helpOpen: Ref<boolean> } {
  const router = useRouter()
  const helpOpen = ref(false)

  function onKeydown(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return
    if (event.key === '?') {
      helpOpen.value = !helpOpen.value
      event.preventDefault()
      return
    }
    if (document.querySelector('[role="dialog"][aria-modal="true"]') !== null) return
    const area = root.value
    if (area === null) return
    const inRow = document.activeElement instanceof HTMLElement && document.activeElement.closest(ROW_SELECTOR) !== null
    const step = event.key === 'j' || (inRow && event.key === 'ArrowDown') ? 1 : event.key === 'k' || (inRow && event.key === 'ArrowUp') ? -1 : 0
    if (step !== 0) {
      if (moveRowFocus(area, step)) event.preventDefault()
      return
    }
    // Only back within the app: the router's own history says whether there is a page before this one.
    if (event.key === 'Escape' && router.options.history.state.back != null) {
      event.preventDefault()
      router.back()
    }
  }

  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
  return { helpOpen }
}
