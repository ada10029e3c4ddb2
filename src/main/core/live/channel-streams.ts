/**
 * One followed stream per kind of channel (the proof feed, the wallet's
 * proofs, notifications, a watched address, a followed circuit): which
 * channel, how its items are told apart and ordered, where a backfill reads
 * them and which callback they go out through. LiveService decides when
 * streams start and stop; this file says what each one is.
 */
import type { AppNotification, ErrorInfo, Page, Proof, ProofSummary, Transaction } from '@shared/domain'
import { summaryFromProof } from '@shared/proof-summary'
import type { CircuitFollowMode } from '@shared/watchlist'
import { addressChannel, circuitChannel, decodeNotification, decodeProofSummary, decodeTransaction } from '../indexer/decode'
import { requirePubkey } from '../indexer/arguments'
import { backoffDelay } from '../retry/backoff'
import { TaskLimiter } from './backfill'
import { u64Order } from '@shared/u64-order'
import { GapFreeStream, type StreamContext, type StreamSpec } from './gap-free-stream'
import { heldKinds, type HeldIndex } from './held-index'
import {
  DEFAULT_BACKFILL,
  type BackfillTuning,
  type LiveCounters,
  type LiveServiceHandlers,
  type LiveServiceOptions,
} from './live-service-options'

/** A fetched page carries full records: they are handed on in full before the stream sees them as summaries. */
function summaryPage(page: Page<Proof>, handlers: LiveServiceHandlers): Page<ProofSummary> {
  if (page.items.length > 0) handlers.onProofRecords?.(page.items)
  return { items: page.items.map(summaryFromProof), nextCursor: page.nextCursor, total: page.total }
}

export interface Followed<T> {
  stream: GapFreeStream<T>
  decode(data: unknown): T
}

export interface CircuitFollow extends Followed<ProofSummary> {
  circuitId: string
  mode: CircuitFollowMode
  reason: string | null
}

/** What the streams of one live side share with it. */
export interface StreamHooks {
  /** Ids already held or handed on, per kind. */
  held: HeldIndex
  problem(problem: ErrorInfo): void
  /** A stream started or finished fetching what it missed. */
  syncChanged(): void
  /** A counter moved (called per event: must be cheap). */
  counted(): void
}

/**
 * Makes the streams of one live side. They share one context: the held ids,
 * one limit on backfills at once, the retry delays and the counters.
 */
export class ChannelStreams {
  readonly counters: Omit<LiveCounters, 'droppedFrames'> = { events: 0, duplicates: 0, backfilled: 0 }
  /** The last event counted, whichever socket or stream it came by. */
  lastEventAt: number | null = null
  private readonly tuning: BackfillTuning
  private readonly limiter: TaskLimiter

  constructor(
    private readonly options: Pick<LiveServiceOptions, 'source' | 'handlers' | 'userAuthority' | 'backfill' | 'random'>,
    private readonly hooks: StreamHooks,
  ) {
    this.tuning = { ...DEFAULT_BACKFILL, ...options.backfill }
    this.limiter = new TaskLimiter(this.tuning.concurrency)
  }

  private context(): StreamContext {
    return {
      held: this.hooks.held,
      limiter: this.limiter,
      onProblem: (problem) => this.hooks.problem(problem),
      onSyncChange: () => this.hooks.syncChanged(),
      retryDelayMs: (failures) =>
        this.tuning.retryBaseMs +
        backoffDelay(failures - 1, this.tuning.retryBaseMs, this.tuning.retryCapMs, this.options.random),
      maxBuffered: this.tuning.maxBuffered,
      maxBackfillMs: this.tuning.maxBackfillMs,
      count: (counter, by = 1) => {
        this.counters[counter] += by
        // The last event is the last one counted, whichever socket or stream it came by.
        if (counter === 'events') this.lastEventAt = Date.now()
        this.hooks.counted()
      },
    }
  }

  /** One channel followed without gaps: its decoder and its stream. */
  private follow<T>(decode: (data: unknown) => T, spec: StreamSpec<T>): Followed<T> {
    return { decode, stream: new GapFreeStream<T>(spec, this.context()) }
  }

  /** A stream of proofs (the feed, the wallet's, a circuit's): read as summaries, filled from `fetch` when given. */
  private proofStream(
    spec: Pick<StreamSpec<ProofSummary>, 'channel' | 'kind' | 'describe' | 'maxPages' | 'emit'>,
    fetch: ((page: { cursor: string | undefined; limit: number }) => Promise<Page<Proof>>) | null,
  ): Followed<ProofSummary> {
    return this.follow(decodeProofSummary, {
      ...spec,
      idOf: (proof) => proof.proofAccount,
      orderOf: (proof) => u64Order(proof.slot),
      fetchPage:
        fetch === null ? undefined : async (cursor, limit) => summaryPage(await fetch({ cursor, limit: limit ?? this.tuning.pageSize }), this.options.handlers),
    })
  }

  proofFeed(): Followed<ProofSummary> {
    const { source, handlers } = this.options
    return this.proofStream(
      {
        channel: 'proofs',
        kind: heldKinds.proofs,
        describe: 'proofs of the live feed',
        maxPages: this.tuning.feedMaxPages,
        emit: (items, origin) => handlers.onProofs?.(items, { origin }),
      },
      (page) => source.proofs(page),
    )
  }

  userProofs(): Followed<ProofSummary> {
    const { source, handlers, userAuthority } = this.options
    const authority = userAuthority ? requirePubkey(userAuthority, 'The wallet address') : null
    return this.proofStream(
      {
        channel: 'user:proofs',
        kind: heldKinds.userProofs,
        describe: 'proofs of your wallet',
        maxPages: this.tuning.maxPages,
        emit: (items, origin) => handlers.onUserProofs?.(items, { origin }),
      },
      // Without the wallet's address there is nothing to ask: live events are only de-duplicated.
      authority === null ? null : (page) => source.proofs({ authority, ...page }),
    )
  }

  notifications(): Followed<AppNotification> {
    const { handlers } = this.options
    // The indexer offers no notification history: de-duplication only.
    return this.follow((data) => decodeNotification(data, Date.now()), {
      channel: 'user:notifications',
      kind: heldKinds.notifications,
      describe: 'notifications',
      idOf: (notification) => notification.id,
      orderOf: () => null,
      maxPages: 0,
      emit: (items, origin) => handlers.onNotifications?.(items, { origin }),
    })
  }

  address(pubkey: string): Followed<Transaction> {
    const { source, handlers } = this.options
    return this.follow(decodeTransaction, {
      channel: addressChannel(pubkey),
      kind: heldKinds.address(pubkey),
      describe: `transactions of ${pubkey}`,
      idOf: (tx) => tx.signature,
      orderOf: (tx) => u64Order(tx.slot),
      fetchPage: (cursor, limit) => source.transactions({ pubkey, cursor, limit: limit ?? this.tuning.pageSize }),
      maxPages: this.tuning.maxPages,
      emit: (items, origin) => handlers.onAddressTransactions?.(items.map((transaction) => ({ address: pubkey, transaction })), { origin }),
    })
  }

  circuit(circuitId: string): CircuitFollow {
    const { source, handlers } = this.options
    return {
      circuitId,
      mode: 'live',
      reason: null,
      ...this.proofStream(
        {
          channel: circuitChannel(circuitId),
          kind: heldKinds.circuit(circuitId),
          describe: `proofs of circuit ${circuitId}`,
          maxPages: this.tuning.maxPages,
          emit: (items, origin) => handlers.onCircuitProofs?.(items.map((proof) => ({ circuitId, proof })), { origin }),
        },
        (page) => source.proofsByCircuit(circuitId, page),
      ),
    }
  }
}
