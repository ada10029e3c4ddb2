import type { Benchmark } from './benchmark'

/**
 * The order of a run: one benchmark a step, except that consecutive quiet
 * benchmarks share a step and run side by side (with `apart`, each alone, to
 * check that their figures do not move with the others beside them).
 */
export function runSteps<T extends Pick<Benchmark, 'quiet'>>(selected: readonly T[], apart = false): T[][] {
  const steps: T[][] = []
  for (const benchmark of selected) {
    const last = steps.at(-1)
    if (!apart && benchmark.quiet && last?.[0]?.quiet) last.push(benchmark)
    else steps.push([benchmark])
  }
  return steps
}
