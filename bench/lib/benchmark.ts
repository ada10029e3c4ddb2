import type { BenchContext } from './context'
import type { Figure } from './figures'

export interface Benchmark {
  /** What `--only` selects. */
  name: string
  /** One line for the progress log. */
  title: string
  run(ctx: BenchContext): Promise<Figure[]>
}
