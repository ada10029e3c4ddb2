/**
 * The live side of the core as one object: the socket channels (stats, the
 * proof feed, the user's channels, one per watched address and followed
 * circuit) over a LiveTransport, each event decoded, de-duplicated and kept
 * gap-free by a backfill over HTTP after every (re)subscription; circuits the
 * server will not stream are polled instead; the overview is polled while the
 * socket does not bring it. Events go out through callbacks as arrays, ready
 * for the bridge's batcher. This file is the lifecycle (start, stop, follow,
 * unfollow, poll instead); what each stream is, polling what is not pushed,
 * the overview and the status are in channel-streams.ts, push-polls.ts,
 * overview-watch.ts and live-status.ts.
 */
import type { ChannelStatus, ErrorInfo, Transaction } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { CircuitFollowMode } from '@shared/watchlist'
import { parseChannel } from '../indexer/decode'
import { Poller, type Activity } from '../polling/poller'
import { RateLimit } from '../polling/rate-limit'
import type { PushKind } from './push-watch'
import { PushPolls, pushKindOf } from './push-polls'
import { OVERVIEW_POLL, OverviewWatch } from './overview-watch'
import { liveStatus } from './live-status'
import { validateCircuitId, validateWatchedPubkey } from '../watchlist/validate'
import { refusedChannelOf } from './frame-errors'
import type { GapFreeStream } from './gap-free-stream'
import { ChannelStreams, type CircuitFollow, type Followed } from './channel-streams'
import { MemoryHeldIndex, type HeldIndex } from './held-index'
import type { FeedStatus } from './feed-socket'
import { stoppedStatus } from './socket-defaults'
import { socketPoolTransport, type LiveTransport } from './live-transport'
import type { LiveServiceOptions, LiveServiceStatus } from './live-service-options'

export type { EventOrigin } from './gap-free-stream'
export type {
  BackfillTuning,
  EmitMeta,
  LiveCounters,
  LiveServiceHandlers,
  LiveServiceOptions,
  LiveServiceStatus,
  LiveSource,
} from './live-service-options'

const circuitPollKey = (circuitId: string): string => `circuit:${circuitId}`

export class LiveService {
  private readonly held: HeldIndex
  private readonly poller: Poller
  private readonly ownPoller: boolean
  private readonly transport: LiveTransport
  private readonly channelStreams: ChannelStreams
  private readonly streams = new Map<string, Followed<unknown>>()
  private readonly addresses = new Map<string, Followed<Transaction>>()
  private readonly circuits = new Map<string, CircuitFollow>()
  private socket: FeedStatus
  private channelStates: ChannelStatus[] = []
  private readonly rateLimit: RateLimit
  private readonly pushPolls: PushPolls
  private readonly overview: OverviewWatch
  private socketWasLive = false
  /** Set while a transport status is applied: one status goes out at the end, not one per stream. */
  private applyingStatus = false
  private started = false
  private stopped = false

  constructor(private readonly options: LiveServiceOptions) {
    this.held = options.held ?? new MemoryHeldIndex()
    this.ownPoller = options.poller === undefined
    this.poller = options.poller ?? new Poller({ random: options.random })
    this.channelStreams = new ChannelStreams(options, {
      held: this.held,
      problem: (problem) => this.problem(problem),
      syncChanged: () => this.emitStatus(),
      counted: () => this.countersMoved(),
    })
    this.socket = stoppedStatus(Date.now())
    this.rateLimit = options.rateLimit ?? new RateLimit()
    this.pushPolls = new PushPolls(options, {
      poller: this.poller,
      rateLimit: this.rateLimit,
      addresses: this.addresses,
      stream: (channel) => this.streams.get(channel),
      socketLive: () => this.socket.state === 'live',
      channelStates: () => this.channelStates,
      started: () => this.started,
      stopped: () => this.stopped,
      countersMoved: () => this.countersMoved(),
      emitStatus: () => this.emitStatus(),
      problem: (problem) => this.problem(problem),
    })
    this.overview = new OverviewWatch(options, {
      poller: this.poller,
      stopped: () => this.stopped,
      statsPushed: () => this.pushPolls.pushed('stats', null),
      problem: (problem) => this.problem(problem),
    })

    this.addStream(this.channelStreams.proofFeed())
    if (options.userChannels) {
      this.addStream(this.channelStreams.notifications())
      this.addStream(this.channelStreams.userProofs())
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
    this.overview.start()
    for (const circuit of this.circuits.values()) if (circuit.mode === 'polled') this.startCircuitPoll(circuit)
    this.pushPolls.start()
    this.transport.start()
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.transport.stop()
    for (const followed of this.streams.values()) followed.stream.dispose()
    for (const circuit of this.circuits.values()) circuit.stream.dispose()
    this.pushPolls.stop()
    this.overview.stop()
    if (this.ownPoller) this.poller.stop()
    else {
      this.poller.remove(OVERVIEW_POLL)
      this.pushPolls.removePolls()
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
    this.pushPolls.applyVerdicts()
    this.emitStatus()
  }

  unwatch(pubkey: string): void {
    const address = validateWatchedPubkey(pubkey)
    const followed = this.addresses.get(address)
    if (!followed) return
    this.addresses.delete(address)
    this.pushPolls.applyVerdicts()
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
    this.pushPolls.setActivity(activity)
  }

  /** The watched address whose page is open (null: none): read faster while the indexer does not push it. */
  setOpenAddress(pubkey: string | null): void {
    this.pushPolls.setOpenAddress(pubkey === null ? null : validateWatchedPubkey(pubkey))
    this.emitStatus()
  }

  /** Every answer's rate-limit headers (the session's client reports them here). */
  noteRateLimitHeaders(headers: Headers): void {
    this.rateLimit.noteHeaders(headers)
  }

  /** What is known of whether each kind is pushed (for tests and the log). */
  pushVerdict(kind: PushKind): 'pushed' | 'not-pushed' | 'unknown' {
    return this.pushPolls.verdict(kind)
  }

  status(): LiveServiceStatus {
    return liveStatus({
      socket: this.socket,
      channelStates: this.channelStates,
      streams: this.streams,
      circuits: this.circuits.values(),
      frames: this.transport.counters?.(),
      lastEventAt: this.channelStreams.lastEventAt,
      counters: this.channelStreams.counters,
      following: this.pushPolls.following({
        socketLive: this.socket.state === 'live',
        overviewPoll: OVERVIEW_POLL,
        stats: this.overview.stats(),
      }),
    })
  }

  // ── Internals ─────────────────────────────────────────────────────────

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

  private addAddress(pubkey: string): Followed<Transaction> {
    const followed = this.channelStreams.address(pubkey)
    this.addresses.set(pubkey, followed)
    return this.addStream(followed)
  }

  private addCircuit(circuitId: string): CircuitFollow {
    const circuit = this.channelStreams.circuit(circuitId)
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
        this.overview.received(data)
        return
      }
      const followed = this.streams.get(channel)
      if (!followed) return
      const item = followed.decode(data)
      const kind = pushKindOf(parsed.kind)
      if (kind !== null) this.pushPolls.pushed(kind, followed.stream.spec.idOf(item))
      followed.stream.receive(item)
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
    this.overview.setSubscribed(byName.get('stats')?.state === 'subscribed')
    const live = status.state === 'live'
    if (live && !this.socketWasLive) this.pushPolls.recheckSoon()
    this.socketWasLive = live
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
