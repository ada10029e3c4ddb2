/**
 * The producer and consumer of the pipeline benchmarks: the demo indexer in
 * one child process, ProofWatch's ingest pipeline in another, watching
 * `proofs` and every address of the network (40), and the runner between
 * them granting the producer credit so it never runs more than a window
 * ahead of what the consumer relayed.
 */
import { performance } from 'node:perf_hooks'
import type { BenchContext } from '../lib/context'
import { forkChild, type ForkedChild } from '../lib/processes'
import { until } from '../lib/clock'
import type { IndexerReady, PublishReply } from '../children/indexer'
import type { MemoryReading, PipelineChildArgs, ProgressNotice } from '../children/pipeline'

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

export interface FixedRateRun extends RigRun {
  offeredPerSecond: number
  /** From the producer's last event to the consumer's having relayed everything. */
  lagMs: number
}

export class PipelineRig {
  /** Events relayed by the consumer, as last reported. */
  relayed = 0
  /** Events the producer has published for the consumer's channels. */
  published = 0

  private constructor(
    readonly indexer: ForkedChild<IndexerReady>,
    readonly consumer: ForkedChild<null>,
  ) {
    consumer.channel.onNotice('progress', (data) => {
      this.relayed = (data as ProgressNotice).relayed
    })
  }

  static async start(ctx: BenchContext, consumerExecArgv: string[] = []): Promise<PipelineRig> {
    const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', { historyProofs: 100, historyTransactions: 100 })
    try {
      const addresses = indexer.ready.authorities
      await indexer.channel.request('listeners', { proofs: true, addresses })
      const args: PipelineChildArgs = {
        wsUrl: indexer.ready.wsUrl,
        channels: ['proofs', ...addresses.map((address) => `address:${address}:txs`)],
      }
      const consumer = await forkChild<null>(ctx.benchDir, 'pipeline', args, { execArgv: consumerExecArgv })
      return new PipelineRig(indexer, consumer)
    } catch (error) {
      await indexer.stop()
      throw error
    }
  }

  get channels(): number {
    return 1 + this.indexer.ready.authorities.length
  }

  /** Publishes at least `events` as fast as the consumer keeps up; resolves when all were relayed. */
  async asFastAsPossible(events: number, timeoutMs: number): Promise<RigRun> {
    const start = this.published
    const startedAt = performance.now()
    const deadline = startedAt + timeoutMs
    let publishingMs = 0
    while (this.published - start < events) {
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
    const ms = performance.now() - startedAt
    const total = this.published - start
    return { events: total, ms, eventsPerSecond: total / (ms / 1000), producerBusy: publishingMs / ms }
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

  memory(): Promise<MemoryReading> {
    return this.consumer.channel.request<MemoryReading>('memory', { gc: true })
  }

  async stop(): Promise<void> {
    await Promise.all([this.consumer.stop(), this.indexer.stop()])
  }

  private drained(timeoutMs: number): Promise<void> {
    return until(() => this.relayed >= this.published, `the consumer to relay ${this.published} events (at ${this.relayed})`, timeoutMs, 1)
  }
}
