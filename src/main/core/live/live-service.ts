/**
 * The live side of the core as one object: the socket channels (stats, the
 * proof feed, the user's channels, one per watched address and followed
 * circuit) over a LiveTransport, each event decoded, de-duplicated and kept
 * gap-free by a backfill over HTTP after every (re)subscription; circuits the
 * server will not stream are polled instead; the overview is polled while the
 * socket does not bring it. Events go out through callbacks as arrays, ready
 * for the bridge's batcher. Over 400 lines: one lifecycle (start, stop,
 * follow, unfollow, poll instead) for every kind of stream, kept in one place.
 */
import type {
  AddressTransaction,
  AppNotification,
  ChannelStatus,
  CircuitProof,
  ErrorInfo,
  Overview,
  Page,
  Proof,
  ProofQuery,
  ProofSummary,
  Transaction,
  TransactionQuery,
} from '@shared/domain'
import { summaryFromProof } from '@shared/proof-summary'
import { toErrorInfo } from '@shared/errors'
import type { CircuitFollowMode } from '@shared/watchlist'
import { backoffDelay } from '../retry/backoff'
import {
  addressChannel,
  circuitChannel,
  decodeNotification,
  decodeProofSummary,
  decodeStatsEvent,
  decodeTransaction,
  parseChannel,
} from '../indexer/decode'
import { requirePubkey } from '../indexer/arguments'
import { Poller, type Activity } from '../polling/poller'
import { validateCircuitId, validateWatchedPubkey } from '../watchlist/validate'
import { TaskLimiter, slotOrder } from './backfill'
import { refusedChannelOf } from './frame-errors'
import { GapFreeStream, type EventOrigin, type StreamContext, type StreamSpec } from './gap-free-stream'
import { MemoryHeldIndex, heldKinds, type HeldIndex } from './held-index'
import type { FeedStatus } from './feed-socket'
import { socketPoolTransport, type LiveTransport, type LiveTransportFactory } from './live-transport'

export type { EventOrigin } from './gap-free-stream'

/** What LiveService asks over HTTP; IndexerClient provides it. */
export interface LiveSource {
  overview(): Promise<Overview>
  transactions(query: TransactionQuery): Promise<Page<Transaction>>
  proofs(query: ProofQuery): Promise<Page<Proof>>
  proofsByCircuit(circuitId: string, query?: { cursor?: string; limit?: number }): Promise<Page<Proof>>
}

export interface EmitMeta {
  origin: EventOrigin
}

export interface LiveServiceHandlers {
  onOverview?(overview: Overview, origin: 'live' | 'poll'): void
  onProofs?(proofs: ProofSummary[], meta: EmitMeta): void
  /** Full records of a page fetched over HTTP (backfill, first fetch, poll), before the streams see them as summaries. */
  onProofRecords?(proofs: Proof[]): void
  onUserProofs?(proofs: ProofSummary[], meta: EmitMeta): void
  onNotifications?(notifications: AppNotification[], meta: EmitMeta): void
  onAddressTransactions?(items: AddressTransaction[], meta: EmitMeta): void
  onCircuitProofs?(items: CircuitProof[], meta: EmitMeta): void
  /** A followed circuit is streamed (`live`) or, refused by the server, polled (`reason`: its words). */
  onCircuitMode?(circuitId: string, mode: CircuitFollowMode, reason: string | null): void
  onStatus?(status: LiveServiceStatus): void
  /** Counters or the last event moved without a status change: called per event, so it must be cheap. */
  onCounters?(): void
  onProblem?(problem: ErrorInfo): void
}

export interface LiveCounters {
  /** Live events received on streams with identities. */
  events: number
  /** Items dropped because they were already held or handed on. */
  duplicates: number
  /** Items fetched over HTTP that the socket had not brought. */
  backfilled: number
  /** Frames the socket dropped: malformed, oversized or for nothing followed. */
  droppedFrames: number
}

export interface LiveServiceStatus {
  socket: FeedStatus
  /** The transport's channels, plus polled circuits (`mode: 'polled'`). */
  channels: ChannelStatus[]
  /** Channels with missed events not fetched yet. */
  syncing: string[]
  /** The socket is live, every channel subscribed (or polled) and nothing is left to fetch. */
  synced: boolean
  counters: LiveCounters
}

export interface BackfillTuning {
  /** Items per page asked. Default 200, the most the indexer's lists give: fewer requests under its rate limit. */
  pageSize: number
  /**
   * Pages per backfill of an address, circuit or the user's proofs. Default
   * 100: 20,000 items, so that a busy address's hours offline come back
   * whole, while a backfill held in memory stays bounded.
   */
  maxPages: number
  /**
   * Pages per backfill of the global proof feed. Default 100, as for an
   * address: a 40 s outage at 470 proofs/s comes back whole.
   */
  feedMaxPages: number
  /** No backfill asks a page after this long (waits on the indexer's rate limit count). Default 120 s. */
  maxBackfillMs: number
  /** Backfills at once (many addresses after a reconnect). Default 4. */
  concurrency: number
  retryBaseMs: number
  retryCapMs: number
  /** Live events held back per stream during one backfill. Default 5000. */
  maxBuffered: number
}

export interface LiveServiceOptions {
  source: LiveSource
  wsUrl: string
  /** Credentials for the socket upgrade. */
  headers?: () => Record<string, string>
  handlers: LiveServiceHandlers
  /** Default: a SocketPool (channels spread over sockets past the server's per-socket limit). */
  transport?: LiveTransportFactory
  /** Default: in memory. */
  held?: HeldIndex
  /** Subscribe `user:notifications` and `user:proofs` (needs a credential). Default false. */
  userChannels?: boolean
  /** The user's wallet: `user:proofs` is backfilled from /api/proofs?authority=. */
  userAuthority?: string | null
  addresses?: readonly string[]
  circuits?: readonly string[]
  /** Shared with other polls so activity applies to all; default one of its own. */
  poller?: Poller
  /** The overview is polled this often while the socket does not bring it. Default 10 s. */
  overviewPollMs?: number
  /** A circuit the server will not stream is polled this often. Default 15 s. */
  circuitPollMs?: number
  backfill?: Partial<BackfillTuning>
  random?: () => number
}

const DEFAULT_BACKFILL: BackfillTuning = {
  pageSize: 200,
  maxPages: 100,
  feedMaxPages: 100,
  maxBackfillMs: 120_000,
  concurrency: 4,
  retryBaseMs: 1000,
  retryCapMs: 30_000,
  maxBuffered: 5000,
}

const OVERVIEW_POLL = 'overview'
const circuitPollKey = (circuitId: string): string => `circuit:${circuitId}`

/** A fetched page carries full records: they are handed on in full before the stream sees them as summaries. */
function summaryPage(page: Page<Proof>, handlers: LiveServiceHandlers): Page<ProofSummary> {
  if (page.items.length > 0) handlers.onProofRecords?.(page.items)
  return { items: page.items.map(summaryFromProof), nextCursor: page.nextCursor, total: page.total }
}

interface Followed<T> {
  stream: GapFreeStream<T>
  decode(data: unknown): T
}

interface CircuitFollow extends Followed<ProofSummary> {
  circuitId: string
  mode: CircuitFollowMode
  reason: string | null
}

export class LiveService {
  private readonly held: HeldIndex
  private readonly poller: Poller
  private readonly ownPoller: boolean
  private readonly tuning: BackfillTuning
  private readonly limiter: TaskLimiter
  private readonly transport: LiveTransport
  private readonly streams = new Map<string, Followed<unknown>>()
  private readonly addresses = new Map<string, Followed<Transaction>>()
  private readonly circuits = new Map<string, CircuitFollow>()
  private readonly counters: Omit<LiveCounters, 'droppedFrames'> = { events: 0, duplicates: 0, backfilled: 0 }
  private socket: FeedStatus
  private channelStates: ChannelStatus[] = []
  private statsLive = false
  private lastEventAt: number | null = null
  /** Set while a transport status is applied: one status goes out at the end, not one per stream. */
  private applyingStatus = false
  private started = false
  private stopped = false

  constructor(private readonly options: LiveServiceOptions) {
    this.held = options.held ?? new MemoryHeldIndex()
    this.ownPoller = options.poller === undefined
    this.poller = options.poller ?? new Poller({ random: options.random })
    this.tuning = { ...DEFAULT_BACKFILL, ...options.backfill }
    this.limiter = new TaskLimiter(this.tuning.concurrency)
    this.socket = { state: 'stopped', reason: null, nextRetryAt: null, since: Date.now(), reconnects: 0, lastEventAt: null }

    this.addStream(this.proofFeedStream())
    if (options.userChannels) {
      this.addStream(this.notificationStream())
      this.addStream(this.userProofStream())
    }
    for (const pubkey of new Set((options.addresses ?? []).map((a) => validateWatchedPubkey(a)))) this.addAddress(pubkey)
    for (const id of new Set((options.circuits ?? []).map((c) => validateCircuitId(c)))) this.addCircuit(id)

    const factory = options.transport ?? socketPoolTransport()
    this.transport = factory(
      { url: options.wsUrl, channels: ['stats', ...this.streams.keys()], headers: options.headers },
      {
        onEvent: (channel, data) => this.onEvent(channel, data),
        onStatus: (status, channels) => this.onTransportStatus(status, channels),
        onProblem: (problem) => {
          // A refused circuit is followed by polling instead; the watchlist says so, it is not a failure.
          if (refusedChannelOf(problem)?.startsWith('proofs:circuit:')) return
          this.problem(problem)
        },
        onChannelLive: (channel) => this.streams.get(channel)?.stream.channelUp(),
        onFrameDropped: () => this.countersMoved(),
      },
    )
  }

  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    this.poller.add({
      key: OVERVIEW_POLL,
      intervalMs: this.options.overviewPollMs ?? 10_000,
      active: () => !this.statsLive,
      run: () => this.options.source.overview(),
      onValue: (overview) => this.options.handlers.onOverview?.(overview, 'poll'),
      onError: (error, failures) => {
        if (failures === 1) this.problem({ ...error, message: `The overview cannot be fetched: ${error.message}` })
      },
    })
    for (const circuit of this.circuits.values()) if (circuit.mode === 'polled') this.startCircuitPoll(circuit)
    this.transport.start()
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.transport.stop()
    for (const followed of this.streams.values()) followed.stream.dispose()
    for (const circuit of this.circuits.values()) circuit.stream.dispose()
    if (this.ownPoller) this.poller.stop()
    else {
      this.poller.remove(OVERVIEW_POLL)
      for (const id of this.circuits.keys()) this.poller.remove(circuitPollKey(id))
    }
  }

  // ── The watchlist ─────────────────────────────────────────────────────

  watchedAddresses(): string[] {
    return [...this.addresses.keys()]
  }

  followedCircuits(): { circuitId: string; mode: CircuitFollowMode; reason: string | null }[] {
    return [...this.circuits.values()].map(({ circuitId, mode, reason }) => ({ circuitId, mode, reason }))
  }

  /** Follows exactly these addresses and circuits: new ones are subscribed, dropped ones unsubscribed. */
  setWatchlist(watchlist: { addresses: readonly string[]; circuits: readonly string[] }): void {
    const addresses = new Set(watchlist.addresses.map((a) => validateWatchedPubkey(a)))
    const circuits = new Set(watchlist.circuits.map((c) => validateCircuitId(c)))
    for (const pubkey of [...this.addresses.keys()]) if (!addresses.has(pubkey)) this.unwatch(pubkey)
    for (const id of [...this.circuits.keys()]) if (!circuits.has(id)) this.unfollowCircuit(id)
    for (const pubkey of addresses) this.watch(pubkey)
    for (const id of circuits) this.followCircuit(id)
  }

  watch(pubkey: string): void {
    const address = validateWatchedPubkey(pubkey)
    if (this.addresses.has(address) || this.stopped) return
    const followed = this.addAddress(address)
    this.transport.subscribe(followed.stream.spec.channel)
    this.emitStatus()
  }

  unwatch(pubkey: string): void {
    const address = validateWatchedPubkey(pubkey)
    const followed = this.addresses.get(address)
    if (!followed) return
    this.addresses.delete(address)
    this.dropStream(followed.stream)
  }

  followCircuit(circuitId: string): void {
    const id = validateCircuitId(circuitId)
    if (this.circuits.has(id) || this.stopped) return
    const circuit = this.addCircuit(id)
    this.transport.subscribe(circuit.stream.spec.channel)
    this.emitStatus()
  }

  unfollowCircuit(circuitId: string): void {
    const id = validateCircuitId(circuitId)
    const circuit = this.circuits.get(id)
    if (!circuit) return
    this.circuits.delete(id)
    this.poller.remove(circuitPollKey(id))
    this.dropStream(circuit.stream)
  }

  // ── Control ───────────────────────────────────────────────────────────

  reconnectNow(reason: string): void {
    this.transport.reconnectNow(reason)
  }

  /** From the OS (Electron's net / powerMonitor): no reconnect attempts while offline, one at once when back. */
  setOnline(online: boolean): void {
    this.transport.setOnline?.(online)
  }

  suspend(): void {
    this.transport.suspend?.()
  }

  resume(): void {
    this.transport.resume?.()
  }

  /** Polls less while the window is hidden or the system idle. */
  setActivity(activity: Activity): void {
    this.poller.setActivity(activity)
  }

  status(): LiveServiceStatus {
    const syncing: string[] = []
    for (const [channel, followed] of this.streams) if (followed.stream.syncing) syncing.push(channel)
    const polled: ChannelStatus[] = [...this.circuits.values()]
      .filter((circuit) => circuit.mode === 'polled')
      .map((circuit) => ({
        channel: circuit.stream.spec.channel,
        state: 'refused',
        mode: 'polled',
        ...(circuit.reason === null ? {} : { error: circuit.reason }),
      }))
    const channels = [...this.channelStates, ...polled]
    // A channel refused for good (unknown, or sign-in needed) is reported, not waited for; one waiting for room is.
    const wanted = this.channelStates.filter((c) => c.state !== 'refused' || c.reason === 'limit')
    const synced =
      this.socket.state === 'live' && syncing.length === 0 && wanted.every((c) => c.state === 'subscribed')
    const frames = this.transport.counters?.()
    const droppedFrames = frames ? frames.malformed + frames.oversized + frames.unknown : 0
    const lastEventAt = Math.max(this.socket.lastEventAt ?? 0, this.lastEventAt ?? 0) || null
    return { socket: { ...this.socket, lastEventAt }, channels, syncing, synced, counters: { ...this.counters, droppedFrames } }
  }

  // ── Internals ─────────────────────────────────────────────────────────

  private context(): StreamContext {
    return {
      held: this.held,
      limiter: this.limiter,
      onProblem: (problem) => this.problem(problem),
      onSyncChange: () => this.emitStatus(),
      retryDelayMs: (failures) =>
        this.tuning.retryBaseMs +
        backoffDelay(failures - 1, this.tuning.retryBaseMs, this.tuning.retryCapMs, this.options.random),
      maxBuffered: this.tuning.maxBuffered,
      maxBackfillMs: this.tuning.maxBackfillMs,
      count: (counter, by = 1) => {
        this.counters[counter] += by
        // The last event is the last one counted, whichever socket or stream it came by.
        if (counter === 'events') this.lastEventAt = Date.now()
        this.countersMoved()
      },
    }
  }

  private addStream<T>(followed: Followed<T>): Followed<T> {
    this.streams.set(followed.stream.spec.channel, followed as Followed<unknown>)
    return followed
  }

  private dropStream<T>(stream: GapFreeStream<T>): void {
    stream.dispose()
    this.streams.delete(stream.spec.channel)
    this.held.forget(stream.spec.kind)
    this.transport.unsubscribe(stream.spec.channel)
    this.emitStatus()
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
      orderOf: (proof) => slotOrder(proof.slot),
      fetchPage: fetch === null ? undefined : async (cursor) => summaryPage(await fetch({ cursor, limit: this.tuning.pageSize }), this.options.handlers),
    })
  }

  private proofFeedStream(): Followed<ProofSummary> {
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

  private userProofStream(): Followed<ProofSummary> {
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

  private notificationStream(): Followed<AppNotification> {
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

  private addAddress(pubkey: string): Followed<Transaction> {
    const { source, handlers } = this.options
    const followed = this.follow(decodeTransaction, {
      channel: addressChannel(pubkey),
      kind: heldKinds.address(pubkey),
      describe: `transactions of ${pubkey}`,
      idOf: (tx) => tx.signature,
      orderOf: (tx) => slotOrder(tx.slot),
      fetchPage: (cursor) => source.transactions({ pubkey, cursor, limit: this.tuning.pageSize }),
      maxPages: this.tuning.maxPages,
      emit: (items, origin) => handlers.onAddressTransactions?.(items.map((transaction) => ({ address: pubkey, transaction })), { origin }),
    })
    this.addresses.set(pubkey, followed)
    return this.addStream(followed)
  }

  private addCircuit(circuitId: string): CircuitFollow {
    const { source, handlers } = this.options
    const circuit: CircuitFollow = {
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
    this.circuits.set(circuitId, circuit)
    this.addStream(circuit)
    return circuit
  }

  /** The server refused the circuit's channel: give the slot back and poll over HTTP instead. */
  private pollCircuit(circuit: CircuitFollow, reason: string | null): void {
    circuit.mode = 'polled'
    circuit.reason = reason
    this.streams.delete(circuit.stream.spec.channel)
    this.transport.unsubscribe(circuit.stream.spec.channel)
    circuit.stream.channelDown()
    this.options.handlers.onCircuitMode?.(circuit.circuitId, 'polled', reason)
    if (this.started) this.startCircuitPoll(circuit)
  }

  private startCircuitPoll(circuit: CircuitFollow): void {
    this.poller.add({
      key: circuitPollKey(circuit.circuitId),
      intervalMs: this.options.circuitPollMs ?? 15_000,
      run: () => circuit.stream.poll(),
      onValue: () => this.emitStatus(),
      onError: (error, failures) => {
        if (failures === 1) {
          this.problem({ ...error, message: `Polling circuit ${circuit.circuitId} failed: ${error.message}` })
        }
      },
    })
  }

  private onEvent(channel: string, data: unknown): void {
    // The socket's last event moved, whatever the event turns out to be.
    this.countersMoved()
    try {
      const parsed = parseChannel(channel)
      if (parsed.kind === 'stats') {
        this.options.handlers.onOverview?.(decodeStatsEvent(data), 'live')
        return
      }
      const followed = this.streams.get(channel)
      if (!followed) return
      followed.stream.receive(followed.decode(data))
    } catch (error) {
      const info = toErrorInfo(error)
      this.problem({ ...info, message: `Unreadable ${channel} event: ${info.message}` })
    }
  }

  private onTransportStatus(status: FeedStatus, channels: ChannelStatus[]): void {
    this.socket = status
    this.channelStates = channels
    const byName = new Map(channels.map((c) => [c.channel, c]))
    const nested = this.applyingStatus
    this.applyingStatus = true
    try {
      for (const [channel, followed] of this.streams) {
        if (byName.get(channel)?.state !== 'subscribed') followed.stream.channelDown()
      }
    } finally {
      this.applyingStatus = nested
    }
    for (const circuit of this.circuits.values()) {
      const state = byName.get(circuit.stream.spec.channel)
      // A refusal for the per-socket limit or for credentials is not about circuits; any other is.
      const refusedForGood = state?.state === 'refused' && (state.reason === undefined || state.reason === 'refused')
      if (circuit.mode === 'live' && refusedForGood) this.pollCircuit(circuit, state.error ?? null)
    }
    const statsLive = byName.get('stats')?.state === 'subscribed'
    if (statsLive !== this.statsLive) {
      this.statsLive = statsLive
      this.poller.refresh(OVERVIEW_POLL)
    }
    this.emitStatus()
  }

  private countersMoved(): void {
    if (this.stopped) return
    this.options.handlers.onCounters?.()
  }

  private emitStatus(): void {
    if (this.stopped || this.applyingStatus) return
    this.options.handlers.onStatus?.(this.status())
  }

  private problem(problem: ErrorInfo): void {
    this.options.handlers.onProblem?.(problem)
  }
}
