const FOCUSABLE = 'input, select, textarea, button:not(:disabled), [href], [tabindex]:not([tabindex="-1"])'

/** Tab and Shift+Tab go round inside a modal dialog while it is open (for its keydown on Tab). */
export function keepTabInside(container: HTMLElement | null, event: KeyboardEvent): void {
  const focusable = container?.querySelectorAll<HTMLElement>(FOCUSABLE)
  if (!focusable || focusable.length === 0) return
  const first = focusable[0]!
  const last = focusable[focusable.length - 1]!
  // The dialog itself (focused on open) counts as before the first control.
  const atStart = document.activeElement === first || document.activeElement === container
  if (event.shiftKey && atStart) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
