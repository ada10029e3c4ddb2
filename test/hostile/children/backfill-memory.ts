/**
 * A child process for the memory case: the whole core (settings in memory,
 * the history cache in a file) watching many addresses on an indexer that
 * published thousands of transactions for each while it was not watched.
 * Prints one JSON line once every address is synced and again after a
 * settle, with RSS and heap after a full GC.
 */
import { createMonitor } from '../../../src/main/core/monitor/monitor'
import { memorySettingsStore } from '../../../src/main/core/config/settings'

const [httpUrl, wsUrl, historyPath, addressList, expected] = process.argv.slice(2) as [string, string, string, string, string]
const expectedRows = Number(expected)
const addresses = addressList.split(',')
const gc = (globalThis as { gc?: () => void }).gc

function reading(stage: string, extra: Record<string, unknown> = {}): void {
  gc?.()
  gc?.()
  const memory = process.memoryUsage()
  console.log(JSON.stringify({ stage, rssMB: Math.round(memory.rss / 1048576), heapMB: Math.round(memory.heapUsed / 1048576), heapTotalMB: Math.round(memory.heapTotal / 1048576), externalMB: Math.round(memory.external / 1048576), ...extra }))
}

async function main(): Promise<void> {
  reading('before')
  let peakRss = 0
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
  const monitor = createMonitor({
    settings: memorySettingsStore(),
    historyPath,
    launch: { indexerUrl: httpUrl, wsUrl, watch: addresses },
  })
  await monitor.start()
  const started = Date.now()
  let rows = 0
  let stableSince = Date.now()
  // The load is over when the cache holds what was expected, or has stopped growing for 3 s.
  while (rows < expectedRows && Date.now() - started < 120_000 && (rows === 0 || Date.now() - stableSince < 3000)) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    const now = (await monitor.getCacheInfo()).rows
    if (now !== rows) stableSince = Date.now()
    rows = now
  }
  const synced = rows > 0
  const cache = await monitor.getCacheInfo()
  reading('synced', { synced, rows: cache.rows, peakRssMB: Math.round(peakRss / 1048576), seconds: Math.round((Date.now() - started) / 1000) })
  // What was held for the load should be given back: a few seconds for the writes to drain and the allocator to return pages.
  await new Promise((resolve) => setTimeout(resolve, 3000))
  clearInterval(sampler)
  reading('settled', { rows: (await monitor.getCacheInfo()).rows })
  await monitor.stop()
  process.exit(0)
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ stage: 'failed', error: String(error) }))
  process.exit(1)
})
