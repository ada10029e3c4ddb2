import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

/** Slack for sub-pixel widths, so a table that just fits does not count as overflowing. */
const TOLERANCE_PX = 1

/**
 * Whether `element` has content hidden past its left or right edge, kept
 * current on scroll and whenever it or its content changes size.
 */
export function useHorizontalOverflow(element: Ref<HTMLElement | null>): { left: Ref<boolean>; right: Ref<boolean> } {
  const left = ref(false)
  const right = ref(false)
  let observer: ResizeObserver | null = null

  function measure(): void {
    const el = element.value
    if (!el) return
    left.value = el.scrollLeft > TOLERANCE_PX
    right.value = el.scrollLeft + el.clientWidth < el.scrollWidth - TOLERANCE_PX
  }

  onMounted(() => {
    const el = element.value
    if (!el) return
    el.addEventListener('scroll', measure, { passive: true })
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(measure)
      observer.observe(el)
      for (const child of el.children) observer.observe(child)
    }
    measure()
  })

  onBeforeUnmount(() => {
    element.value?.removeEventListener('scroll', measure)
    observer?.disconnect()
  })

  return { left, right }
}
