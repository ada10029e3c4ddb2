/**
 * ProofWatch's ingest path as far as it exists, assembled for the pipeline
 * benchmarks: live sockets (the core's LiveFeed, ten channels each, as the
 * indexer allows), decoding (the core's decoders), de-duplication, an
 * optional store, and the core's EventBatcher relaying to a counting bridge
 * client. When the live service (socket pool, dedupe) and the history store
 * exist, they replace the sockets, RecentKeys and the `store` hook here.
 */
import type { AddressTransaction, ProofSummary } from '@shared/domain'
import type { BridgeEvent } from '@shared/bridge'
import { toErrorInfo } from '@shared/errors'
import { decodeAddressTransaction, decodeProofSummary, parseChannel } from '../../src/main/core/indexer/decode'
import { LiveFeed } from '../../src/main/core/live/live-feed'
import { EventBatcher } from '../../src/main/core/event-batcher'
import { RecentKeys } from './recent-keys'

/** The reference deployment's limit of subscriptions per socket. */
const CHANNELS_PER_SOCKET = 10

export type IngestedEvent = { kind: 'proof'; proof: ProofSummary } | { kind: 'address-transaction'; item: AddressTransaction }

/** Where decoded, de-duplicated events are kept; the history store's write API plugs in here. */
export interface IngestStore {
  write(event: IngestedEvent): void
  close(): void
}

export interface IngestPipelineOptions {
  wsUrl: string
  channels: readonly string[]
  store?: IngestStore | null
  /** Event identities remembered for de-duplication. Default 50,000. */
  dedupeWindow?: number
}

export interface IngestCounts {
  /** Events that arrived on a socket. */
  received: number
  duplicates: number
  /** Items the counting bridge client received. */
  relayed: number
  /** Bridge messages (batches) it received. */
  batches: number
  /** Bytes of those messages as JSON, as serve mode's transport sends them. */
  relayedBytes: number
  problems: number
  lastProblem: string | null
}

export class IngestPipeline {
  private readonly feeds: LiveFeed[] = []
  private readonly recent: RecentKeys
  private readonly batcher: EventBatcher
  private readonly store: IngestStore | null
  private readonly subscribed = new Set<string>()
  private readonly counts: IngestCounts = { received: 0, duplicates: 0, relayed: 0, batches: 0, relayedBytes: 0, problems: 0, lastProblem: null }

  constructor(private readonly options: IngestPipelineOptions) {
    this.recent = new RecentKeys(options.dedupeWindow ?? 50_000)
    this.store = options.store ?? null
    this.batcher = new EventBatcher((batch) => this.relay(batch))
    for (let first = 0; first < options.channels.length; first += CHANNELS_PER_SOCKET) {
      this.feeds.push(
        new LiveFeed({
          url: options.wsUrl,
          channels: options.channels.slice(first, first + CHANNELS_PER_SOCKET),
          onEvent: (channel, data) => this.onEvent(channel, data),
          onStatus: (_status, channels) => {
            for (const channel of channels) if (channel.state === 'subscribed') this.subscribed.add(channel.channel)
          },
          onProblem: (problem) => this.problem(problem.message),
        }),
      )
    }
  }

  /** Connects every socket; resolves once every channel is subscribed. */
  async start(timeoutMs = 15_000): Promise<void> {
    for (const feed of this.feeds) feed.start()
    const deadline = Date.now() + timeoutMs
    while (this.subscribed.size < this.options.channels.length) {
      if (Date.now() > deadline) {
        throw new Error(`only ${this.subscribed.size} of ${this.options.channels.length} channels subscribed; last problem: ${this.counts.lastProblem}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  stop(): void {
    for (const feed of this.feeds) feed.stop()
    this.batcher.flush()
    this.batcher.dispose()
    this.store?.close()
  }

  snapshot(): IngestCounts {
    return { ...this.counts }
  }

  private onEvent(channel: string, data: unknown): void {
    this.counts.received++
    try {
      const parsed = parseChannel(channel)
      if (parsed.kind === 'proofs') {
        const proof = decodeProofSummary(data)
        if (!this.recent.add(`proof:${proof.proofAccount}`)) return this.duplicate()
        this.store?.write({ kind: 'proof', proof })
        this.batcher.push('proofs', [proof])
      } else if (parsed.kind === 'address') {
        const item = decodeAddressTransaction(channel, data)
        if (!this.recent.add(`tx:${item.address}:${item.transaction.signature}`)) return this.duplicate()
        this.store?.write({ kind: 'address-transaction', item })
        this.batcher.push('addressTransactions', [item])
      }
    } catch (error) {
      this.problem(toErrorInfo(error).message)
    }
  }

  private duplicate(): void {
    this.counts.duplicates++
  }

  private problem(message: string): void {
    this.counts.problems++
    this.counts.lastProblem = message
  }

  /** The counting bridge client: serialises each batch as the serve transport does and counts its items. */
  private relay(batch: BridgeEvent[]): void {
    const text = JSON.stringify({ events: batch })
    this.counts.batches++
    this.counts.relayedBytes += text.length
    for (const item of batch) this.counts.relayed += Array.isArray(item.payload) ? item.payload.length : 1
  }
}
