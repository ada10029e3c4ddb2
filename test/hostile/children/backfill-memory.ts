/**
 * A child process for the memory cases, started with the V8 settings the app
 * applies (v8-memory-mode.ts), so that its RSS is the core's alone.
 * - `load`: the whole core (settings in memory, the history cache in a file)
 *   watching many addresses on an indexer that published thousands of
 *   transactions for each while it was not watched.
 * - `huge-body`: the indexer client asked for a list the indexer answers with
 *   a body far over the cap.
 * Prints one JSON line per stage, with RSS, heap and where the resident
 * memory is (own vs mapped files) after a full GC.
 */
import { readFileSync } from 'node:fs'
import { startV8MemoryMode } from '../../../src/main/runtime/v8-memory-mode'
import { createMonitor } from '../../../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../../../src/main/core/config/settings'
import { IndexerClient } from '../../../src/main/core/indexer/client'

const memoryMode = startV8MemoryMode()

const [mode, ...args] = process.argv.slice(2) as [string, ...string[]]
const gc = (globalThis as { gc?: () => void }).gc
const MB = 1048576

/** Resident memory by kind (Linux): the process's own pages vs mapped files (the node binary, libraries). */
function resident(): Record<string, number> {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
    return { ownMB: Math.round(kib('RssAnon') / 1024), filesMB: Math.round((kib('RssFile') + kib('RssShmem')) / 1024) }
  } catch {
    return {}
  }
}

function rssAfterGc(): number {
  gc?.()
  gc?.()
  return process.memoryUsage().rss
}

/** One JSON line; after a full GC unless `collect` is false (a forced GC in the middle would hold back V8's own memory reducer). */
function reading(stage: string, extra: Record<string, unknown> = {}, collect = true): void {
  const rss = collect ? rssAfterGc() : process.memoryUsage.rss()
  const memory = process.memoryUsage()
  console.log(
    JSON.stringify({ stage, rssMB: Math.round(rss / MB), heapMB: Math.round(memory.heapUsed / MB), heapTotalMB: Math.round(memory.heapTotal / MB), externalMB: Math.round(memory.external / MB), v8Mode: memoryMode.mode, ...resident(), ...extra }),
  )
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits (up to `deadlineMs`) for RSS to fall under `limitMB`: V8 gives back what a load held once the process is quiet, by itself. */
async function settle(limitMB: number, deadlineMs: number): Promise<number> {
  const started = Date.now()
  while (process.memoryUsage.rss() / MB >= limitMB && Date.now() - started < deadlineMs) await sleep(250)
  return Math.round((Date.now() - started) / 100) / 10
}

async function load(httpUrl: string, wsUrl: string, historyPath: string, addressList: string, limit: string): Promise<void> {
  const addresses = addressList.split(',')
  reading('before')
  let peakRss = 0
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
  const monitor = createMonitor({ settings: memorySettingsStorage(), historyPath, launch: { indexerUrl: httpUrl, wsUrl, watch: addresses } })
  await monitor.start()
  const started = Date.now()
  let rows = 0
  let polls = 0
  let stablePolls = 0
  // The load is over when the cache has stopped growing (15 polls in a row), or after 2 minutes.
  while (Date.now() - started < 120_000 && (rows === 0 || stablePolls < 15)) {
    await sleep(200)
    const now = (await monitor.getCacheInfo()).rows
    stablePolls = now === rows ? stablePolls + 1 : 0
    rows = now
    polls++
  }
  clearInterval(sampler)
  reading('synced', { rows, peakRssMB: Math.round(peakRss / MB), seconds: Math.round((Date.now() - started) / 1000), polls }, false)
  const settledAfterS = await settle(Number(limit), 30_000)
  reading('settled', { rows: (await monitor.getCacheInfo()).rows, settledAfterS })
  await monitor.stop()
}

async function hugeBody(httpUrl: string, limit: string): Promise<void> {
  reading('before')
  const client = new IndexerClient({ baseUrl: httpUrl, retries: 0, timeoutMs: 60_000, conditional: false })
  let refused = ''
  try {
    await client.proofs({ limit: 50 })
  } catch (error) {
    refused = error instanceof Error ? error.message : String(error)
  }
  reading('refused', { refused: refused.slice(0, 200) }, false)
  const settledAfterS = await settle(Number(limit), 30_000)
  reading('settled', { settledAfterS })
}

const run = mode === 'load' ? load(...(args as [string, string, string, string, string])) : hugeBody(...(args as [string, string]))
run.then(
  () => process.exit(0),
  (error: unknown) => {
    console.log(JSON.stringify({ stage: 'failed', error: String(error) }))
    process.exit(1)
  },
)
