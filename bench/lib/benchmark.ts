import type { BenchContext } from './context'
import type { Figure } from './figures'

export interface Benchmark {
  /** What `--only` selects. */
  name: string
  /** One line for the progress log. */
  title: string
  /** How long a full run may take before it counts as failed; default 4 minutes (quick runs: 1 minute). */
  limitMs?: number
  run(ctx: BenchContext): Promise<Figure[]>
}
