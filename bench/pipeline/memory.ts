/**
 * Memory of the consumer process (the app's main process) over an
 * hour-equivalent soak at 500 events/s: 1,800,000 events through the
 * pipeline, delivered as fast as the consumer keeps up so the run stays
 * bounded. Readings after warm-up (100,000 events), after 1,000,000 events,
 * and every 200,000 events to the end; each after a full collection, so heap
 * growth means memory that is kept. Driven flat out, RSS includes what V8 and
 * the allocator keep for that throughput: pessimistic for 500 events/s.
 * Target: under 250 MB RSS, no growth after warm-up. The pipeline is what
 * exists (no store yet).
 */
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import type { MemoryReading } from '../children/pipeline'
import { PipelineRig } from './rig'

const MB = 1024 * 1024

function mb(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`
}

export const memory: Benchmark = {
  name: 'memory',
  title: 'Memory of the pipeline process',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const rig = await PipelineRig.start(ctx, ['--expose-gc'])
    try {
      const timeoutMs = ctx.quick ? 20_000 : 150_000
      const total = ctx.sizes.soakEvents
      const warmUp = Math.round(total / 18)
      const step = Math.round(total / 9)
      const milestones = [ctx.sizes.memoryEvents, ...Array.from({ length: 9 }, (_, index) => (index + 1) * step)]
        .filter((events) => events > warmUp)
        .sort((a, b) => a - b)

      await rig.asFastAsPossible(warmUp, timeoutMs)
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
      const last = readings[readings.length - 1] as MemoryReading
      const million = atMillion ?? last
      const events = (n: number) => `${n.toLocaleString('en-US')} events`
      const outsideHeap = (reading: MemoryReading) => `heap reserved ${mb(reading.heapTotal)}, external ${mb(reading.external)}`
      return [
        measured(
          {
            id: 'memory.rss-1m',
            figure: `RSS after ${events(ctx.sizes.memoryEvents)}`,
            unit: 'MB',
            target: { atMost: 250, text: '< 250 MB' },
            note: `one reading; decode + dedupe + relay, no store yet; ${outsideHeap(million)}`,
          },
          [million.rss / MB],
        ),
        measured({ id: 'memory.heap-1m', figure: `heap used after ${events(ctx.sizes.memoryEvents)}`, unit: 'MB', note: 'one reading, after a full GC' }, [million.heapUsed / MB]),
        measured(
          {
            id: 'memory.rss-soak',
            figure: 'RSS during the soak',
            unit: 'MB',
            target: { atMost: 250, text: '< 250 MB' },
            note: `${readings.length} readings up to ${events(done)} (an hour at 500/s)`,
          },
          readings.map((reading) => reading.rss / MB),
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
      await rig.stop()
    }
  },
}
