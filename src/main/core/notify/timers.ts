/** Time as the notify core sees it: injected, so tests drive it by hand. */
export interface NotifyClock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** One pending callback on a clock: starting it again replaces it, and it forgets itself when it fires. */
export class ClockTimer {
  private handle: unknown = null

  constructor(private readonly clock: NotifyClock) {}

  get pending(): boolean {
    return this.handle !== null
  }

  start(ms: number, fire: () => void): void {
    this.cancel()
    this.handle = this.clock.setTimeout(() => {
      this.handle = null
      fire()
    }, ms)
  }

  cancel(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle)
    this.handle = null
  }
}

export const systemClock: NotifyClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms)
    // A pending summary must not keep a quitting process alive.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Minutes after local midnight, for quiet hours. */
export function localMinutesOfDay(epochMs: number): number {
  const date = new Date(epochMs)
  return date.getHours() * 60 + date.getMinutes()
}

/** The local date of an epoch-ms time, yyyy-mm-dd (the days quiet hours and the rule preview count in). */
export function localDay(epochMs: number): string {
  const date = new Date(epochMs)
  const two = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}
