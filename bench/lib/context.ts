/**
 * What every benchmark gets from the runner: the mode and its sizes, where
 * the built children live, a temporary directory for this run, and the
 * shared fixtures (built once per run, when a benchmark first asks).
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { writeCacheFile, writeJsonHistory } from './cache-fixture'

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
  /** The whole soak: an hour at 500 events/s in the full run. */
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
  jsonColdStartRuns: 3,
  processStarts: 5,
  httpPages: 500,
  searchQueries: 1_000,
  memoryEvents: 1_000_000,
  // An hour at 500 events a second.
  soakEvents: 1_800_000,
  ingestEvents: 100_000,
  ingestFixedRates: [5_000, 10_000, 15_000, 20_000],
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
}

/** The 1,000,000-row cache and its JSON twin, made once per run. */
export class Fixtures {
  private cache: string | null = null
  private writable: string | null = null
  private json: string | null = null

  constructor(
    private readonly workDir: string,
    private readonly rows: number,
    private readonly log: (message: string) => void,
  ) {}

  /** The cache file; read it only (open it read-only or copy it). */
  cacheFile(): string {
    if (this.cache) return this.cache
    const path = join(this.fixtureDir(), 'cache.sqlite')
    const startedAt = performance.now()
    writeCacheFile(path, this.rows, 1)
    this.log(`  made a ${this.rows.toLocaleString('en-US')}-row cache in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)
    this.cache = path
    return path
  }

  /** One copy of the cache that write benchmarks may change (they delete what they add, so it keeps its size). */
  writableCacheFile(): string {
    if (this.writable) return this.writable
    const path = join(this.fixtureDir(), 'cache-writable.sqlite')
    copyFileSync(this.cacheFile(), path)
    this.writable = path
    return path
  }

  /** The same history as one JSON array. */
  async jsonHistoryFile(): Promise<string> {
    if (this.json) return this.json
    const path = join(this.fixtureDir(), 'history.json')
    const startedAt = performance.now()
    await writeJsonHistory(path, this.rows, 1)
    this.log(`  wrote the same history as JSON in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)
    this.json = path
    return path
  }

  private fixtureDir(): string {
    const dir = join(this.workDir, 'fixtures')
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true })
    return dir
  }
}
