/**
 * Live truth (issue 22): against the demo in its default, reference-like mode
 * (address channels accepted but silent, docs/wire.md), the core learns of a
 * watched address's new transactions only by polling. From a transaction's
 * being listed by the indexer (published into the demo's network, which its
 * HTTP API then returns) to its arrival at the core's bridge client as that
 * address's transaction, and to its notification-centre entry; with the
 * address's page open (the monitor's setOpenAddress) and in the background
 * with 20 watched addresses. The same with the page open against a pushing
 * demo (--push-address-events), side by side. Transactions are published at
 * random gaps so that they fall at every phase of the poll interval.
 */
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { clockOffset, sleep } from '../lib/clock'
import { createPrng } from '../../src/main/demo/prng'
import { percentile } from '../lib/stats'
import { PipelineRig } from './rig'

const WATCHED = 20
/**
 * Mean gap between published transactions in a full run. A transaction's wait is to the next poll of its
 * address, whatever else arrived meanwhile (one poll's page holds them all), so a quarter of the open page's
 * 3 s interval still lands them at every phase of it; 1.5 s made the same 40 samples take twice as long.
 */
const MEAN_GAP_MS = 750

interface Latencies {
  core: number[]
  centre: number[]
  published: number
}

/**
 * Publishes `count` transactions, each on an address `pick` chooses, at random
 * gaps averaging `meanGapMs`; waits (up to `drainMs` after the last) for each
 * to reach the core and the centre; latencies in ms on the indexer's clock.
 */
async function measureArrivals(rig: PipelineRig, count: number, meanGapMs: number, drainMs: number, pick: (index: number) => string, seed: number): Promise<Latencies> {
  const consumer = rig.consumer.channel
  const indexer = rig.indexer.channel
  const offset = (await clockOffset(() => consumer.request<number>('clock'), 10)) - (await clockOffset(() => indexer.request<number>('clock'), 10))
  await consumer.request('trackArrivals', { on: true })
  const prng = createPrng(seed)
  const listedAt = new Map<string, number>()
  for (let index = 0; index < count; index++) {
    await sleep(meanGapMs * (0.5 + prng.int(0, 1000) / 1000))
    const { signature, at } = await indexer.request<{ signature: string; at: number }>('publishTransactionStamped', { address: pick(index) })
    listedAt.set(signature, at)
  }
  let arrived = { core: new Map<string, number>(), centre: new Map<string, number>() }
  const all = () => [...listedAt.keys()].every((signature) => arrived.core.has(signature) && arrived.centre.has(signature))
  const deadline = performance.now() + drainMs
  while (!all() && performance.now() < deadline) {
    await sleep(100)
    const now = await consumer.request<{ core: [string, number][]; centre: [string, number][] }>('arrivals')
    arrived = { core: new Map(now.core), centre: new Map(now.centre) }
  }
  await consumer.request('trackArrivals', { on: false })
  const latencies = (map: Map<string, number>) =>
    [...listedAt].flatMap(([signature, at]) => (map.has(signature) ? [(map.get(signature) as number) - offset - at] : []))
  const result = { core: latencies(arrived.core), centre: latencies(arrived.centre), published: count }
  if (result.core.length < count) throw new Error(`${result.core.length} of ${count} transactions reached the core within ${drainMs} ms of the last`)
  return result
}

function rows(id: string, what: string, latencies: Latencies, target: { p99: number } | null, note: string): Figure[] {
  const seconds = (values: number[], p: number) => percentile(values, p) / 1000
  const centreNote = latencies.centre.length < latencies.published ? `; only ${latencies.centre.length} of ${latencies.published} reached the centre` : ''
  const p99Target = target === null ? undefined : { atMost: target.p99, text: `< ${target.p99} s` }
  const figures: Figure[] = [
    measured({ id: `${id}.core-p50`, figure: `${what}: listed → core, p50`, unit: 's', note }, [seconds(latencies.core, 50)]),
    measured({ id: `${id}.core-p99`, figure: `${what}: listed → core, p99`, unit: 's', target: p99Target, note: `${latencies.core.length} transactions` }, [seconds(latencies.core, 99)]),
  ]
  if (latencies.centre.length > 0) {
    figures.push(
      measured({ id: `${id}.centre-p50`, figure: `${what}: listed → centre entry, p50`, unit: 's', note: centreNote.slice(2) }, [seconds(latencies.centre, 50)]),
      measured({ id: `${id}.centre-p99`, figure: `${what}: listed → centre entry, p99`, unit: 's', target: p99Target, note: centreNote.slice(2) }, [seconds(latencies.centre, 99)]),
    )
  }
  return figures
}

export const addressLatency: Benchmark = {
  name: 'address-latency',
  title: 'Live truth: a watched address’s new transaction, polled (reference mode) and pushed',
  limitMs: 360_000,
  quiet: true,
  async run(ctx: BenchContext): Promise<Figure[]> {
    const openCount = ctx.quick ? 3 : 40
    const backgroundCount = ctx.quick ? 3 : 40
    const figures: Figure[] = []
    const start = (push: boolean) =>
      PipelineRig.start(ctx, {
        cache: false,
        watch: (authorities) => authorities.slice(0, WATCHED),
        indexer: { pushAddressEvents: push, historyProofs: 50, historyTransactions: 100 },
      })

    const reference = await start(false)
    try {
      const open = reference.watched[0] as string
      await reference.consumer.channel.request('openAddress', { pubkey: open })
      // The page's first read happens at once: what is measured is the steady interval after it.
      await sleep(500)
      const opened = await measureArrivals(reference, openCount, ctx.quick ? 700 : MEAN_GAP_MS, 15_000, () => open, 1)
      figures.push(...rows('address-latency.open', 'reference mode, page open', opened, { p99: 5 }, `demo without pushes; ${WATCHED} watched, the page of one open; window visible`))
      await reference.consumer.channel.request('openAddress', { pubkey: null })
      const background = await measureArrivals(reference, backgroundCount, ctx.quick ? 700 : MEAN_GAP_MS, 40_000, (index) => reference.watched[(index * 7) % WATCHED] as string, 2)
      figures.push(...rows('address-latency.background', `reference mode, background, ${WATCHED} addresses`, background, { p99: 20 }, `no page open; window visible; spread over the ${WATCHED} addresses`))
    } finally {
      await reference.stop()
    }

    const pushing = await start(true)
    try {
      const open = pushing.watched[0] as string
      await pushing.consumer.channel.request('openAddress', { pubkey: open })
      const pushed = await measureArrivals(pushing, ctx.quick ? 3 : 20, ctx.quick ? 200 : 500, 15_000, () => open, 3)
      figures.push(...rows('address-latency.pushed', 'pushing mode, page open', pushed, null, 'demo with --push-address-events: the same path when the indexer pushes, for comparison'))
    } finally {
      await pushing.stop()
    }
    return figures
  },
}
