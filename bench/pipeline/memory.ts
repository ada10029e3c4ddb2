/**
 * Memory of the core's process (the app's main process: the monitor with
 * its history store on a copy of the 1,000,000-row cache, caps that hold
 * it) over an hour-equivalent soak at 500 events/s: 1,800,000 events, the
 * ingest benchmark's runs being the first of them (core-process.ts). Time is
 * compressed where memory depends on how many events went through, not on
 * when (de-duplication indexes, the cache file and its page cache): those
 * events come as fast as the core keeps up. The end of the soak runs at the
 * real 500 events/s, so that what depends on the rate (write batches, socket
 * buffers) is read as the app would have it. Every reading follows a full
 * collection, so heap growth means memory that is kept.
 * Then the core is left quiet (nothing sent) and RSS is read as it is,
 * without forcing a collection, until it is under the target or 40 s have
 * passed: what the process holds once a flood is over (the core runs V8 small
 * while quiet and fast during a burst, see src/main/runtime/v8-memory-mode.ts).
 * Target: under 150 MB RSS; heap growth from warm-up to the end printed
 * against < 5 MB.
 */
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import type { MemoryReading } from '../children/pipeline'
import { sharedCore, stopSharedCore } from './core-process'

const MB = 1024 * 1024
/** The app's rate during the soak's paced end. */
const SOAK_RATE = 500
/** RSS the core should hold (issue: a tray app that stays small all day). */
const RSS_TARGET_MB = 150
/** How long the quiet reading waits for the memory of the flood to be given back. */
const QUIET_WAIT_MS = 40_000

function mb(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`
}

/** Where the RSS goes: V8's heap (and its young generation), buffers outside it, and the rest (SQLite's page cache, code, the allocator). */
export function breakdown(reading: MemoryReading): string {
  const young = reading.spaces.filter((space) => space.name === 'new_space' || space.name === 'new_large_object_space').reduce((sum, space) => sum + space.size, 0)
  const outside = reading.rss - reading.heapTotal - reading.arrayBuffers
  const parts = reading.anonymous === null ? '' : `: V8's pages ${mb(reading.anonymous.v8Pages)} (in use or pooled), malloc ${mb(reading.anonymous.malloc)}`
  const kinds = reading.resident === null ? '' : ` (resident: own ${mb(reading.resident.anon)}${parts}; mapped files ${mb(reading.resident.file + reading.resident.shmem)})`
  return `V8 ${reading.v8Mode}: heap reserved ${mb(reading.heapTotal)} (young ${mb(young)}), used ${mb(reading.heapUsed)}, array buffers ${mb(reading.arrayBuffers)}, outside V8 ${mb(outside)}${kinds}`
}

export const memory: Benchmark = {
  name: 'memory',
  title: 'Memory of the core process',
  // An hour's events through the store take a few minutes on two cores, more on a busy machine.
  limitMs: 540_000,
  // Its figures are bytes; the quiet benchmarks after it run beside it (docs/benchmarks.md, "Side by side").
  besideQuiet: true,
  async run(ctx: BenchContext): Promise<Figure[]> {
    // The ingest benchmark's process when it ran: its events are the soak's first.
    const rig = await sharedCore(ctx)
    try {
      const timeoutMs = ctx.quick ? 20_000 : 520_000
      const total = ctx.sizes.soakEvents
      const pacedMs = ctx.quick ? 2_000 : 30_000
      const warmUp = Math.round(ctx.sizes.memoryEvents / 10)
      // A reading every tenth of the way, one exactly at memoryEvents.
      const step = Math.round(total / 10)
      const milestones = [ctx.sizes.memoryEvents, ...Array.from({ length: 10 }, (_, index) => (index + 1) * step)]
        .filter((events, index, all) => events <= total && all.indexOf(events) === index)
        .sort((a, b) => a - b)

      const before = rig.relayed
      if (rig.relayed < warmUp) await rig.asFastAsPossible(warmUp - rig.relayed, timeoutMs)
      const afterWarmUp = await rig.memory()
      let done = afterWarmUp.relayed
      let atMillion: MemoryReading | null = null
      const readings: MemoryReading[] = []
      for (const milestone of milestones) {
        if (milestone <= done) continue
        await rig.asFastAsPossible(milestone - done, timeoutMs)
        const reading = await rig.memory()
        done = reading.relayed
        readings.push(reading)
        if (atMillion === null && done >= ctx.sizes.memoryEvents) atMillion = reading
      }
      // The end of the soak at the app's rate, read every quarter.
      const pacedReadings: MemoryReading[] = []
      for (let quarter = 0; quarter < 4; quarter++) {
        await rig.atFixedRate(SOAK_RATE, pacedMs / 4, timeoutMs)
        pacedReadings.push(await rig.memory())
      }
      readings.push(...pacedReadings)
      const last = pacedReadings[pacedReadings.length - 1] as MemoryReading
      // Quiet after the soak: read as it is until under the target or the wait is over.
      const quietSince = Date.now()
      let quiet = await rig.memoryAsItIs()
      while (quiet.rss / MB >= RSS_TARGET_MB && Date.now() - quietSince < QUIET_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 500))
        quiet = await rig.memoryAsItIs()
      }
      const quietSeconds = Math.round((Date.now() - quietSince) / 1000)
      const million = atMillion ?? afterWarmUp
      const counts = await rig.counts()
      const events = (n: number) => `${n.toLocaleString('en-US')} events`
      const earlier = before > 0 ? `; the first ${events(before)} were the ingest benchmark's` : ''
      const span = `${Math.round(last.relayed / SOAK_RATE / 60)} minutes' worth at ${SOAK_RATE}/s`
      return [
        measured(
          {
            id: 'memory.rss-1m',
            figure: `RSS after ${events(ctx.sizes.memoryEvents)}`,
            unit: 'MB',
            target: { atMost: RSS_TARGET_MB, text: `< ${RSS_TARGET_MB} MB` },
            note: `one reading, at ${events(million.relayed)} delivered flat out; ${breakdown(million)}`,
          },
          [million.rss / MB],
        ),
        measured({ id: 'memory.heap-1m', figure: `heap used after ${events(ctx.sizes.memoryEvents)}`, unit: 'MB', note: 'one reading, after a full GC' }, [million.heapUsed / MB]),
        measured(
          {
            id: 'memory.rss-soak',
            figure: 'RSS during the soak',
            unit: 'MB',
            target: { atMost: RSS_TARGET_MB, text: `< ${RSS_TARGET_MB} MB` },
            note: `${readings.length} readings up to ${events(last.relayed)} (${span})${earlier}; ${counts.problems} problems${counts.lastProblem ? ` (last: ${counts.lastProblem})` : ''}`,
          },
          readings.map((reading) => reading.rss / MB),
        ),
        measured(
          {
            id: 'memory.rss-paced',
            figure: `RSS at ${SOAK_RATE} events/s, end of the soak`,
            unit: 'MB',
            target: { atMost: RSS_TARGET_MB, text: `< ${RSS_TARGET_MB} MB` },
            note: `${pacedReadings.length} readings over ${pacedMs / 1000} s; last: ${breakdown(last)}`,
          },
          pacedReadings.map((reading) => reading.rss / MB),
        ),
        measured(
          {
            id: 'memory.rss-quiet',
            figure: 'RSS once quiet after the soak',
            unit: 'MB',
            target: { atMost: RSS_TARGET_MB, text: `< ${RSS_TARGET_MB} MB` },
            note: `read without forcing a collection, ${quietSeconds} s after the last event (waits up to ${QUIET_WAIT_MS / 1000} s); ${breakdown(quiet)}`,
          },
          [quiet.rss / MB],
        ),
        measured(
          {
            id: 'memory.heap-growth',
            figure: 'heap growth from warm-up to end of soak',
            unit: 'MB',
            target: { atMost: 5, text: '≈ 0 (< 5 MB)' },
            note: `${events(afterWarmUp.relayed)} → ${events(last.relayed)}, after full GCs`,
          },
          [(last.heapUsed - afterWarmUp.heapUsed) / MB],
        ),
      ]
    } finally {
      // Nothing after this needs the core's process: give its cores back to the browser benchmarks.
      await stopSharedCore(ctx)
    }
  },
}
