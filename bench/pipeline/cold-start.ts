/**
 * Cold start from cache: from process start to the newest 200 cached proofs
 * ready for the renderer, with the indexer unreachable, through the history
 * store's cache-first read path; and the same through the whole core (the
 * monitor starting as the app does). Measured side by side (interleaved
 * runs) with a bare Node start and with the JSON-file way.
 */
import { resolve } from 'node:path'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { timeToReadyLine } from '../lib/processes'
import { FIXTURE_INDEXER_URL } from '../lib/history-fixture'
import { historyShares } from '../lib/records'

async function startMs(ctx: BenchContext, child: string, args: string[], execArgv: string[] = []): Promise<number> {
  const { ms, line } = await timeToReadyLine(process.execPath, [...execArgv, resolve(ctx.benchDir, 'children', `${child}.js`), ...args])
  const wanted = Math.min(200, historyShares(ctx.sizes.cacheRows).proofs)
  if (child !== 'bare-start' && line[1] !== String(wanted)) throw new Error(`${child} had ${line[1]} proofs ready, not ${wanted}`)
  return ms
}

export const coldStart: Benchmark = {
  name: 'cold-start',
  title: 'Cold start from cache (bare Node and JSON file side by side)',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const cache = ctx.fixtures.cacheFile()
    const json = await ctx.fixtures.jsonHistoryFile()
    // One unmeasured start of each warms the file system cache, as any second start of an app would.
    await startMs(ctx, 'bare-start', [])
    await startMs(ctx, 'cold-start-store', [cache, FIXTURE_INDEXER_URL])
    await startMs(ctx, 'cold-start-monitor', [cache, FIXTURE_INDEXER_URL])

    const bare: number[] = []
    const fromStore: number[] = []
    const fromMonitor: number[] = []
    const fromJson: number[] = []
    for (let run = 0; run < Math.max(ctx.sizes.runs, ctx.sizes.processStarts); run++) {
      bare.push(await startMs(ctx, 'bare-start', []))
      fromStore.push(await startMs(ctx, 'cold-start-store', [cache, FIXTURE_INDEXER_URL]))
      fromMonitor.push(await startMs(ctx, 'cold-start-monitor', [cache, FIXTURE_INDEXER_URL]))
      // A big history needs more than the default heap: the naive app would have to ask for it too.
      if (run < ctx.sizes.jsonColdStartRuns) fromJson.push(await startMs(ctx, 'cold-start-json', [json], ['--max-old-space-size=4096']))
    }
    const rows = `${ctx.sizes.cacheRows.toLocaleString('en-US')}-row history cache`
    return [
      measured({ id: 'cold-start.bare-node', figure: 'bare Node process start', unit: 'ms', baseline: true, short: 'bare node', note: 'spawn to first output line' }, bare),
      measured(
        {
          id: 'cold-start.cache',
          figure: 'cold start: newest 200 from the history store',
          unit: 'ms',
          short: 'cache',
          target: { atMost: 1.5, baseline: 'cold-start.bare-node', text: '< 1.5× bare node' },
          note: `${rows}; HistoryCache.open + CachedIndexer.listProofs (source: cache), indexer unreachable`,
        },
        fromStore,
      ),
      measured(
        {
          id: 'cold-start.monitor',
          figure: 'cold start: the same through the whole core',
          unit: 'ms',
          target: { atMost: 2, baseline: 'cold-start.bare-node', text: '< 2× bare node' },
          note: 'createMonitor + start + listProofs (source: cache), as the app starts',
        },
        fromMonitor,
      ),
      measured(
        {
          id: 'cold-start.json',
          figure: 'cold start: the same from one JSON file',
          unit: 'ms',
          target: { atLeast: 30, baseline: 'cold-start.cache', text: '≥ 30× the cache' },
          note: `the same ${ctx.sizes.cacheRows.toLocaleString('en-US')} records`,
        },
        fromJson,
      ),
    ]
  },
}
