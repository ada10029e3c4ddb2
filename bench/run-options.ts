/** The runner's command line: `npm run bench -- [--quick] [--only a,b] [--runs n]`. */

export interface RunOptions {
  quick: boolean
  /** Benchmark names to run; null runs all. */
  only: string[] | null
  /** Overrides the mode's runs per figure. */
  runs: number | null
  /** Build the app first when its sources changed (the renderer benchmarks run the built app). */
  build: boolean
  /** Make the fixtures in this run's directory instead of reusing kept ones. */
  freshFixtures: boolean
  /** Run the quiet benchmarks one at a time instead of side by side. */
  apart: boolean
  help: boolean
}

export const USAGE = `Usage: npm run bench -- [options]

Runs ProofWatch's benchmarks against the demo indexer on 127.0.0.1, prints
one table and writes it as JSON to bench/results/.

Options:
  --quick        tiny sizes, one run each: checks that every benchmark works (about a minute)
  --only <names> only these benchmarks, comma-separated (see the list below)
  --runs <n>     runs per figure instead of the mode's default
  --no-build     measure the app as built in out/, without rebuilding it from changed sources
  --fresh-fixtures  make the 1,000,000-row cache and its JSON twin anew for this run (they are
                 otherwise kept in the temporary directory and reused until their sources change)
  --apart        run the quiet benchmarks (idle, address-polling, address-latency) one at a time, not side by side
  --help         this text`

export function parseRunOptions(argv: readonly string[], known: readonly string[]): RunOptions {
  const options: RunOptions = { quick: false, only: null, runs: null, build: true, freshFixtures: false, apart: false, help: false }
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = (): string => {
      const next = inline ?? argv[++index]
      if (next === undefined || next === '') throw new Error(`${name} needs a value`)
      return next
    }
    switch (name) {
      case '--quick':
        options.quick = true
        break
      case '--no-build':
        options.build = false
        break
      case '--fresh-fixtures':
        options.freshFixtures = true
        break
      case '--apart':
        options.apart = true
        break
      case '--help':
      case '-h':
        options.help = true
        break
      case '--only': {
        const names = value().split(',').map((part) => part.trim()).filter(Boolean)
        const unknown = names.filter((part) => !known.includes(part))
        if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${known.join(', ')}`)
        options.only = names
        break
      }
      case '--runs': {
        const runs = Number(value())
        if (!Number.isInteger(runs) || runs < 1 || runs > 100) throw new Error('--runs needs an integer from 1 to 100')
        options.runs = runs
        break
      }
      default:
        throw new Error(`unknown argument ${arg}`)
    }
  }
  return options
}
