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
 * Builds a chart on its canvas when mounted, and again when the theme changes
 * (canvas colours are read from the theme's variables at build time);
 * destroys it when unmounted. Watching data-theme alone is enough: the theme
 * store resolves a system change into it, and the palette follows only it.
 */
export function useThemedChart<C extends Destroyable>(canvas: Ref<HTMLCanvasElement | null>, build: (canvas: HTMLCanvasElement) => C) {
  let chart: C | null = null
  let themeObserver: MutationObserver | null = null

  function rebuild(): void {
    chart?.destroy()
    chart = canvas.value ? build(canvas.value) : null
  }

  onMounted(() => {
    rebuild()
    if (typeof MutationObserver !== 'undefined') {
      themeObserver = new MutationObserver(rebuild)
      themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    }
  })

  onBeforeUnmount(() => {
    themeObserver?.disconnect()
    chart?.destroy()
    chart = null
  })

  return { chart: (): C | null => chart, rebuild }
}
