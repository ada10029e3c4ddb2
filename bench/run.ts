/**
 * `npm run bench`: runs the benchmarks (bounded in time, loopback only),
 * prints one table of figures with median, min, max, target and the ratio to
 * the limit or to a baseline measured in the same run, and writes the table
 * as JSON to bench/results/. Exits non-zero when a benchmark failed (a
 * figure that cannot be measured yet is not a failure: its row says why).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem, tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { BENCHMARKS } from './benchmarks'
import type { Benchmark } from './lib/benchmark'
import { FIXTURE_SOURCES, FULL_SIZES, QUICK_SIZES, Fixtures, type BenchContext, type KeptFixtures } from './lib/context'
import { failedRow, toRows, type Figure, type Row } from './lib/figures'
import { stopAllProcesses } from './lib/processes'
import { formatTable } from './lib/table'
import { runSteps } from './lib/run-steps'
import { parseRunOptions, USAGE, type RunOptions } from './run-options'

const benchDir = dirname(fileURLToPath(import.meta.url))
const root = resolve(benchDir, '../..')

function log(message: string): void {
  process.stderr.write(message + '\n')
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Fixtures kept between runs: PROOFWATCH_BENCH_FIXTURES, or a directory in the system's temporary one. */
function keptFixtures(): KeptFixtures {
  return {
    dir: process.env.PROOFWATCH_BENCH_FIXTURES || join(tmpdir(), 'proofwatch-bench-fixtures'),
    sources: FIXTURE_SOURCES.map((source) => join(root, source)),
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100
}

function resultFile(options: RunOptions, date: string): string {
  if (options.quick) return 'quick-latest.json'
  if (options.only) return `partial-${date}-${options.only.join('+')}.json`
  return `${date}.json`
}

async function main(): Promise<number> {
  let options: RunOptions
  try {
    options = parseRunOptions(process.argv.slice(2), BENCHMARKS.map((benchmark) => benchmark.name))
  } catch (error) {
    log(`bench: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  if (options.help) {
    console.log(`${USAGE}\n\nBenchmarks: ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')}`)
    return 0
  }

  const base = options.quick ? QUICK_SIZES : FULL_SIZES
  const sizes = { ...base, runs: options.runs ?? base.runs }
  const workDir = mkdtempSync(join(tmpdir(), 'proofwatch-bench-'))
  const cleanups: (() => Promise<void>)[] = []
  const ctx: BenchContext = {
    quick: options.quick,
    buildApp: options.build,
    sizes,
    root,
    benchDir,
    workDir,
    fixtures: new Fixtures(workDir, sizes.cacheRows, log, options.freshFixtures ? null : keptFixtures()),
    log,
    onFinish: (cleanup) => void cleanups.push(cleanup),
  }
  const selected = BENCHMARKS.filter((benchmark) => options.only === null || options.only.includes(benchmark.name))
  // Per benchmark; the full suite stays under 10 minutes when each stays well inside this.
  const limitOf = (benchmark: Benchmark) => (options.quick ? 60_000 : (benchmark.limitMs ?? 240_000))

  const startedAt = performance.now()
  // Other work on the machine moves every figure: the load is kept with the results.
  const loadAtStart = loadavg()[0] as number
  const parts: ({ figures: Figure[] } | { failed: Row })[] = []
  /** Each benchmark's own seconds, kept with the results: what the suite's duration is made of. */
  const seconds: Record<string, number> = {}
  /** Quiet benchmarks that ran at the same time, and how long the group took: their own seconds overlap. */
  const sideBySide: { names: string[]; seconds: number }[] = []
  const stop = () => {
    void stopAllProcesses().finally(() => {
      rmSync(workDir, { recursive: true, force: true })
      process.exit(130)
    })
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  log(`ProofWatch benchmarks (${options.quick ? 'quick: sizes too small to mean anything' : 'full'}), ${sizes.runs} run(s) per figure`)
  /** Runs one benchmark; a failure becomes its row. With others beside it, its log lines carry its name. */
  const runOne = async (benchmark: Benchmark, beside: boolean): Promise<{ figures: Figure[] } | { failed: Row }> => {
    const benchmarkStartedAt = performance.now()
    const own = beside ? (message: string) => log(`[${benchmark.name}] ${message.trimStart()}`) : log
    own(`▸ ${benchmark.name}: ${benchmark.title}`)
    try {
      return { figures: await withTimeout(benchmark.run(beside ? { ...ctx, log: own } : ctx), limitOf(benchmark), benchmark.name) }
    } catch (error) {
      own(`  ${benchmark.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      // Beside others, their processes are running too: the group stops what is left once all are done.
      if (!beside) await stopAllProcesses()
      return { failed: failedRow(benchmark.name, error) }
    } finally {
      seconds[benchmark.name] = (performance.now() - benchmarkStartedAt) / 1000
      own(`  ${(seconds[benchmark.name] as number).toFixed(1)} s`)
    }
  }
  try {
    for (const step of runSteps(selected, options.apart)) {
      if (step.length === 1) {
        parts.push(await runOne(step[0] as Benchmark, false))
        continue
      }
      const stepStartedAt = performance.now()
      log(`▸ side by side: ${step.map((benchmark) => benchmark.name).join(', ')}`)
      const results = await Promise.all(step.map((benchmark) => runOne(benchmark, true)))
      parts.push(...results)
      if (results.some((result) => 'failed' in result)) await stopAllProcesses()
      const groupSeconds = (performance.now() - stepStartedAt) / 1000
      sideBySide.push({ names: step.map((benchmark) => benchmark.name), seconds: groupSeconds })
      log(`  side by side: ${groupSeconds.toFixed(1)} s in all`)
    }
  } finally {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch((error: unknown) => log(`  cleanup failed: ${String(error)}`))
    await stopAllProcesses()
    rmSync(workDir, { recursive: true, force: true })
  }

  // Ratios to baselines look across every benchmark's figures of this run.
  const allFigures = parts.flatMap((part) => ('figures' in part ? part.figures : []))
  const rowsById = new Map(toRows(allFigures).map((row) => [row.id, row]))
  const rows = parts.flatMap((part) => ('figures' in part ? part.figures.map((figure) => rowsById.get(figure.id) as Row) : [part.failed]))
  const durationSeconds = (performance.now() - startedAt) / 1000

  console.log(formatTable(rows))
  const date = new Date().toISOString()
  const resultsDir = join(root, 'bench/results')
  mkdirSync(resultsDir, { recursive: true })
  const file = join(resultsDir, resultFile(options, date.slice(0, 10)))
  const cpuList = cpus()
  writeFileSync(
    file,
    JSON.stringify(
      {
        date,
        mode: options.quick ? 'quick' : 'full',
        only: options.only,
        runsPerFigure: sizes.runs,
        durationSeconds: Math.round(durationSeconds),
        benchmarkSeconds: Object.fromEntries(Object.entries(seconds).map(([name, value]) => [name, Math.round(value)])),
        sideBySide: sideBySide.map((group) => ({ names: group.names, seconds: Math.round(group.seconds) })),
        machine: {
          cpus: cpuList.length,
          cpuModel: cpuList[0]?.model ?? 'unknown',
          memoryGiB: Math.round(totalmem() / 2 ** 30),
          platform: `${process.platform} ${process.arch}`,
          node: process.version,
          loadAverage: { atStart: round2(loadAtStart), atEnd: round2(loadavg()[0] as number) },
        },
        rows,
      },
      null,
      2,
    ) + '\n',
  )
  const failed = rows.filter((row) => row.verdict === 'failed').length
  log(`\nLoad average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end (${cpuList.length} cores).`)
  log(`Seconds by benchmark, longest first: ${Object.entries(seconds).sort((a, b) => b[1] - a[1]).map(([name, value]) => `${name} ${value.toFixed(0)}`).join(', ')}.`)
  for (const group of sideBySide) log(`Side by side: ${group.names.join(', ')} in ${group.seconds.toFixed(0)} s together.`)
  log(`${rows.length} figures in ${durationSeconds.toFixed(0)} s${failed ? `, ${failed} benchmark(s) FAILED` : ''}; written to ${relative(root, file)}`)
  return failed ? 1 : 0
}

process.exitCode = await main()
