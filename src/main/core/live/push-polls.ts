/**
 * Reading over HTTP what the indexer does not push. Whether it pushes each
 * kind of channel is measured (push-watch.ts; docs/wire.md: not every indexer
 * pushes every channel): a kind not known to be pushed is polled (the proof
 * feed, the wallet's proofs, the watched addresses on a shared budget), and a
 * kind that is pushed is still checked now and then and after each reconnect.
 * Apart from LiveService because it is one policy with its own timers.
 */
import type { ChannelFollowing, ChannelStatus, ErrorInfo, Transaction } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { parseChannel } from '../indexer/decode'
import type { Activity, Poller } from '../polling/poller'
import { AddressPolls } from '../polling/address-polls'
import type { RateLimit } from '../polling/rate-limit'
import { describeFollowing } from './following'
import { PushWatch, createPushMemory, type PushKind, type PushVerdict } from './push-watch'
import type { Followed } from './channel-streams'
import type { LiveServiceOptions } from './live-service-options'

export const PROOF_FEED_POLL = 'push:proofs'
export const USER_PROOF_POLL = 'push:user-proofs'
const DEFAULT_PUSH_CHECK_MS = 15 * 60_000

/** What the push polls read of the live side they serve. */
export interface PushPollsHost {
  readonly poller: Poller
  readonly rateLimit: RateLimit
  /** The watched addresses' streams, by address. */
  readonly addresses: ReadonlyMap<string, Followed<Transaction>>
  /** The stream followed on a channel, if any. */
  stream(channel: string): Followed<unknown> | undefined
  socketLive(): boolean
  channelStates(): ChannelStatus[]
  started(): boolean
  stopped(): boolean
  countersMoved(): void
  emitStatus(): void
  problem(problem: ErrorInfo): void
}

type PushPollsOptions = Pick<
  LiveServiceOptions,
  | 'wsUrl'
  | 'indexerKey'
  | 'pushMemory'
  | 'pushGraceMs'
  | 'pushCheckMs'
  | 'recheckAfterLiveMs'
  | 'proofPollMs'
  | 'userProofPollMs'
  | 'headLimit'
  | 'userChannels'
  | 'addressPollMs'
>

export class PushPolls {
  private readonly watch: PushWatch
  private readonly addressPolls: AddressPolls
  /** Rotates the occasional check of a pushed address kind over the watched addresses. */
  private addressCheckTurn = 0
  private addressCheckTimer: ReturnType<typeof setInterval> | null = null
  private recheckTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly options: PushPollsOptions,
    private readonly host: PushPollsHost,
  ) {
    this.watch = new PushWatch({
      memory: options.pushMemory ?? createPushMemory(),
      indexer: options.indexerKey ?? options.wsUrl,
      graceMs: options.pushGraceMs,
      listening: (kind) => this.listening(kind),
      onVerdict: () => this.applyVerdicts(),
    })
    this.addressPolls = new AddressPolls({
      poll: (address) => this.pollAddress(address),
      rateLimit: host.rateLimit,
      otherPerMinute: () => this.otherPollsPerMinute(),
      fixedIntervalMs: options.addressPollMs,
      // The last and next check moved: the throttled health push carries it, not a status per request.
      onChange: () => host.countersMoved(),
      onError: (address, error, failures) => {
        if (failures === 1) host.problem({ ...error, message: `Reading the transactions of ${address} failed: ${error.message}` })
      },
    })
  }

  /** The socket brought an event of this kind (`id`: its item, when it has one). */
  pushed(kind: PushKind, id: string | null): void {
    this.watch.pushed(kind, id)
  }

  verdict(kind: PushKind): PushVerdict {
    return this.watch.verdict(kind)
  }

  setActivity(activity: Activity): void {
    this.addressPolls.setActivity(activity)
  }

  setOpenAddress(pubkey: string | null): void {
    this.addressPolls.setOpenAddress(pubkey)
  }

  stop(): void {
    this.watch.dispose()
    this.addressPolls.stop()
    if (this.addressCheckTimer) clearInterval(this.addressCheckTimer)
    if (this.recheckTimer) clearTimeout(this.recheckTimer)
    this.addressCheckTimer = this.recheckTimer = null
  }

  /** Takes the polls off a poller shared with others. */
  removePolls(): void {
    this.host.poller.remove(PROOF_FEED_POLL)
    this.host.poller.remove(USER_PROOF_POLL)
  }

  /** The socket could bring events of this kind now: it is live and a channel of the kind is subscribed. */
  private listening(kind: PushKind): boolean {
    if (!this.host.socketLive()) return false
    return this.host.channelStates().some((c) => c.state === 'subscribed' && pushKindOf(parseChannel(c.channel).kind) === kind)
  }

  /** Requests a minute of the polls other than the addresses', taken from the same budget. */
  private otherPollsPerMinute(): number {
    let perMinute = 0
    for (const state of this.host.poller.states()) {
      if (state.active && state.effectiveIntervalMs > 0) perMinute += 60_000 / state.effectiveIntervalMs
    }
    return perMinute
  }

  /** One head read of an address; what it finds is news through the stream, and evidence of whether it is pushed. */
  private async pollAddress(address: string): Promise<void> {
    const followed = this.host.addresses.get(address)
    // While its backfill is due or running, that reads the same: no second request.
    if (!followed || followed.stream.syncing) return
    const found = await followed.stream.poll(this.headLimit())
    this.watch.found('address', found)
  }

  private headLimit(): number {
    return Math.min(5, Math.max(1, this.options.headLimit ?? 5))
  }

  /** The proof feed and the wallet's proofs: polled while not known to be pushed, checked now and then when they are. */
  start(): void {
    const pollStream = (key: string, channel: string, kind: PushKind, pollMs: number): void => {
      const followed = this.host.stream(channel)
      if (!followed || followed.stream.spec.fetchPage === undefined) return
      this.host.poller.add({
        key,
        intervalMs: this.watch.verdict(kind) === 'pushed' ? this.pushCheckMs() : pollMs,
        run: async () => {
          if (!followed.stream.syncing) this.watch.found(kind, await followed.stream.poll(this.headLimit()))
        },
        onValue: () => this.host.countersMoved(),
        onError: (error, failures) => {
          this.host.rateLimit.noteError(error)
          if (failures === 1) this.host.problem({ ...error, message: `Reading the ${followed.stream.spec.describe} failed: ${error.message}` })
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
  applyVerdicts(): void {
    if (!this.host.started() || this.host.stopped()) return
    const pushed = (kind: PushKind): boolean => this.watch.verdict(kind) === 'pushed'
    this.host.poller.setIntervalMs(PROOF_FEED_POLL, pushed('proofs') ? this.pushCheckMs() : (this.options.proofPollMs ?? 5_000))
    this.host.poller.setIntervalMs(USER_PROOF_POLL, pushed('user-proofs') ? this.pushCheckMs() : (this.options.userProofPollMs ?? 15_000))
    const addressesPushed = pushed('address')
    this.addressPolls.setAddresses(addressesPushed ? [] : [...this.host.addresses.keys()])
    if (addressesPushed && !this.addressCheckTimer) {
      this.addressCheckTimer = setInterval(() => void this.checkOneAddress(), this.pushCheckMs())
      this.addressCheckTimer.unref?.()
    } else if (!addressesPushed && this.addressCheckTimer) {
      clearInterval(this.addressCheckTimer)
      this.addressCheckTimer = null
    }
    this.host.emitStatus()
  }

  /** The occasional check of a pushed address kind: one address's head, in turn. */
  private async checkOneAddress(): Promise<void> {
    const addresses = [...this.host.addresses.keys()]
    if (addresses.length === 0 || this.host.rateLimit.blockedUntil() !== null) return
    const address = addresses[this.addressCheckTurn++ % addresses.length] as string
    try {
      await this.pollAddress(address)
    } catch (error) {
      this.host.rateLimit.noteError(toErrorInfo(error))
    }
  }

  /** After each (re)connect, once backfills are done, the kinds believed pushed are checked again. */
  recheckSoon(): void {
    if (this.recheckTimer) clearTimeout(this.recheckTimer)
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = null
      if (this.host.stopped()) return
      if (this.watch.verdict('proofs') === 'pushed') void this.host.poller.pollNow(PROOF_FEED_POLL)
      if (this.watch.verdict('user-proofs') === 'pushed') void this.host.poller.pollNow(USER_PROOF_POLL)
      if (this.watch.verdict('address') === 'pushed') void this.checkOneAddress()
    }, this.options.recheckAfterLiveMs ?? 30_000)
    this.recheckTimer.unref?.()
  }

  /** How each kind of channel is followed, for the status; `seen` is what the live side knows of the socket and stats. */
  following(seen: {
    socketLive: boolean
    overviewPoll: string
    stats: { lastAt: number | null; periodMs: number | null }
  }): ChannelFollowing[] {
    const polls = new Map(this.host.poller.states().map((state) => [state.key, state]))
    return describeFollowing({
      socketLive: seen.socketLive,
      verdict: (kind) => this.watch.verdict(kind),
      checkedAt: (kind) => this.watch.checkedAt(kind),
      proofFeed: polls.get(PROOF_FEED_POLL) ?? null,
      userProofs: this.options.userChannels ? (polls.get(USER_PROOF_POLL) ?? null) : null,
      userNotifications: this.options.userChannels === true,
      addresses: this.host.addresses.size === 0 ? null : this.addressPolls.states(),
      addressCheckMs: this.pushCheckMs(),
      overview: polls.get(seen.overviewPoll) ?? null,
      stats: seen.stats,
      rateLimitedUntil: this.host.rateLimit.blockedUntil(),
    })
  }
}

/** The kind of stream a channel carries, for the push check; null for what is not measured (circuits, unknown). */
export function pushKindOf(kind: ReturnType<typeof parseChannel>['kind']): PushKind | null {
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