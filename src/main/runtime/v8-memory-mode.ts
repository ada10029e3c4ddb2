/**
 * V8's footprint follows the load: small while the core is quiet (most of a
 * tray app's day), fast while a flood or a large backfill is being taken in.
 * Set up first thing in every entry that runs the core (the app's main
 * process, serve mode, the benchmark's core processes), so that all three run
 * with the same settings, and taken on a second after the start, once the
 * first screen is read (startV8MemoryModeSoon).
 *
 * Why at run time: Electron's main process takes V8 flags only from its own
 * command line at launch (`--js-flags`, see Electron's command-line switches),
 * which a packaged app's launcher does not pass; `--max-semi-space-size` given
 * at run time changes nothing (measured). `--optimize-for-size` is one V8
 * reads on the fly: with it the young generation stays small, and once
 * allocation calms down V8's memory reducer runs memory-reducing collections,
 * which give the system back the heap pages V8 otherwise keeps pooled after a
 * peak. It costs allocation speed, so a burst of young collections switches
 * it off until the process is quiet again (figures: src/main/runtime/README.md).
 *
 * Fast mode does not let the young generation grow to V8's 128 MB either: it
 * may grow to a cap sized for this workload, and then V8's growth factor is
 * set to 1, which V8 also reads at run time. That is the launch
 * flag `--max-semi-space-size` done from inside the process, so the app,
 * serve mode and the benchmark share it.
 */
import { nodePerfHooks, nodeV8, nodeVm } from './builtins-on-first-use'

export const SMALL_FOOTPRINT_FLAG = '--optimize-for-size --heap-growing-percent=0'
/** Old space grows by half past what a full collection left, not up to 4x: V8 frees it sooner and pools fewer pages. */
export const FAST_ALLOCATION_FLAG = '--no-optimize-for-size --heap-growing-percent=50'
/** V8's default: each growth of the young generation doubles it. */
export const YOUNG_MAY_GROW_FLAG = '--semi-space-growth-factor=2'
/** Growth by a factor of 1: the young generation keeps the size it has. */
export const YOUNG_HOLDS_SIZE_FLAG = '--semi-space-growth-factor=1'
/** How often fast mode looks at the young generation until it is held. */
const YOUNG_WATCH_MS = 50
/** Both semi-spaces together; V8 would let them grow to 128 MB. */
export const FAST_YOUNG_CAP_BYTES = 32 * 1024 * 1024

export type V8MemoryModeName = 'small' | 'fast'

export interface V8MemoryModeOptions {
  setFlags?: (flags: string) => void
  /** Calls `onGc` after each collection (whether it was a young one); returns how to stop. */
  observeGc?: (onGc: (young: boolean) => void) => () => void
  /** CPU time of the process so far, µs. */
  cpuMicros?: () => number
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  /** Young collections within one second, in small mode, that make a burst. Default 20. */
  burstYoungPerSecond?: number
  /** How often fast mode checks whether the burst is over. Default 5 s. */
  quietCheckMs?: number
  /** Share of one core under which the process counts as quiet. Default 0.25. */
  quietCpuShare?: number
  /** The young generation's size now, bytes (both semi-spaces). */
  youngGenerationBytes?: () => number
  /**
   * A collection that gives the system back what V8 holds beyond its live
   * heap: run once when a burst is over. Default: V8's last-resort collection
   * (see lastResortCollection); null for none.
   */
  collectAll?: (() => void) | null
  /** How long small mode lasts before that collection. Default 10 s. */
  collectAfterQuietMs?: number
  /** Fast mode's young generation stays under this size (held once it reaches a quarter). Default FAST_YOUNG_CAP_BYTES. */
  fastYoungCapBytes?: number
}

function observeNodeGc(onGc: (young: boolean) => void): () => void {
  const { constants, PerformanceObserver } = nodePerfHooks()
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) onGc((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
  })
  observer.observe({ entryTypes: ['gc'] })
  return () => observer.disconnect()
}

function youngGenerationOfProcess(): number {
  return nodeV8().getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
}

type GcFunction = (options: { type: 'major'; flavor: 'last-resort' }) => void

/**
 * V8's own `gc`, made available at run time (the flag is read when a context
 * is made, so a new one carries it). Its last-resort flavour is the
 * collection V8 runs before giving up on memory: it shrinks the young
 * generation and unmaps pooled pages (measured after a burst: RSS 427 → 69 MB
 * in 49 ms; a regular full collection: 361 → 327 MB). Null where it cannot be had.
 */
export function lastResortCollection(): (() => void) | null {
  try {
    let gc = (globalThis as { gc?: GcFunction }).gc
    if (typeof gc !== 'function') {
      nodeV8().setFlagsFromString('--expose-gc')
      gc = nodeVm().runInNewContext('gc') as GcFunction | undefined
    }
    if (typeof gc !== 'function') return null
    const collect = gc
    return () => collect({ type: 'major', flavor: 'last-resort' })
  } catch {
    return null
  }
}

function cpuMicrosOfProcess(): number {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

export class V8MemoryMode {
  private current: V8MemoryModeName = 'small'
  private youngHeld = false
  private youngInSecond = 0
  private secondStartedAt = 0
  private quietTimer: unknown = null
  private windowStartedAt = 0
  private windowCpuMicros = 0
  private stopObserving: (() => void) | null = null
  private readonly setFlags: (flags: string) => void
  private readonly now: () => number
  private readonly cpuMicros: () => number
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (timer: unknown) => void
  private readonly burstYoungPerSecond: number
  private readonly quietCheckMs: number
  private readonly quietCpuShare: number
  private readonly youngGenerationBytes: () => number
  /** A quarter of the young generation's cap (see holdYoungAtCap). */
  private readonly holdYoungFromBytes: number
  private readonly collectAll: (() => void) | null
  private youngWatch: unknown = null
  private collectTimer: unknown = null
  private readonly collectAfterQuietMs: number

  constructor(private readonly options: V8MemoryModeOptions = {}) {
    this.setFlags = options.setFlags ?? ((flags) => nodeV8().setFlagsFromString(flags))
    this.now = options.now ?? Date.now
    this.cpuMicros = options.cpuMicros ?? cpuMicrosOfProcess
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
    this.quietCpuShare = options.quietCpuShare ?? 0.25
    this.youngGenerationBytes = options.youngGenerationBytes ?? youngGenerationOfProcess
    this.holdYoungFromBytes = (options.fastYoungCapBytes ?? FAST_YOUNG_CAP_BYTES) / 4
    this.collectAll = options.collectAll === undefined ? lastResortCollection() : options.collectAll
    this.collectAfterQuietMs = options.collectAfterQuietMs ?? 10_000
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
    this.stopWatchingYoung()
    this.cancelCollection()
    if (this.quietTimer !== null) this.clearTimer(this.quietTimer)
    this.quietTimer = null
  }

  private noteGc(young: boolean): void {
    if (!young) return
    if (this.current === 'fast') {
      this.holdYoungAtCap()
      return
    }
    const now = this.now()
    if (now - this.secondStartedAt >= 1000) {
      this.secondStartedAt = now
      this.youngInSecond = 0
    }
    if (++this.youngInSecond >= this.burstYoungPerSecond) this.goFast(now)
  }

  /**
   * Held from a quarter of the cap: collections, and the watch's timer, are
   * heard of late in a flood (the loop stalls 50-150 ms there), and V8 may
   * have doubled the young generation twice by then. Held from half, a full
   * benchmark run read 64 MB against a cap of 32.
   */
  private holdYoungAtCap(): void {
    if (this.youngHeld || this.youngGenerationBytes() < this.holdYoungFromBytes) return
    this.setFlags(YOUNG_HOLDS_SIZE_FLAG)
    this.youngHeld = true
  }

  private goFast(now: number): void {
    // Small mode's collection shrank the young generation: it may grow again, up to the cap. A burst that resumes
    // before that collection finds it as large as the last burst left it; let go then, it doubled before the watch
    // below looked again (a soak's readings showed 64 MB against a cap of 32).
    if (this.youngHeld && this.youngGenerationBytes() < this.holdYoungFromBytes) {
      this.setFlags(YOUNG_MAY_GROW_FLAG)
      this.youngHeld = false
    }
    this.cancelCollection()
    this.setFlags(FAST_ALLOCATION_FLAG)
    this.current = 'fast'
    this.youngInSecond = 0
    if (!this.youngHeld) this.watchYoungGrowth()
    this.startQuietWindow(now)
  }

  /**
   * Collections are heard of late in a flood (measured: 0.7 s after one, by
   * when the young generation had grown twice, to 128 MB), so until it is held
   * its size is also looked at on a short timer: in fast mode only (a burst),
   * until it is held or the burst is over.
   */
  private watchYoungGrowth(): void {
    this.youngWatch = this.setTimer(() => {
      this.youngWatch = null
      if (this.current !== 'fast' || this.stopObserving === null) return
      this.holdYoungAtCap()
      if (!this.youngHeld) this.watchYoungGrowth()
    }, YOUNG_WATCH_MS)
  }

  /**
   * V8 gives back a burst's young generation and pooled pages only once
   * allocation stops, which a steady trickle of events never lets happen: one
   * collection once small mode has lasted a while (a few tens of ms, once per
   * burst; not at once, so that a burst that resumes keeps its young generation).
   */
  private collectSoon(): void {
    if (this.collectAll === null) return
    this.cancelCollection()
    this.collectTimer = this.setTimer(() => {
      this.collectTimer = null
      if (this.current === 'small' && this.stopObserving !== null) this.collectAll?.()
    }, this.collectAfterQuietMs)
  }

  private cancelCollection(): void {
    if (this.collectTimer !== null) this.clearTimer(this.collectTimer)
    this.collectTimer = null
  }

  private stopWatchingYoung(): void {
    if (this.youngWatch !== null) this.clearTimer(this.youngWatch)
    this.youngWatch = null
  }

  private startQuietWindow(now: number): void {
    this.windowStartedAt = now
    this.windowCpuMicros = this.cpuMicros()
    this.quietTimer = this.setTimer(() => this.checkQuiet(), this.quietCheckMs)
  }

  private checkQuiet(): void {
    this.quietTimer = null
    if (this.stopObserving === null) return
    const now = this.now()
    const share = (this.cpuMicros() - this.windowCpuMicros) / 1000 / Math.max(1, now - this.windowStartedAt)
    if (share < this.quietCpuShare) {
      this.setFlags(SMALL_FOOTPRINT_FLAG)
      this.current = 'small'
      this.secondStartedAt = now
      this.stopWatchingYoung()
      this.collectSoon()
    } else this.startQuietWindow(now)
  }
}

/** The mode now (the benchmarks' core processes, which read it). */
export function startV8MemoryMode(options?: V8MemoryModeOptions): V8MemoryMode {
  return new V8MemoryMode(options).start()
}

/**
 * How long after its start a process that runs the core takes the mode on.
 * The first second is the start-up's: its first screen, read from the cache,
 * allocates a few MB, which no setting here changes, and loading node:v8,
 * node:perf_hooks and node:vm for the mode was about 10 ms of an 86 ms cold
 * start of the whole core (docs/benchmarks.md).
 */
export const MEMORY_MODE_AFTER_START_MS = 1000

/** The footprint settings every entry that runs the core starts with, a second after it starts; the timer never keeps the process alive. */
export function startV8MemoryModeSoon(options?: V8MemoryModeOptions, afterMs = MEMORY_MODE_AFTER_START_MS): void {
  setTimeout(() => startV8MemoryMode(options), afterMs).unref()
}
