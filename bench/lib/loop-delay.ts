/**
 * The event-loop delay of a process's main thread over a phase
 * (perf_hooks.monitorEventLoopDelay): how long a callback that was due had to
 * wait, which is how long the window's IPC, the socket and the bridge would
 * have waited too. Issue 25: p99 under 10 ms and max under 50 ms.
 */
import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { measured, type Figure } from './figures'

export interface LoopDelay {
  /** Milliseconds. */
  p99: number
  max: number
  mean: number
  /** How long the histogram ran, ms. */
  ms: number
}

/**
 * A running histogram at 1 ms resolution (the default 10 ms would hide most of what the target is about).
 * Await `ticking()` before the work to measure: the histogram records the gap between two of its timer's
 * ticks, so a block before its first tick is not recorded at all (a salvage at start read as 28 ms max
 * that way, for a main thread held 10 s).
 */
export function startLoopDelay(): { ticking(): Promise<void>; stop(): LoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  const startedAt = performance.now()
  histogram.enable()
  const gaps = traceGaps(startedAt)
  return {
    async ticking(): Promise<void> {
      while (histogram.count === 0) await new Promise((resolve) => setTimeout(resolve, 1))
    },
    stop(): LoopDelay {
      histogram.disable()
      gaps?.stop()
      const ms = (ns: number) => ns / 1e6
      return { p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean), ms: performance.now() - startedAt }
    },
  }
}

/**
 * With PROOFWATCH_BENCH_GAPS=<ms>, every turn of the loop later than that is
 * noted with its time from the start and on the monotonic clock (µs, the
 * clock of a CPU profile's samples): where a max comes from, to be matched
 * with a CPU profile of the same run (`node bench/tools/profile-gaps.mjs`).
 * Written when the phase ends, so that no write lands inside the turns it
 * measures: to `gaps-<pid>.txt` in PROOFWATCH_BENCH_PROFILE's folder when
 * profiles are asked for (a child's stderr is kept only for its error
 * messages), else to stderr. Off by default, as its timer is a little work
 * of its own.
 */
function traceGaps(startedAt: number): { stop(): void } | null {
  const threshold = Number(process.env.PROOFWATCH_BENCH_GAPS)
  if (!(threshold > 0)) return null
  const lines: string[] = []
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    if (now - last > threshold) lines.push(`loop gap ${(now - last).toFixed(1)} ms, ending ${(now - startedAt).toFixed(0)} ms in, at ${process.hrtime.bigint() / 1000n} µs\n`)
    last = now
  }, 1)
  return {
    stop: () => {
      clearInterval(timer)
      const profiles = process.env.PROOFWATCH_BENCH_PROFILE
      if (profiles) {
        // The CPU profile's folder is made when the process exits, after this.
        mkdirSync(profiles, { recursive: true })
        appendFileSync(join(profiles, `gaps-${process.pid}.txt`), lines.join(''))
      } else process.stderr.write(lines.join(''))
    },
  }
}

/** Issue 25's targets for every phase. */
export const LOOP_DELAY_TARGETS = {
  p99: { atMost: 10, text: '< 10 ms' },
  max: { atMost: 50, text: '< 50 ms' },
} as const

/** Two rows for a phase, p99 and max, one sample per run: `loop-delay.<phase>.p99` and `.max`. */
export function loopDelayRows(phase: string, what: string, runs: readonly LoopDelay[], note: string): Figure[] {
  const longest = Math.max(...runs.map((run) => run.ms))
  const fullNote = `${note}; monitorEventLoopDelay at 1 ms resolution over ${(longest / 1000).toFixed(1)} s (longest run)`
  return [
    measured({ id: `loop-delay.${phase}.p99`, figure: `main-thread event-loop delay, ${what}: p99`, unit: 'ms', target: LOOP_DELAY_TARGETS.p99, note: fullNote }, runs.map((run) => run.p99)),
    measured({ id: `loop-delay.${phase}.max`, figure: `main-thread event-loop delay, ${what}: max`, unit: 'ms', target: LOOP_DELAY_TARGETS.max }, runs.map((run) => run.max)),
  ]
}
