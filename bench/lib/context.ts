/**
 * What every benchmark gets from the runner: the mode and its sizes, where
 * the built children live, a temporary directory for this run, and the
 * shared fixtures (built once per run, when a benchmark first asks).
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { writeHistoryFixture } from './history-fixture'
import { writeJsonHistory } from './json-history'

export interface Sizes {
  /** Runs per figure: each figure is the median of this many. */
  runs: number
  /** Rows of the cache the cold start, search and upsert benchmarks use. */
  cacheRows: number
  wsEvents: number
  wsDeflateEvents: number
  upsertRows: number
  upsertSingleRows: number
  jsonRecords: number
  jsonAppends: number
  /** Runs of the JSON-file cold start (slow: it parses the whole history). */
  jsonColdStartRuns: number
  processStarts: number
  httpPages: number
  searchQueries: number
  /** Memory is read after this many events of the soak. */
  memoryEvents: number
  /** The whole memory soak, in events: an hour at 500 events/s in the full run. */
  soakEvents: number
  ingestEvents: number
  ingestFixedRates: number[]
  ingestFixedMs: number
  latencyRates: number[]
  /** How long each latency run publishes: just under the poll interval, so the poll after it sees every proof once. */
  latencyWindowMs: number
  pollIntervalMs: number
  scrollRows: number
  scrollMs: number
  backfillTransactions: number
}

export const FULL_SIZES: Sizes = {
  runs: 5,
  cacheRows: 1_000_000,
  wsEvents: 200_000,
  wsDeflateEvents: 5_000,
  upsertRows: 10_000,
  upsertSingleRows: 3_000,
  jsonRecords: 100_000,
  jsonAppends: 3,
  // One start of 10 s: the JSON figure stands 30–50× away from the store's, further than any spread moves it.
  jsonColdStartRuns: 1,
  processStarts: 5,
  httpPages: 500,
  searchQueries: 1_000,
  memoryEvents: 1_000_000,
  // An hour at 500 events a second.
  soakEvents: 1_800_000,
  ingestEvents: 50_000,
  ingestFixedRates: [2_500, 5_000, 10_000],
  ingestFixedMs: 2_000,
  latencyRates: [100, 1_000],
  latencyWindowMs: 4_800,
  pollIntervalMs: 5_000,
  scrollRows: 3_000,
  scrollMs: 2_000,
  backfillTransactions: 10_000,
}

/** Small enough that the whole suite runs in about a minute: it shows that each benchmark works, not how fast. */
export const QUICK_SIZES: Sizes = {
  runs: 1,
  cacheRows: 20_000,
  wsEvents: 5_000,
  wsDeflateEvents: 1_000,
  upsertRows: 2_000,
  upsertSingleRows: 200,
  jsonRecords: 5_000,
  jsonAppends: 1,
  jsonColdStartRuns: 1,
  processStarts: 1,
  httpPages: 50,
  searchQueries: 50,
  memoryEvents: 10_000,
  soakEvents: 18_000,
  ingestEvents: 10_000,
  ingestFixedRates: [2_000],
  ingestFixedMs: 500,
  latencyRates: [100, 1_000],
  latencyWindowMs: 900,
  pollIntervalMs: 1_000,
  scrollRows: 100,
  scrollMs: 500,
  backfillTransactions: 1_000,
}

export interface BenchContext {
  quick: boolean
  /** Rebuild the app from changed sources before running it (false: use out/ as it is). */
  buildApp: boolean
  sizes: Sizes
  /** The repository. */
  root: string
  /** out/bench, where the built children are. */
  benchDir: string
  /** This run's temporary directory. */
  workDir: string
  fixtures: Fixtures
  /** Progress for people, on stderr (stdout carries the table). */
  log(message: string): void
  /** Runs `cleanup` when the run ends (what a benchmark leaves for others to reuse). */
  onFinish(cleanup: () => Promise<void>): void
}

/** Where fixtures are kept between runs, and what they are made from: a change to any of these files makes new ones. */
export interface KeptFixtures {
  dir: string
  /** Files whose content the fixtures depend on (the generator, the store's schema and write path). */
  sources: string[]
}

/** The sources of the fixtures, relative to the repository. */
export const FIXTURE_SOURCES = [
  'bench/lib/records.ts',
  'bench/lib/history-fixture.ts',
  'bench/lib/json-history.ts',
  'src/main/core/history/migrations.ts',
  'src/main/core/history/history-writer.ts',
  'src/main/core/history/database.ts',
  'src/main/core/history/open-database.ts',
]

/**
 * The 1,000,000-row cache and its JSON twin. Made once per run in the run's
 * directory; or, with `kept`, made once in that directory under a name that
 * says their size and what they were made from, and reused by later runs
 * until one of their sources changes (making them takes about a minute).
 */
export class Fixtures {
  private cache: string | null = null
  private json: string | null = null
  private copies = 0
  private readonly version: string | null

  constructor(
    private readonly workDir: string,
    private readonly rows: number,
    private readonly log: (message: string) => void,
    private readonly kept: KeptFixtures | null = null,
  ) {
    this.version = kept === null ? null : sourcesVersion(kept.sources)
  }

  /** The cache file (history-fixture.ts), for the fixture's unreachable indexer; do not write to it: copy it. */
  cacheFile(): string {
    if (this.cache) return this.cache
    const path = this.pathOf('history', 'sqlite')
    if (this.isKept(path)) return (this.cache = path)
    const startedAt = performance.now()
    // Made under another name and renamed when complete: an interrupted run leaves nothing to reuse.
    rmSync(`${path}.partial`, { force: true })
    writeHistoryFixture(`${path}.partial`, this.rows, 1)
    renameSync(`${path}.partial`, path)
    this.log(`  made a ${this.rows.toLocaleString('en-US')}-row history cache in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)
    this.cache = path
    return path
  }

  /** A new copy of the cache that a benchmark may change; it removes the copy when done. */
  copyOfCache(): string {
    const source = this.cacheFile()
    const path = join(this.runDir(), `cache-copy-${++this.copies}.sqlite`)
    copyFileSync(source, path)
    // A write-ahead log left by a reader belongs to the file.
    if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${path}-wal`)
    return path
  }

  /** The same history as one JSON file (json-history.ts). */
  async jsonHistoryFile(): Promise<string> {
    if (this.json) return this.json
    const path = this.pathOf('history', 'json')
    if (this.isKept(path)) return (this.json = path)
    const startedAt = performance.now()
    await writeJsonHistory(`${path}.partial`, this.rows, 1)
    renameSync(`${path}.partial`, path)
    this.log(`  wrote the same history as JSON in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)
    this.json = path
    return path
  }

  /** This run's directory, or the kept one under a name of its size and sources; stale kept ones of that size go. */
  private pathOf(name: string, extension: string): string {
    if (this.kept === null || this.version === null) return join(this.runDir(), `${name}.${extension}`)
    mkdirSync(this.kept.dir, { recursive: true })
    const prefix = `${name}-${this.rows}-`
    for (const file of readdirSync(this.kept.dir)) {
      if (file.startsWith(prefix) && !file.startsWith(`${prefix}${this.version}.`) && file.includes(`.${extension}`)) rmSync(join(this.kept.dir, file), { force: true })
    }
    return join(this.kept.dir, `${prefix}${this.version}.${extension}`)
  }

  private isKept(path: string): boolean {
    if (this.kept === null || !existsSync(path)) return false
    this.log(`  reusing ${path}`)
    return true
  }

  private runDir(): string {
    const dir = join(this.workDir, 'fixtures')
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true })
    return dir
  }
}

/** A short hash of the sources' contents; null when one cannot be read (then fixtures are not kept). */
function sourcesVersion(sources: readonly string[]): string | null {
  const hash = createHash('sha256')
  try {
    for (const source of sources) hash.update(readFileSync(source))
  } catch {
    return null
  }
  return hash.digest('hex').slice(0, 12)
}
