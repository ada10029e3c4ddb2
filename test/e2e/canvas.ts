/// <reference lib="dom" />
import type { Page } from 'playwright-core'

/** Pixels of the canvas that are not fully transparent: proof that Chart.js drew something. */
export function drawnPixels(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (canvas) => {
    const c = canvas as HTMLCanvasElement
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
    let drawn = 0
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++
    return drawn
  })
}
