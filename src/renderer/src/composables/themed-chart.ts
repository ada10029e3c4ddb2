import { onBeforeUnmount, onMounted, type Ref } from 'vue'

/** Destroyable like a Chart.js chart; kept structural so this file loads no chart code. */
interface Destroyable {
  destroy(): void
}

/** A colour from the theme's CSS variables, or the fallback before the stylesheet applies. */
export function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return value || fallback
}

/**
 * Builds a chart on its canvas when mounted, and again when the system scheme
 * or the chosen theme changes (canvas colours are read from the theme's
 * variables at build time); destroys it when unmounted.
 */
export function useThemedChart<C extends Destroyable>(canvas: Ref<HTMLCanvasElement | null>, build: (canvas: HTMLCanvasElement) => C) {
  let chart: C | null = null
  let colorScheme: MediaQueryList | null = null
  let themeObserver: MutationObserver | null = null

  function rebuild(): void {
    chart?.destroy()
    chart = canvas.value ? build(canvas.value) : null
  }

  onMounted(() => {
    rebuild()
    colorScheme = window.matchMedia?.('(prefers-color-scheme: dark)') ?? null
    colorScheme?.addEventListener('change', rebuild)
    if (typeof MutationObserver !== 'undefined') {
      themeObserver = new MutationObserver(rebuild)
      themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    }
  })

  onBeforeUnmount(() => {
    colorScheme?.removeEventListener('change', rebuild)
    themeObserver?.disconnect()
    chart?.destroy()
    chart = null
  })

  return { chart: (): C | null => chart, rebuild }
}
