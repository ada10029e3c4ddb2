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
import type { ChannelFollowing, ChannelStatus, ErrorInfo, Transaction } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { CircuitFollowMode } from '@shared/watchlist'
import { backoffDelay } from '../retry/backoff'
import { decodeStatsEvent, parseChannel } from '../indexer/decode'
import { lookedAt, Poller, type Activity } from '../polling/poller'
import { AddressPolls } from '../polling/address-polls'
import { RateLimit } from '../polling/rate-limit'
import { describeFollowing } from './following'
import { PushWatch, createPushMemory, type PushKind } from './push-watch'
import { validateCircuitId, validateWatchedPubkey } from '../watchlist/validate'
import { TaskLimiter } from './backfill'
import { refusedChannelOf } from './frame-errors'
import type { GapFreeStream, StreamContext } from './gap-free-stream'
import { ChannelStreams, type CircuitFollow, type Followed } from './channel-streams'
import { MemoryHeldIndex, type HeldIndex } from './held-index'
import type { FeedStatus } from './feed-socket'
import { stoppedStatus } from './socket-defaults'
import { socketPoolTransport, type LiveTransport } from './live-transport'
import {
  DEFAULT_BACKFILL,
  type BackfillTuning,
  type LiveCounters,
  type LiveServiceOptions,
  type LiveServiceStatus,
} from './live-service-options'

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

const OVERVIEW_POLL = 'overview'
const PROOF_FEED_POLL = 'push:proofs'
const USER_PROOF_POLL = 'push:user-proofs'
const DEFAULT_PUSH_CHECK_MS = 15 * 60_000
const circuitPollKey = (circuitId: string): string => `circuit:${circuitId}`

export class LiveService {
  private readonly held: HeldIndex
  private readonly poller: Poller
  private readonly ownPoller: boolean
  private readonly tuning: BackfillTuning
  private readonly limiter: TaskLimiter
  private readonly transport: LiveTransport
  private readonly channelStreams: ChannelStreams
  private readonly streams = new Map<string, Followed<unknown>>()
  private readonly addresses = new Map<string, Followed<Transaction>>()
  private readonly circuits = new Map<string, CircuitFollow>()
  private readonly counters: Omit<LiveCounters, 'droppedFrames'> = { events: 0, duplicates: 0, backfilled: 0 }
  private socket: FeedStatus
  private channelStates: ChannelStatus[] = []
  private statsLive = false
  private lastEventAt: number | null = null
  private lastStatsAt: number | null = null
  /** The gap between the last two stats events: how often the indexer pushes them. */
  private statsPeriodMs: number | null = null
  /** Stats are subscribed but come less often than the overview would be read: the poll fills the gaps. */
  private statsSlow = false
  private statsWaitTimer: ReturnType<typeof setTimeout> | null = null
  private readonly pushWatch: PushWatch
  private readonly rateLimit: RateLimit
  private readonly addressPolls: AddressPolls
  /** Rotates the occasional check of a pushed address kind over the watched addresses. */
  private addressCheckTurn = 0
  private addressCheckTimer: ReturnType<typeof setInterval> | null = null
  private recheckTimer: ReturnType<typeof setTimeout> | null = null
  private socketWasLive = false
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
    this.channelStreams = new ChannelStreams(options, this.tuning, () => this.context())
    this.socket = stoppedStatus(Date.now())
    this.rateLimit = options.rateLimit ?? new RateLimit()
    this.pushWatch = new PushWatch({
      memory: options.pushMemory ?? createPushMemory(),
      indexer: options.indexerKey ?? options.wsUrl,
      graceMs: options.pushGraceMs,
      listening: (kind) => this.listening(kind),
      onVerdict: () => this.applyVerdicts(),
    })
    this.addressPolls = new AddressPolls({
      poll: (address) => this.pollAddress(address),
      rateLimit: this.rateLimit,
      otherPerMinute: () => this.otherPollsPerMinute(),
      fixedIntervalMs: options.addressPollMs,
      // The last and next check moved: the throttled health push carries it, not a status per request.
      onChange: () => this.countersMoved(),
      onError: (address, error, failures) => {
        if (failures === 1) this.problem({ ...error, message: `Reading the transactions of ${address} failed: ${error.message}` })
      },
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
    this.poller.add({
      key: OVERVIEW_POLL,
      intervalMs: this.overviewPollMs(),
      // Also while stats are pushed less often than this: the reference pushes them once a minute (docs/wire.md).
      // Not while nobody looks: the minute's push keeps the health alerts going, and no tile is on screen to fill.
      active: () => !this.statsLive || (this.statsSlow && lookedAt(this.poller.getActivity())),
      run: () => (this.statsFresh() ? Promise.resolve(null) : this.options.source.overview()),
      onValue: (overview) => {
        if (overview !== null) this.options.handlers.onOverview?.(overview, 'poll')
      },
      onError: (error, failures) => {
        if (failures === 1) this.problem({ ...error, message: `The overview cannot be fetched: ${error.message}` })
      },
    })
    for (const circuit of this.circuits.values()) if (circuit.mode === 'polled') this.startCircuitPoll(circuit)
    this.startPushPolls()
    this.transport.start()
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.transport.stop()
    for (const followed of this.streams.values()) followed.stream.dispose()
    for (const circuit of this.circuits.values()) circuit.stream.dispose()
    this.pushWatch.dispose()
    this.addressPolls.stop()
    if (this.addressCheckTimer) clearInterval(this.addressCheckTimer)
    if (this.recheckTimer) clearTimeout(this.recheckTimer)
    if (this.statsWaitTimer) clearTimeout(this.statsWaitTimer)
    this.addressCheckTimer = this.recheckTimer = this.statsWaitTimer = null
    if (this.ownPoller) this.poller.stop()
    else {
      this.poller.remove(OVERVIEW_POLL)
      this.poller.remove(PROOF_FEED_POLL)
      this.poller.remove(USER_PROOF_POLL)
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
    this.applyVerdicts()
    this.emitStatus()
  }

  unwatch(pubkey: string): void {
    const address = validateWatchedPubkey(pubkey)
    const followed = this.addresses.get(address)
    if (!followed) return
    this.addresses.delete(address)
    this.applyVerdicts()
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
    this.addressPolls.setActivity(activity)
  }

  /** The watched address whose page is open (null: none): read faster while the indexer does not push it. */
  setOpenAddress(pubkey: string | null): void {
    this.addressPolls.setOpenAddress(pubkey === null ? null : validateWatchedPubkey(pubkey))
    this.emitStatus()
  }

  /** Every answer's rate-limit headers (the session's client reports them here). */
  noteRateLimitHeaders(headers: Headers): void {
    this.rateLimit.noteHeaders(headers)
  }

  /** What is known of whether each kind is pushed (for tests and the log). */
  pushVerdict(kind: PushKind): 'pushed' | 'not-pushed' | 'unknown' {
    return this.pushWatch.verdict(kind)
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
    return {
      socket: { ...this.socket, lastEventAt },
      channels,
      syncing,
      synced,
      counters: { ...this.counters, droppedFrames },
      following: this.following(),
    }
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
        const overview = decodeStatsEvent(data)
        this.noteStats()
        this.options.handlers.onOverview?.(overview, 'live')
        return
      }
      const followed = this.streams.get(channel)
      if (!followed) return
      const item = followed.decode(data)
      const kind = pushKindOf(parsed.kind)
      if (kind !== null) this.pushWatch.pushed(kind, followed.stream.spec.idOf(item))
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
    const statsLive = byName.get('stats')?.state === 'subscribed'
    if (statsLive !== this.statsLive) {
      this.statsLive = statsLive
      this.waitForStats()
      this.poller.refresh(OVERVIEW_POLL)
    }
    const live = status.state === 'live'
    if (live && !this.socketWasLive) this.recheckSoon()
    this.socketWasLive = live
    this.emitStatus()
  }

  // ── Measured liveness (docs/wire.md: not every indexer pushes every channel) ──

  private overviewPollMs(): number {
    return this.options.overviewPollMs ?? 10_000
  }

  /** A stats event came within one overview interval: no need to read the overview. */
  private statsFresh(): boolean {
    return this.statsLive && this.lastStatsAt !== null && Date.now() - this.lastStatsAt < this.overviewPollMs()
  }

  private noteStats(): void {
    const now = Date.now()
    if (this.lastStatsAt !== null) this.statsPeriodMs = now - this.lastStatsAt
    this.lastStatsAt = now
    this.pushWatch.pushed('stats', null)
    this.setStatsSlow(this.statsPeriodMs !== null && this.statsPeriodMs > this.overviewPollMs() * 1.5)
    this.waitForStats()
  }

  /** No stats event within one and a half overview intervals: they are slow until one shows otherwise. */
  private waitForStats(): void {
    if (this.statsWaitTimer) clearTimeout(this.statsWaitTimer)
    this.statsWaitTimer = null
    if (!this.statsLive || this.stopped) return
    this.statsWaitTimer = setTimeout(() => {
      this.statsWaitTimer = null
      this.setStatsSlow(true)
    }, this.overviewPollMs() * 1.5)
    this.statsWaitTimer.unref?.()
  }

  private setStatsSlow(slow: boolean): void {
    if (slow === this.statsSlow) return
    this.statsSlow = slow
    this.poller.refresh(OVERVIEW_POLL)
  }

  /** The socket could bring events of this kind now: it is live and a channel of the kind is subscribed. */
  private listening(kind: PushKind): boolean {
    if (this.socket.state !== 'live') return false
    return this.channelStates.some((c) => c.state === 'subscribed' && pushKindOf(parseChannel(c.channel).kind) === kind)
  }

  /** Requests a minute of the polls other than the addresses', taken from the same budget. */
  private otherPollsPerMinute(): number {
    let perMinute = 0
    for (const state of this.poller.states()) {
      if (state.active && state.effectiveIntervalMs > 0) perMinute += 60_000 / state.effectiveIntervalMs
    }
    return perMinute
  }

  /** One head read of an address; what it finds is news through the stream, and evidence of whether it is pushed. */
  private async pollAddress(address: string): Promise<void> {
    const followed = this.addresses.get(address)
    // While its backfill is due or running, that reads the same: no second request.
    if (!followed || followed.stream.syncing) return
    const found = await followed.stream.poll(this.headLimit())
    this.pushWatch.found('address', found)
  }

  private headLimit(): number {
    return Math.min(5, Math.max(1, this.options.headLimit ?? 5))
  }

  /** The proof feed and the wallet's proofs: polled while not known to be pushed, checked now and then when they are. */
  private startPushPolls(): void {
    const pollStream = (key: string, channel: string, kind: PushKind, pollMs: number): void => {
      const followed = this.streams.get(channel)
      if (!followed || followed.stream.spec.fetchPage === undefined) return
      this.poller.add({
        key,
        intervalMs: this.pushWatch.verdict(kind) === 'pushed' ? this.pushCheckMs() : pollMs,
        run: async () => {
          if (!followed.stream.syncing) this.pushWatch.found(kind, await followed.stream.poll(this.headLimit()))
        },
        onValue: () => this.countersMoved(),
        onError: (error, failures) => {
          this.rateLimit.noteError(error)
          if (failures === 1) this.problem({ ...error, message: `Reading the ${followed.stream.spec.describe} failed: ${error.message}` })
        },
      })
    }
    pollStream(PROOF_FEED_POLL, 'proofs', 'proofs', this.options.proofPollMs ?? 5_000)
    if (this.options.userChannels) pollStream(USER_PROOF_POLL, 'user:proofs', 'user-proofs', this.options.userProofPollMs ?? 15_000)
    this.applyVerdicts()
  }

  private pushCheckMs(): number {
    return this.options.pushCheckMs ?? DEFAULT_PUSH_CHECK_MS
  }

  /** Polls what is not known to be pushed; what is pushed keeps only the occasional check. */
  private applyVerdicts(): void {
    if (!this.started || this.stopped) return
    const pushed = (kind: PushKind): boolean => this.pushWatch.verdict(kind) === 'pushed'
    this.poller.setIntervalMs(PROOF_FEED_POLL, pushed('proofs') ? this.pushCheckMs() : (this.options.proofPollMs ?? 5_000))
    this.poller.setIntervalMs(USER_PROOF_POLL, pushed('user-proofs') ? this.pushCheckMs() : (this.options.userProofPollMs ?? 15_000))
    const addressesPushed = pushed('address')
    this.addressPolls.setAddresses(addressesPushed ? [] : [...this.addresses.keys()])
    if (addressesPushed && !this.addressCheckTimer) {
      this.addressCheckTimer = setInterval(() => void this.checkOneAddress(), this.pushCheckMs())
      this.addressCheckTimer.unref?.()
    } else if (!addressesPushed && this.addressCheckTimer) {
      clearInterval(this.addressCheckTimer)
      this.addressCheckTimer = null
    }
    this.emitStatus()
  }

  /** The occasional check of a pushed address kind: one address's head, in turn. */
  private async checkOneAddress(): Promise<void> {
    const addresses = [...this.addresses.keys()]
    if (addresses.length === 0 || this.rateLimit.blockedUntil() !== null) return
    const address = addresses[this.addressCheckTurn++ % addresses.length] as string
    try {
      await this.pollAddress(address)
    } catch (error) {
      this.rateLimit.noteError(toErrorInfo(error))
    }
  }

  /** After each (re)connect, once backfills are done, the kinds believed pushed are checked again. */
  private recheckSoon(): void {
    if (this.recheckTimer) clearTimeout(this.recheckTimer)
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = null
      if (this.stopped) return
      if (this.pushWatch.verdict('proofs') === 'pushed') void this.poller.pollNow(PROOF_FEED_POLL)
      if (this.pushWatch.verdict('user-proofs') === 'pushed') void this.poller.pollNow(USER_PROOF_POLL)
      if (this.pushWatch.verdict('address') === 'pushed') void this.checkOneAddress()
    }, this.options.recheckAfterLiveMs ?? 30_000)
    this.recheckTimer.unref?.()
  }

  private following(): ChannelFollowing[] {
    const polls = new Map(this.poller.states().map((state) => [state.key, state]))
    return describeFollowing({
      socketLive: this.socket.state === 'live',
      verdict: (kind) => this.pushWatch.verdict(kind),
      checkedAt: (kind) => this.pushWatch.checkedAt(kind),
      proofFeed: polls.get(PROOF_FEED_POLL) ?? null,
      userProofs: this.options.userChannels ? (polls.get(USER_PROOF_POLL) ?? null) : null,
      userNotifications: this.options.userChannels === true,
      addresses: this.addresses.size === 0 ? null : this.addressPolls.states(),
      addressCheckMs: this.pushCheckMs(),
      overview: polls.get(OVERVIEW_POLL) ?? null,
      stats: { lastAt: this.lastStatsAt, periodMs: this.statsPeriodMs },
      rateLimitedUntil: this.rateLimit.blockedUntil(),
    })
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

/** The kind of stream a channel carries, for the push check; null for what is not measured (circuits, unknown). */
function pushKindOf(kind: ReturnType<typeof parseChannel>['kind']): PushKind | null {
  switch (kind) {
    case 'proofs':
      return 'proofs'
    case 'address':
      return 'address'
    case 'user-proofs':
      return 'user-proofs'
    case 'user-notifications':
      return 'user-notifications'
    case 'stats':
      return 'stats'
    default:
      return null
  }
}
