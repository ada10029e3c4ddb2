import { afterEach, beforeEach } from 'vitest'

/**
 * For unit tests: happy-dom lays nothing out, so every element is 0 pixels
 * high and a virtualised list shows no rows. This gives elements with
 * role="grid" the size a browser would, until the returned function undoes it.
 */
export function layOutGrids(size: { height: number; width?: number }): () => void {
  const proto = HTMLElement.prototype
  const names = ['clientHeight', 'clientWidth'] as const
  const own = new Map(names.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)]))
  for (const name of names) {
    const original = own.get(name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name)
    const value = name === 'clientHeight' ? size.height : (size.width ?? 1000)
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'grid' ? value : ((original?.get?.call(this) as number | undefined) ?? 0)
      },
    })
  }
  return () => {
    for (const name of names) {
      const descriptor = own.get(name)
      if (descriptor) Object.defineProperty(proto, name, descriptor)
      else delete (proto as unknown as Record<string, unknown>)[name]
    }
  }
}

/** layOutGrids for every test of the file that calls it, undone after each; the returned function undoes it sooner. */
export function layOutGridsInEachTest(size: { height: number; width?: number }): () => void {
  let restore: (() => void) | null = null
  function undo(): void {
    restore?.()
    restore = null
  }
  beforeEach(() => {
    restore = layOutGrids(size)
  })
  afterEach(undo)
  return undo
}
