import { describe, expect, it } from 'vitest'
import { BACKLOG_GAP_MS, createFrameGate } from './frame-gate'

/** Frames drawn and time moved when the test says. */
function manualPage() {
  let callbacks: Array<() => void> = []
  let time = 1_000
  return {
    schedule: (callback: () => void) => {
      callbacks.push(callback)
    },
    now: () => time,
    advance: (ms: number) => (time += ms),
    draw: () => {
      const due = callbacks
      callbacks = []
      due.forEach((callback) => callback())
    },
    get framesAsked() {
      return callbacks.length
    },
  }
}

/** Lets the microtasks queued so far run. */
const turnEnds = () => Promise.resolve()

describe('createFrameGate', () => {
  it('hands batches on at once while they come apart', async () => {
    const page = manualPage()
    const delivered: number[][] = []
    const gate = createFrameGate<number>((items) => delivered.push(items), page)
    gate.push([1, 2])
    await turnEnds()
    page.advance(16)
    gate.push([3])
    await turnEnds()
    expect(delivered).toEqual([[1, 2], [3]])
    expect(page.framesAsked).toBe(0)
  })

  it('holds batches that queue up right behind the last one, and hands them on together at the next frame', async () => {
    const page = manualPage()
    const delivered: number[][] = []
    const gate = createFrameGate<number>((items) => delivered.push(items), page)
    gate.push([1])
    await turnEnds()
    page.advance(BACKLOG_GAP_MS - 1)
    gate.push([2])
    page.advance(1)
    gate.push([3, 4])
    expect(delivered).toEqual([[1]])
    expect(page.framesAsked).toBe(1)

    page.draw()
    expect(delivered).toEqual([[1], [2, 3, 4]])
    await turnEnds()
    // A frame was drawn: the next batch goes through at once.
    page.advance(BACKLOG_GAP_MS)
    gate.push([5])
    expect(delivered).toEqual([[1], [2, 3, 4], [5]])
  })

  it('ignores empty batches and does not keep the array it was given', async () => {
    const page = manualPage()
    const delivered: number[][] = []
    const gate = createFrameGate<number>((items) => delivered.push(items), page)
    gate.push([])
    expect(delivered).toEqual([])
    const batch = [1]
    gate.push(batch)
    batch.push(2)
    await turnEnds()
    expect(delivered).toEqual([[1]])
    expect(page.framesAsked).toBe(0)
  })
})
