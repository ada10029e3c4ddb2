import { onBeforeUnmount, onMounted, watch, type WatchSource } from 'vue'

/** Updatable and destroyable like a Chart.js chart; kept structural so this file loads no chart code. */
interface Redrawable {
  update(mode: 'none'): void
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
 * `redrawOn` puts new data into the chart in place, without animation.
 */
export function useThemedChart<C extends Redrawable>(canvas: () => HTMLCanvasElement | null, build: (canvas: HTMLCanvasElement) => C) {
  let chart: C | null = null
  let themeObserver: MutationObserver | null = null

  function rebuild(): void {
    chart?.destroy()
    const element = canvas()
    chart = element ? build(element) : null
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

  /** When `source` changes: `apply` the new data to the chart and redraw it, or build it if there is none yet. */
  function redrawOn(source: WatchSource, apply: (chart: C) => void): void {
    watch(source, () => {
      if (!chart) return rebuild()
      apply(chart)
      chart.update('none')
    })
  }

  return { redrawOn }
}
