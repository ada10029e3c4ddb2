import { afterEach, describe, expect, it, vi } from 'vitest'
import { FAST_ALLOCATION_FLAG, MEMORY_MODE_AFTER_START_MS, SMALL_FOOTPRINT_FLAG, startV8MemoryModeSoon, V8MemoryMode, YOUNG_HOLDS_SIZE_FLAG, YOUNG_MAY_GROW_FLAG } from './v8-memory-mode'

function rig(options: { burstYoungPerSecond?: number; quietCheckMs?: number; fastYoungCapBytes?: number } = {}) {
  const flags: string[] = []
  const collections: number[] = []
  const clock = { now: 10_000, cpuMicros: 0, youngBytes: 1 << 20 }
  let onGc: ((young: boolean) => void) | null = null
  let stopped = false
  const timers: Array<{ run: () => void; ms: number } | null> = []
  const mode = new V8MemoryMode({
    setFlags: (flag) => flags.push(flag),
    observeGc: (callback) => {
      onGc = callback
      return () => (stopped = true)
    },
    cpuMicros: () => clock.cpuMicros,
    now: () => clock.now,
    youngGenerationBytes: () => clock.youngBytes,
    collectAll: () => collections.push(clock.now),
    setTimer: (run, ms) => timers.push({ run, ms }) - 1,
    clearTimer: (index) => (timers[index as number] = null),
    ...options,
  })
  const gcs = (count: number, young = true) => {
    for (let i = 0; i < count; i++) onGc?.(young)
  }
  /** Lets `ms` pass with `cpuShare` of a core busy, and fires the timer that falls due. */
  const elapse = (ms: number, cpuShare: number) => {
    clock.now += ms
    clock.cpuMicros += ms * 1000 * cpuShare
    const due = timers.findLastIndex((timer) => timer !== null)
    const timer = due >= 0 ? timers[due] : null
    if (timer) {
      timers[due] = null
      timer.run()
    }
  }
  const pending = () => timers.filter((timer) => timer !== null).length
  /** Fires the pending timer set for `ms`. */
  const fire = (ms: number) => {
    const index = timers.findIndex((timer) => timer !== null && timer.ms === ms)
    const timer = timers[index]
    if (!timer) throw new Error(`no timer of ${ms} ms pending`)
    timers[index] = null
    timer.run()
  }
  return { mode, flags, collections, clock, gcs, elapse, fire, pending, isStopped: () => stopped }
}

describe('V8MemoryMode', () => {
  it('starts small and sets no timer while nothing happens', () => {
    const { mode, flags, pending } = rig()
    mode.start()
    expect(mode.mode).toBe('small')
    expect(flags).toEqual([SMALL_FOOTPRINT_FLAG])
    expect(pending()).toBe(0)
  })

  it('goes fast on a burst of young collections, not on a few or on full ones', () => {
    const { mode, flags, gcs, clock } = rig({ burstYoungPerSecond: 20 })
    mode.start()
    gcs(19)
    gcs(50, false)
    clock.now += 1000
    gcs(19)
    expect(mode.mode).toBe('small')
    gcs(1)
    expect(mode.mode).toBe('fast')
    expect(flags).toEqual([SMALL_FOOTPRINT_FLAG, FAST_ALLOCATION_FLAG])
  })

  it('stays fast while the process is busy, goes small again once it is quiet, and collects everything once small mode has lasted', () => {
    const { mode, flags, collections, gcs, elapse, pending } = rig({ burstYoungPerSecond: 5, quietCheckMs: 5000 })
    mode.start()
    gcs(5)
    expect(pending()).toBe(2)
    elapse(5000, 0.9)
    expect(mode.mode).toBe('fast')
    expect(collections).toEqual([])
    expect(pending()).toBe(2)
    elapse(5000, 0.05)
    expect(mode.mode).toBe('small')
    // The collection waits until small mode has lasted a while.
    expect(collections).toEqual([])
    expect(pending()).toBe(1)
    elapse(10_000, 0.01)
    expect(collections).toHaveLength(1)
    expect(pending()).toBe(0)
    expect(flags).toEqual([SMALL_FOOTPRINT_FLAG, FAST_ALLOCATION_FLAG, SMALL_FOOTPRINT_FLAG])
    // And fast again at the next burst.
    gcs(5)
    expect(mode.mode).toBe('fast')
  })

  it('lets the young generation grow in fast mode, holds it from a quarter of the cap on, and lets it grow again after small mode', () => {
    const { mode, flags, gcs, elapse, clock } = rig({ burstYoungPerSecond: 5, fastYoungCapBytes: 32 << 20 })
    mode.start()
    gcs(5)
    expect(mode.mode).toBe('fast')
    clock.youngBytes = 4 << 20
    gcs(3)
    expect(flags).not.toContain(YOUNG_HOLDS_SIZE_FLAG)
    clock.youngBytes = 8 << 20
    gcs(3)
    expect(flags.filter((flag) => flag === YOUNG_HOLDS_SIZE_FLAG)).toHaveLength(1)
    elapse(5000, 0.01)
    expect(mode.mode).toBe('small')
    clock.youngBytes = 1 << 20
    gcs(5)
    expect(mode.mode).toBe('fast')
    expect(flags.slice(-2)).toEqual([YOUNG_MAY_GROW_FLAG, FAST_ALLOCATION_FLAG])
    clock.youngBytes = 16 << 20
    gcs(1)
    expect(flags.at(-1)).toBe(YOUNG_HOLDS_SIZE_FLAG)
  })

  it('keeps the young generation held when a burst resumes before small mode shrank it', () => {
    const { mode, flags, gcs, elapse, clock, pending } = rig({ burstYoungPerSecond: 5, fastYoungCapBytes: 32 << 20 })
    mode.start()
    gcs(5)
    clock.youngBytes = 16 << 20
    gcs(1)
    expect(flags.at(-1)).toBe(YOUNG_HOLDS_SIZE_FLAG)
    elapse(5000, 0.01)
    expect(mode.mode).toBe('small')
    // No collection yet: the young generation is as the burst left it.
    gcs(5)
    expect(mode.mode).toBe('fast')
    expect(flags.filter((flag) => flag === YOUNG_MAY_GROW_FLAG)).toHaveLength(0)
    expect(flags.at(-1)).toBe(FAST_ALLOCATION_FLAG)
    // Only the quiet check is pending: no watch of a generation already held.
    expect(pending()).toBe(1)
  })

  it('does not collect when a burst resumes before small mode has lasted a while', () => {
    const { mode, collections, gcs, elapse, fire, pending } = rig({ burstYoungPerSecond: 5, quietCheckMs: 5000 })
    mode.start()
    gcs(5)
    elapse(5000, 0.05)
    expect(mode.mode).toBe('small')
    gcs(5)
    expect(mode.mode).toBe('fast')
    expect(() => fire(10_000)).toThrow()
    expect(collections).toEqual([])
    expect(pending()).toBe(2)
  })

  it('holds the young generation from a short timer too, since collections are heard of late in a flood, and stops looking once held', () => {
    const { mode, flags, clock, gcs, fire, pending } = rig({ burstYoungPerSecond: 5, fastYoungCapBytes: 32 << 20, quietCheckMs: 5000 })
    mode.start()
    gcs(5)
    expect(pending()).toBe(2)
    fire(50)
    expect(flags).not.toContain(YOUNG_HOLDS_SIZE_FLAG)
    clock.youngBytes = 32 << 20
    fire(50)
    expect(flags.at(-1)).toBe(YOUNG_HOLDS_SIZE_FLAG)
    // Only the quiet check is left.
    expect(pending()).toBe(1)
    expect(() => fire(50)).toThrow()
  })

  it('stops watching and leaves no timer behind', () => {
    const { mode, gcs, pending, isStopped } = rig({ burstYoungPerSecond: 1 })
    mode.start()
    gcs(1)
    expect(pending()).toBe(2)
    mode.stop()
    expect(isStopped()).toBe(true)
    expect(pending()).toBe(0)
  })
})

describe('startV8MemoryModeSoon', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('takes the mode on a second after the start, with a timer that does not keep the process alive', () => {
    vi.useFakeTimers()
    const flags: string[] = []
    let observing = false
    startV8MemoryModeSoon({ setFlags: (flag) => flags.push(flag), observeGc: () => ((observing = true), () => (observing = false)), collectAll: null })
    vi.advanceTimersByTime(MEMORY_MODE_AFTER_START_MS - 1)
    expect(flags).toEqual([])
    expect(observing).toBe(false)
    vi.advanceTimersByTime(1)
    expect(flags).toEqual([SMALL_FOOTPRINT_FLAG])
    expect(observing).toBe(true)
  })

  it('unrefs its timer', () => {
    const unref = vi.fn()
    const setTimer = vi.spyOn(globalThis, 'setTimeout').mockImplementation((() => ({ unref })) as unknown as typeof setTimeout)
    let delays: unknown[]
    try {
      startV8MemoryModeSoon({ setFlags: () => {}, observeGc: () => () => {}, collectAll: null })
      delays = setTimer.mock.calls.map((call) => call[1])
    } finally {
      setTimer.mockRestore()
    }
    expect(delays).toEqual([MEMORY_MODE_AFTER_START_MS])
    expect(unref).toHaveBeenCalledTimes(1)
  })
})
