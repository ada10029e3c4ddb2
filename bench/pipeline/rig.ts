/**
 * The producer and consumer of the pipeline benchmarks: the demo indexer in
 * one child process, ProofWatch's core (the monitor, with its history store
 * on a copy of the 1,000,000-row cache) in another, watching `proofs` and
 * every address of the network (40), and the runner between them granting
 * the producer credit so it never runs more than a window ahead of what the
 * consumer relayed.
 */
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { CacheLimits } from '@shared/history'
import type { BenchContext } from '../lib/context'
import { exited, forkChild, type ForkedChild } from '../lib/processes'
import { cpuMicros, until } from '../lib/clock'
import { rekeyHistory } from '../lib/history-fixture'
import type { IndexerChildArgs, IndexerReady, PublishReply } from '../children/indexer'
import type { CoreCounts, MemoryReading, PipelineChildArgs, ProgressNotice } from '../children/pipeline'

/** Events the producer may run ahead of the consumer: a few milliseconds of work, well below the server's 64 MiB send limit. */
const WINDOW_EVENTS = 10_000
const PROOFS_PER_GRANT = 1_000

export interface RigRun {
  events: number
  ms: number
  eventsPerSecond: number
  /** Share of the run the producer spent publishing: near 1, the producer and not the consumer set the pace. */
  producerBusy: number
}

/** CPU time spent in a run, µs: the core's process (every thread), the demo indexer's, this runner's. */
export interface RunCpu {
  core: number
  producer: number
  runner: number
}

export interface FixedRateRun extends RigRun {
  offeredPerSecond: number
  /** From the producer's last event to the consumer's having relayed everything. */
  lagMs: number
}

export interface RigOptions {
  /** Node flags of the consumer (e.g. --expose-gc). */
  execArgv?: string[]
  /** The consumer's history store on a copy of the cache fixture (default), or in memory. */
  cache?: boolean
  /** The history store's page cache in KiB; absent: the store's default. */
  cacheKiB?: number
  /** The cache's caps; absent: the app's defaults. */
  cacheLimits?: Partial<CacheLimits>
  /** Watched addresses; default every authority of the network (40). */
  watch?: (authorities: readonly string[]) => string[]
  quickReconnect?: boolean
  indexer?: IndexerChildArgs
}

/** Caps that hold the fixture and everything a benchmark adds: the figures are about ingest, not eviction. */
export const ROOMY_CACHE: CacheLimits = { maxBytes: 16 * 1024 ** 3, maxRows: 20_000_000 }

export class PipelineRig {
  /** Events relayed by the consumer, as last reported. */
  relayed = 0
  /** Events the producer has published for the consumer's channels. */
  published = 0

  private constructor(
    readonly indexer: ForkedChild<IndexerReady>,
    readonly consumer: ForkedChild<null>,
    readonly watched: readonly string[],
    /** The consumer's cache file (a copy, removed at stop), or null. */
    readonly historyPath: string | null,
  ) {
    consumer.channel.onNotice('progress', (data) => {
      this.relayed = (data as ProgressNotice).relayed
    })
  }

  static async start(ctx: BenchContext, options: RigOptions = {}): Promise<PipelineRig> {
    const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', { historyProofs: 100, historyTransactions: 100, ...options.indexer })
    let historyPath: string | null = null
    try {
      const watch = options.watch?.(indexer.ready.authorities) ?? [...indexer.ready.authorities]
      await indexer.channel.request('listeners', { proofs: true, addresses: watch })
      if (options.cache !== false) {
        historyPath = ctx.fixtures.copyOfCache()
        rekeyHistory(historyPath, indexer.ready.httpUrl)
      }
      const args: PipelineChildArgs = {
        httpUrl: indexer.ready.httpUrl,
        wsUrl: indexer.ready.wsUrl,
        watch,
        historyPath,
        cacheKiB: options.cacheKiB,
        cacheLimits: options.cacheLimits,
        quickReconnect: options.quickReconnect,
      }
      // Opening the cache and the first sync of 40 addresses take a while on a busy machine.
      const consumer = await forkChild<null>(ctx.benchDir, 'pipeline', args, { execArgv: options.execArgv, timeoutMs: 90_000 })
      return new PipelineRig(indexer, consumer, watch, historyPath)
    } catch (error) {
      await indexer.stop()
      if (historyPath !== null) removeCache(historyPath)
      throw error
    }
  }

  /** `proofs` and each watched address's channel. */
  get channels(): number {
    return 1 + this.watched.length
  }

  /** Publishes at least `events` as fast as the consumer keeps up; resolves when all were relayed. */
  async asFastAsPossible(events: number, timeoutMs: number): Promise<RigRun & { cpu: RunCpu }> {
    const cpuBefore = await this.cpu()
    const start = this.published
    const startedAt = performance.now()
    const deadline = startedAt + timeoutMs
    let publishingMs = 0
    while (this.published - start < events) {
      this.consumerAlive()
      if (performance.now() > deadline) throw new Error(`relayed ${this.relayed - start} of ${events} events within ${timeoutMs} ms`)
      if (this.published - this.relayed > WINDOW_EVENTS) {
        await new Promise((resolve) => setTimeout(resolve, 1))
        continue
      }
      const reply = await this.indexer.channel.request<PublishReply>('publish', { proofs: PROOFS_PER_GRANT })
      this.published += reply.frames
      publishingMs += reply.elapsedMs
    }
    await this.drained(Math.max(1, deadline - performance.now()))
    // Kept up with means stored too: what the history store still holds queued is written before the clock stops.
    await this.settle()
    const ms = performance.now() - startedAt
    const total = this.published - start
    const cpuAfter = await this.cpu()
    const cpu = { core: cpuAfter.core - cpuBefore.core, producer: cpuAfter.producer - cpuBefore.producer, runner: cpuAfter.runner - cpuBefore.runner }
    return { events: total, ms, eventsPerSecond: total / (ms / 1000), producerBusy: publishingMs / ms, cpu }
  }

  /** Publishes at `eventsPerSecond` for `durationMs` whatever the consumer does, then waits for it to catch up. */
  async atFixedRate(eventsPerSecond: number, durationMs: number, catchUpMs: number): Promise<FixedRateRun> {
    const start = this.published
    const relayedBefore = this.relayed
    const startedAt = performance.now()
    // Every proof becomes two events: one on `proofs`, one on its authority's address channel.
    const reply = await this.indexer.channel.request<PublishReply>('publishAtRate', { proofsPerSecond: eventsPerSecond / 2, durationMs })
    const producerDoneAt = performance.now()
    this.published += reply.frames
    await this.drained(catchUpMs)
    await this.settle()
    const doneAt = performance.now()
    const events = this.relayed - relayedBefore
    return {
      events,
      ms: doneAt - startedAt,
      eventsPerSecond: events / ((doneAt - startedAt) / 1000),
      producerBusy: reply.elapsedMs / (doneAt - startedAt),
      offeredPerSecond: (this.published - start) / (reply.elapsedMs / 1000),
      lagMs: doneAt - producerDoneAt,
    }
  }

  /** Each process's CPU time so far, µs. */
  private async cpu(): Promise<RunCpu> {
    const [core, producer] = await Promise.all([this.consumer.channel.request<number>('cpu'), this.indexer.channel.request<number>('cpu')])
    return { core, producer, runner: cpuMicros() }
  }

  memory(): Promise<MemoryReading> {
    return this.consumer.channel.request<MemoryReading>('memory', { gc: true })
  }

  /** Without forcing a collection: a forced one would hold back V8's own memory reducer, whose work a quiet reading is about. */
  memoryAsItIs(): Promise<MemoryReading> {
    return this.consumer.channel.request<MemoryReading>('memory', { gc: false })
  }

  counts(): Promise<CoreCounts> {
    return this.consumer.channel.request<CoreCounts>('counts')
  }

  /** Writes what the consumer's history store holds queued; resolves with how long that took. */
  settle(): Promise<number> {
    return this.consumer.channel.request<number>('settle')
  }

  async stop(): Promise<void> {
    // The monitor's own stop (the history flushed and closed), then the processes.
    await this.consumer.channel.request('stop').catch(() => undefined)
    await exited(this.consumer.child, 10_000)
    await Promise.all([this.consumer.stop(), this.indexer.stop()])
    if (this.historyPath !== null) removeCache(this.historyPath)
  }

  /** A core that died (a crash, a signal) fails the run at once with its end and its last words, not at the timeout. */
  private consumerAlive(): void {
    const { exitCode, signalCode } = this.consumer.child
    if (exitCode === null && signalCode === null) return
    throw new Error(`the core's process ended (${signalCode ?? `exit code ${exitCode}`}) at ${this.relayed} events relayed${this.consumer.output() ? `:\n${this.consumer.output()}` : ''}`)
  }

  private async drained(timeoutMs: number): Promise<void> {
    try {
      const relayedAll = () => {
        this.consumerAlive()
        return this.relayed >= this.published
      }
      await until(relayedAll, `the consumer to relay ${this.published} events (at ${this.relayed})`, timeoutMs, 1)
    } catch (error) {
      // What the consumer counted tells a lost event from a slow one.
      const counts = await this.counts().catch(() => null)
      if (counts === null) throw error
      const { proofs, addressTransactions, duplicates, problems, lastProblem } = counts
      throw new Error(`${(error as Error).message}; the consumer counted ${proofs} proofs, ${addressTransactions} address transactions, ${duplicates} duplicates, ${problems} problems${lastProblem ? ` (last: ${lastProblem})` : ''}`)
    }
  }
}

function removeCache(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true })
}
