import type { Benchmark } from './benchmark'

/**
 * The order of a run: one benchmark a step, except that consecutive quiet
 * benchmarks share a step and run side by side, with the benchmark before
 * them when it may have them beside it (`besideQuiet`). With `apart`, each
 * runs alone, to check that their figures do not move with the others beside them.
 */
export function runSteps<T extends Pick<Benchmark, 'quiet' | 'besideQuiet'>>(selected: readonly T[], apart = false): T[][] {
  const steps: T[][] = []
  for (const benchmark of selected) {
    const first = steps.at(-1)?.[0]
    if (!apart && benchmark.quiet && (first?.quiet || first?.besideQuiet)) steps.at(-1)!.push(benchmark)
    else steps.push([benchmark])
  }
  return steps
}
