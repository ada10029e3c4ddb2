/**
 * One followed stream per kind of channel (the proof feed, the wallet's
 * proofs, notifications, a watched address, a followed circuit): which
 * channel, how its items are told apart and ordered, where a backfill reads
 * them and which callback they go out through. LiveService decides when
 * streams start and stop; this file says what each one is.
 */
import type { AppNotification, Page, Proof, ProofSummary, Transaction } from '@shared/domain'
import { summaryFromProof } from '@shared/proof-summary'
import type { CircuitFollowMode } from '@shared/watchlist'
import { addressChannel, circuitChannel, decodeNotification, decodeProofSummary, decodeTransaction } from '../indexer/decode'
import { requirePubkey } from '../indexer/arguments'
import { slotOrder } from './backfill'
import { GapFreeStream, type StreamContext, type StreamSpec } from './gap-free-stream'
import { heldKinds } from './held-index'
import type { BackfillTuning, LiveServiceHandlers, LiveServiceOptions } from './live-service-options'

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

/** Makes the streams of one live side; every stream shares its context (held ids, limiter, counters). */
export class ChannelStreams {
  constructor(
    private readonly options: Pick<LiveServiceOptions, 'source' | 'handlers' | 'userAuthority'>,
    private readonly tuning: BackfillTuning,
    private readonly context: () => StreamContext,
  ) {}

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
      orderOf: (proof) => slotOrder(proof.slot),
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
      orderOf: (tx) => slotOrder(tx.slot),
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
