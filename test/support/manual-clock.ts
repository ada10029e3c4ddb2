import type { NotifyClock } from '../../src/main/core/notify/timers'

/** A clock for tests: time moves only when `advance` is called, and runs the timers that fall due, in order. */
export class ManualClock implements NotifyClock {
  private timers: Array<{ id: number; at: number; callback: () => void }> = []
  private nextId = 1

  constructor(public time = 0) {}

  now(): number {
    return this.time
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.push({ id, at: this.time + Math.max(0, ms), callback })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle)
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.timers.length
  }

  advance(ms: number): void {
    const end = this.time + ms
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!due) break
      this.timers = this.timers.filter((timer) => timer !== due)
      this.time = due.at
      due.callback()
    }
    this.time = end
  }
}
