import type { BenchContext } from './context'
import type { Figure } from './figures'

export interface Benchmark {
  /** What `--only` selects. */
  name: string
  /** One line for the progress log. */
  title: string
  /** How long a full run may take before it counts as failed; default 4 minutes (quick runs: 1 minute). */
  limitMs?: number
  /**
   * Its figures hold with other quiet benchmarks beside it: request counts, latencies of seconds, and the
   * CPU time of processes that sleep between timers (docs/benchmarks.md, "Side by side"). Consecutive quiet
   * benchmarks run at the same time, each with its own processes.
   */
  quiet?: boolean
  /**
   * Its figures are bytes (resident memory, heap), which hold whatever runs beside it, and the quiet benchmarks'
   * figures hold beside it (measured, docs/benchmarks.md, "Side by side"): the quiet benchmarks that follow it
   * run at the same time as it.
   */
  besideQuiet?: boolean
  run(ctx: BenchContext): Promise<Figure[]>
}
