/**
 * The consumer of the pipeline benchmarks in its own process, as the app's
 * main process would be: the ingest pipeline connected to the indexer child,
 * reporting how far it got (a notice every few milliseconds while it moves)
 * and its memory on request.
 */
import { IngestPipeline, type IngestCounts } from '../pipeline/ingest-pipeline'
import { answerRequests, notifyParent } from '../lib/ipc'

export interface PipelineChildArgs {
  wsUrl: string
  channels: string[]
  dedupeWindow?: number
  progressEveryMs?: number
}

export interface MemoryReading {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  relayed: number
}

export type ProgressNotice = Pick<IngestCounts, 'received' | 'relayed'>

const args = JSON.parse(process.argv[2] ?? '{}') as PipelineChildArgs
const pipeline = new IngestPipeline({ wsUrl: args.wsUrl, channels: args.channels, dedupeWindow: args.dedupeWindow })
await pipeline.start()

let lastRelayed = -1
setInterval(() => {
  const { received, relayed } = pipeline.snapshot()
  if (relayed === lastRelayed) return
  lastRelayed = relayed
  notifyParent('progress', { received, relayed } satisfies ProgressNotice)
}, args.progressEveryMs ?? 10)

answerRequests({
  counts: (): IngestCounts => pipeline.snapshot(),
  /** After a full collection when `gc` is set (the child runs with --expose-gc), so growth means retained memory. */
  memory(options: { gc: boolean }): MemoryReading {
    if (options.gc) globalThis.gc?.()
    const usage = process.memoryUsage()
    return {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      relayed: pipeline.snapshot().relayed,
    }
  },
  stop(): void {
    pipeline.stop()
    setImmediate(() => process.exit(0))
  },
})

notifyParent('ready', null)
