/** Every benchmark, in the order `npm run bench` runs them: baselines first, the browser last. */
import type { Benchmark } from './lib/benchmark'
import { wsReceive } from './baselines/ws-receive'
import { sqliteUpsert } from './baselines/sqlite-upsert'
import { jsonFile } from './baselines/json-file'
import { httpPages } from './baselines/http-pages'
import { relayToPage } from './baselines/relay-to-page'
import { coldStart } from './pipeline/cold-start'
import { searchByPrefix } from './pipeline/search'
import { ingest } from './pipeline/ingest'
import { backfill } from './pipeline/backfill'
import { memory } from './pipeline/memory'
import { idle } from './pipeline/idle'
import { latency } from './pipeline/latency'
import { scroll } from './pipeline/scroll'
import { firstPaint } from './pipeline/first-paint'
import { rendererHeap } from './pipeline/renderer-heap'
import { loopDelay } from './pipeline/loop-delay'
import { addressLatency } from './pipeline/address-latency'
import { addressPolling } from './pipeline/address-polling'

export const BENCHMARKS: readonly Benchmark[] = [
  wsReceive,
  sqliteUpsert,
  jsonFile,
  httpPages,
  coldStart,
  searchByPrefix,
  ingest,
  loopDelay,
  backfill,
  memory,
  idle,
  addressPolling,
  addressLatency,
  // Right before the latency benchmark, whose p99 targets are ratios to it: the same machine state for both.
  relayToPage,
  latency,
  scroll,
  // After the latency runs: it copies the 700 MB cache, and the disk's write-back of that copy
  // fell into them (p99 32.6 ms at 1,000 events/s in a full run against 26.4 ms run alone).
  firstPaint,
  rendererHeap,
]
