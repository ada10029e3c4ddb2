/**
 * V8's footprint follows the load: small while the core is quiet (most of a
 * tray app's day), fast while a flood or a large backfill is being taken in.
 * Started first thing in every entry that runs the core (the app's main
 * process, serve mode, the benchmark's core processes), so that all three run
 * with the same settings.
 *
 * Why at run time: Electron's main process takes V8 flags only from its own
 * command line at launch (`--js-flags`, see Electron's command-line switches),
 * which a packaged app's launcher does not pass; `--max-semi-space-size` given
 * at run time changes nothing (measured). `--optimize-for-size` is one V8
 * reads on the fly (measured): with it the young generation stays at a few MB
 * instead of growing to 128 MB, and once allocation calms down V8's memory
 * reducer runs memory-reducing collections, which give the system back the
 * heap pages V8 otherwise keeps pooled after a peak (after a 200-address load:
 * ~750 mappings of 256 KiB, ~180 MB resident with 30 MB of heap in use).
 * It costs allocation speed (flat-out ingest about 25% slower), so a burst of
 * young collections switches it off until allocation calms down again
 * (estimated from young collections times the young generation's size: a
 * CPU share would keep a steady 500 events/s fast on a slow machine).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'

export const SMALL_FOOTPRINT_FLAG = '--optimize-for-size'
export const FAST_ALLOCATION_FLAG = '--no-optimize-for-size'

export type V8MemoryModeName = 'small' | 'fast'

export interface V8MemoryModeOptions {
  setFlags?: (flags: string) => void
  /** Calls `onGc` after each collection (whether it was a young one); returns how to stop. */
  observeGc?: (onGc: (young: boolean) => void) => () => void
  /** The young generation's size now, MB. */
  youngGenerationMB?: () => number
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  /** Young collections within one second, in small mode, that make a burst. Default 20. */
  burstYoungPerSecond?: number
  /** How often fast mode checks whether the burst is over. Default 5 s. */
  quietCheckMs?: number
  /** Allocation (MB/s, young collections x the young generation's size) under which fast mode ends. Default 8. */
  quietAllocationMBps?: number
}

function observeNodeGc(onGc: (young: boolean) => void): () => void {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) onGc((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
  })
  observer.observe({ entryTypes: ['gc'] })
  return () => observer.disconnect()
}

function youngGenerationMBOfProcess(): number {
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
  return (young?.space_size ?? 0) / 1048576
}

export class V8MemoryMode {
  private current: V8MemoryModeName = 'small'
  private youngInSecond = 0
  private secondStartedAt = 0
  private quietTimer: unknown = null
  private windowStartedAt = 0
  private youngInWindow = 0
  private stopObserving: (() => void) | null = null
  private readonly setFlags: (flags: string) => void
  private readonly now: () => number
  private readonly youngGenerationMB: () => number
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (timer: unknown) => void
  private readonly burstYoungPerSecond: number
  private readonly quietCheckMs: number
  private readonly quietAllocationMBps: number

  constructor(private readonly options: V8MemoryModeOptions = {}) {
    this.setFlags = options.setFlags ?? setFlagsFromString
    this.now = options.now ?? Date.now
    this.youngGenerationMB = options.youngGenerationMB ?? youngGenerationMBOfProcess
    this.setTimer =
      options.setTimer ??
      ((run, ms) => {
        const timer = setTimeout(run, ms)
        // Never what keeps the process alive.
        timer.unref()
        return timer
      })
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
    this.burstYoungPerSecond = options.burstYoungPerSecond ?? 20
    this.quietCheckMs = options.quietCheckMs ?? 5000
    this.quietAllocationMBps = options.quietAllocationMBps ?? 8
  }

  get mode(): V8MemoryModeName {
    return this.current
  }

  /** Small footprint from now on, until a burst; collections are watched (no timer runs while quiet). */
  start(): this {
    this.setFlags(SMALL_FOOTPRINT_FLAG)
    this.current = 'small'
    this.stopObserving ??= (this.options.observeGc ?? observeNodeGc)((young) => this.noteGc(young))
    return this
  }

  stop(): void {
    this.stopObserving?.()
    this.stopObserving = null
    if (this.quietTimer !== null) this.clearTimer(this.quietTimer)
    this.quietTimer = null
  }

  private noteGc(young: boolean): void {
    if (!young) return
    if (this.current === 'fast') {
      this.youngInWindow++
      return
    }
    const now = this.now()
    if (now - this.secondStartedAt >= 1000) {
      this.secondStartedAt = now
      this.youngInSecond = 0
    }
    if (++this.youngInSecond >= this.burstYoungPerSecond) this.goFast(now)
  }

  private goFast(now: number): void {
    this.setFlags(FAST_ALLOCATION_FLAG)
    this.current = 'fast'
    this.youngInSecond = 0
    this.startQuietWindow(now)
  }

  private startQuietWindow(now: number): void {
    this.windowStartedAt = now
    this.youngInWindow = 0
    this.quietTimer = this.setTimer(() => this.checkQuiet(), this.quietCheckMs)
  }

  private checkQuiet(): void {
    this.quietTimer = null
    if (this.stopObserving === null) return
    const now = this.now()
    const allocatedMBps = (this.youngInWindow * this.youngGenerationMB()) / (Math.max(1, now - this.windowStartedAt) / 1000)
    if (allocatedMBps < this.quietAllocationMBps) {
      this.setFlags(SMALL_FOOTPRINT_FLAG)
      this.current = 'small'
      this.secondStartedAt = now
    } else this.startQuietWindow(now)
  }
}

/** The footprint settings every entry that runs the core starts with. */
export function startV8MemoryMode(options?: V8MemoryModeOptions): V8MemoryMode {
  return new V8MemoryMode(options).start()
}
