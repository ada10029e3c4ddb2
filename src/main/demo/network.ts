/**
 * The simulated proof network behind the demo indexer: a seeded history of
 * the last 30 days, new proofs and transactions on demand or per tick, and
 * the figures and series of the overview. Everything lives in memory. Its
 * records are built in record-factory.ts and kept, indexed and listed in
 * network-records.ts (appending is O(1), list queries are binary searches).
 * Over 400 lines because it is one thing: the network's one object, whose
 * publish and read methods share its state, clock and random stream; the
 * parts that stand alone (records, state, draws, figures, types) are their
 * own files.
 */
import type { SeriesPeriod } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import {
  DEMO_START_SLOT,
  DEMO_WALLET,
  SLOT_MS,
  circuitById,
  type DemoCircuit,
} from './catalog'
import type { PageOf } from './paging'
import { createPrng, type Prng } from './prng'
import { RecordFactory, type Placement } from './record-factory'
import type { NotificationInbox } from './notification-inbox'
import type {
  DemoNotificationKind,
  NotificationRecord,
  ProofRecord,
  TransactionRecord,
} from './records'
import type { CircuitStatus } from './wire-format'
import { NetworkRecords } from './network-records'
import { newNetworkState, type NetworkState } from './network-state'
import { NetworkDraws } from './network-draws'
import { overviewFigures, seriesPoints, snapshotAt } from './network-figures'
import {
  SERIES_PERIOD_MS,
  type NetworkEvent,
  type NetworkFigures,
  type NetworkListener,
  type OtherTransactionKind,
  type ProofFilter,
  type PublishedProof,
  type PublishProofOptions,
  type PublishTransactionOptions,
  type SeriesMetricName,
  type TransactionFilter,
} from './network-types'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
const HISTORY_MS = 30 * DAY_MS
const SNAPSHOT_EVERY_MS = 30 * MINUTE_MS
/** A tick after a long pause (sleep, debugger) catches up at most this much. */
const MAX_CATCH_UP_MS = 5_000

// The network's types are part of its API: importers of './network' keep finding them here.
export * from './network-types'

export interface DemoNetworkOptions {
  /** Same seed, same network. Default 1. */
  seed?: number
  /** Source of the current time (epoch ms). Default Date.now. */
  clock?: () => number
  /** Epoch ms at which the network is at DEMO_START_SLOT; the history lies before it. Default clock(). */
  startTime?: number
  /**
   * Epoch ms of the chain's first start, when earlier than startTime: the
   * slot runs on from there by the wall clock (a demo restarted on the same
   * data folder continues its chain instead of starting over). Default startTime.
   */
  genesis?: number
  /** New proofs per second that tick() publishes. Default 2. */
  rate?: number
  /** Proofs in the initial history. Default 300. */
  historyProofs?: number
  /** Transactions other than proof verifications in the initial history. Default 200. */
  historyTransactions?: number
  /**
   * Records held before the oldest are forgotten (keeps long benchmarks in bounded memory).
   * totalProofs and list totals still count forgotten proofs; the 24-hour figures count held ones.
   */
  maxProofs?: number
  maxTransactions?: number
  /**
   * Continue this network instead of creating one: both then read and write
   * the same records (the other options except `rate` are ignored). A demo
   * indexer restarted with `network: { continueFrom }` serves what was
   * published before, and while it was down.
   */
  continueFrom?: DemoNetwork
}

export class DemoNetwork {
  readonly seed: number
  readonly startTime: number
  /** When the chain was at DEMO_START_SLOT (see DemoNetworkOptions.genesis). */
  readonly genesis: number
  readonly wallet = DEMO_WALLET
  /** Every authority the network draws proofs from, busy ones and the wallet first. */
  readonly authorities: readonly string[]

  private readonly clock: () => number
  private readonly prng: Prng
  private readonly factory: RecordFactory
  private readonly draws: NetworkDraws
  /** Shared with every network that continues this one. */
  private readonly state: NetworkState

  constructor(options: DemoNetworkOptions = {}) {
    const source = options.continueFrom
    if (source !== undefined) {
      // A second handle on the same network: every record, counter, listener and the random stream are shared.
      this.seed = source.seed
      this.clock = source.clock
      this.startTime = source.startTime
      this.genesis = source.genesis
      this.prng = source.prng
      this.factory = source.factory
      this.draws = source.draws
      this.authorities = source.authorities
      this.state = source.state
      if (options.rate !== undefined) this.setRate(options.rate)
      return
    }
    this.seed = options.seed ?? 1
    this.clock = options.clock ?? Date.now
    this.startTime = options.startTime ?? this.clock()
    this.genesis = Math.min(options.genesis ?? this.startTime, this.startTime)
    this.state = newNetworkState(
      checkRate(options.rate ?? 2),
      new NetworkRecords(options.maxProofs ?? 500_000, options.maxTransactions ?? 1_000_000),
    )
    this.prng = createPrng(this.seed)
    this.factory = new RecordFactory(this.prng)

    this.draws = new NetworkDraws(this.prng, this.factory)
    this.authorities = this.draws.authorities

    this.generateHistory(options.historyProofs ?? 300, options.historyTransactions ?? 200)
    this.state.lastTickAt = this.startTime
    this.state.nextSnapshotAt = this.startTime + SNAPSHOT_EVERY_MS
  }

  // ── Driving the network ────────────────────────────────────────────────

  /** Whether a circuit is enabled, and which of its keys is current. */
  circuitStatus(circuitId: number): CircuitStatus {
    return this.state.circuitStatus.get(circuitId) ?? { enabled: true, keyVersion: 0 }
  }

  /** The circuit's verifying key is replaced (as an admin re-registering it would); its circuit must exist. */
  changeCircuitKey(circuitId: number): void {
    const status = this.circuitStatus(this.requireCircuit(circuitId).id)
    this.state.circuitStatus.set(circuitId, { ...status, keyVersion: status.keyVersion + 1 })
  }

  /** A disabled circuit verifies no new proofs here; /api/circuits says `enabled: false`. */
  setCircuitEnabled(circuitId: number, enabled: boolean): void {
    const status = this.circuitStatus(this.requireCircuit(circuitId).id)
    this.state.circuitStatus.set(circuitId, { ...status, enabled })
  }


  /** Called with every record the network creates, in order. Returns the unsubscribe. */
  onEvent(listener: NetworkListener): () => void {
    this.state.listeners.add(listener)
    return () => this.state.listeners.delete(listener)
  }

  getRate(): number {
    return this.state.rate
  }

  setRate(proofsPerSecond: number): void {
    this.state.rate = checkRate(proofsPerSecond)
  }

  /**
   * Advances the network to `now`: publishes `rate` proofs per elapsed second
   * (spread over the interval), some transfers and the odd revocation or
   * notice, and records series snapshots that fell due. What it publishes
   * reaches the onEvent listeners.
   */
  tick(now: number = this.clock()): void {
    const from = this.state.lastTickAt
    const elapsed = Math.min(Math.max(0, now - from), MAX_CATCH_UP_MS)
    this.state.lastTickAt = Math.max(from, now)
    this.state.pendingProofs += (this.state.rate * elapsed) / 1000
    const count = Math.floor(this.state.pendingProofs)
    this.state.pendingProofs -= count

    for (let index = 0; index < count; index++) {
      const at = Math.floor(from + (elapsed * (index + 1)) / count)
      this.publishProof({ at })
      if (this.prng.chance(0.4)) this.publishTransaction({ at })
      if (this.prng.chance(0.01)) this.revokeProof(undefined, at)
      if (this.prng.chance(0.002)) this.publishNotification('SYSTEM', at)
    }

    while (this.state.nextSnapshotAt <= now) {
      this.state.snapshots.push(snapshotAt(this.seed, this.state.records, this.state.nextSnapshotAt))
      this.state.nextSnapshotAt += SNAPSHOT_EVERY_MS
    }
  }

  publishProof(options: PublishProofOptions = {}): PublishedProof {
    const circuit = options.circuitId === undefined ? this.draws.circuit((id) => this.circuitStatus(id).enabled) : circuitById(options.circuitId)
    if (circuit === undefined) throw invalidArgument(`unknown circuit ${String(options.circuitId)}`)
    const authority = options.authority ?? this.draws.authority()
    const proof = this.factory.proof(this.place(options.at, 'proof'), authority, circuit, false)
    const transaction = this.factory.verifyTransaction(this.state.nextTransactionSeq++, proof)
    this.state.records.appendProof(proof)
    this.state.records.appendTransaction(transaction)
    this.emit({ kind: 'proof', proof, transaction })
    let notification: NotificationRecord | null = null
    if (authority === DEMO_WALLET) {
      notification = this.factory.notification('PROOF_VERIFIED', proof.timeMs, proof.circuit, { kind: 'proof', id: proof.proofAccount })
      this.notify(notification)
    }
    return { proof, transaction, notification }
  }

  /** A transaction that verifies no proof: a transfer, token transfer, memo or failed verification. */
  publishTransaction(options: PublishTransactionOptions = {}): TransactionRecord {
    const at = this.place(options.at, 'transaction')
    const kind = options.kind ?? this.draws.otherKind()
    const transaction = this.factory.otherTransaction(at, {
      kind,
      ...this.draws.parties(options.feePayer, options.counterparty),
      failed: options.failed ?? (kind === 'failed-verify' || this.prng.chance(0.05)),
      blockTimeKnown: true,
    })
    this.state.records.appendTransaction(transaction)
    this.emit({ kind: 'transaction', transaction })
    return transaction
  }

  /**
   * Revokes a proof (by default the demo wallet's newest live one). Returns
   * null when there is no such proof or it is already revoked.
   */
  revokeProof(proofAccount?: string, at?: number): PublishedProof | null {
    const proof = proofAccount === undefined ? this.state.records.newestLiveProofOf(DEMO_WALLET) : this.state.records.proofsByAccount.get(proofAccount)
    if (proof === undefined || proof.revoked) return null
    proof.revoked = true
    proof.verified = false
    const transaction = this.factory.revokeTransaction(this.place(at, 'transaction'), proof)
    this.state.records.appendTransaction(transaction)
    this.emit({ kind: 'revocation', proof, transaction })
    let notification: NotificationRecord | null = null
    if (proof.authority === DEMO_WALLET) {
      notification = this.factory.notification('PROOF_REVOKED', transaction.timeMs, proof.circuit, { kind: 'proof', id: proof.proofAccount })
      this.notify(notification)
    }
    return { proof, transaction, notification }
  }

  /** A notice for the demo user (`user:notifications`). */
  publishNotification(kind: DemoNotificationKind = 'SYSTEM', at?: number): NotificationRecord {
    const notification = this.factory.notification(kind, Math.max(at ?? this.clock(), this.state.newestTimeMs))
    this.notify(notification)
    return notification
  }

  /** The demo user's notification list (GET /api/notifications). */
  get inbox(): NotificationInbox {
    return this.state.inbox
  }

  /** Kept in the user's list, then pushed on `user:notifications`. */
  private notify(notification: NotificationRecord): void {
    this.state.inbox.add(notification)
    this.emit({ kind: 'notification', notification })
  }

  // ── Reading ────────────────────────────────────────────────────────────

  now(): number {
    return this.clock()
  }

  slotAt(timeMs: number): number {
    return Math.max(this.state.newestSlot, DEMO_START_SLOT + Math.floor((timeMs - this.genesis) / SLOT_MS))
  }

  /** Proofs ever published, including any no longer held. */
  get totalProofs(): number {
    return this.state.records.proofTally.total
  }

  /** Proofs and transactions currently held (the oldest beyond maxProofs / maxTransactions are forgotten). */
  get proofCount(): number {
    return this.state.records.proofs.length
  }

  get transactionCount(): number {
    return this.state.records.transactions.length
  }

  overview(now: number = this.clock()): NetworkFigures {
    return overviewFigures(this.seed, this.state.records, now, this.slotAt(now))
  }

  /**
   * The period's half-hourly snapshots, oldest first, thinned to at most 200
   * points and always ending with the newest one (see seriesPoints).
   */
  series(metric: SeriesMetricName, period: SeriesPeriod, now: number = this.clock()): { t: number; value: number }[] {
    return seriesPoints(this.state.snapshots, metric, SERIES_PERIOD_MS[period], now)
  }

  /** Authorities by proofs in the last 24 hours, most first. */
  leaderboard(limit: number, now: number = this.clock()): { pubkey: string; proofCount: number }[] {
    return this.state.records.leaderboard(limit, now)
  }

  getProof(proofAccount: string): ProofRecord | undefined {
    return this.state.records.proofsByAccount.get(proofAccount)
  }

  getTransaction(signature: string): TransactionRecord | undefined {
    return this.state.records.transactionsBySignature.get(signature)
  }

  listProofs(filter: ProofFilter): PageOf<ProofRecord> {
    return this.state.records.listProofs(filter)
  }

  listTransactions(filter: TransactionFilter): PageOf<TransactionRecord> {
    return this.state.records.listTransactions(filter)
  }

  // ── Internals ──────────────────────────────────────────────────────────

  private generateHistory(proofCount: number, otherCount: number): void {
    // Draw every time first and build in time order, so seq order is time order.
    type Planned = { timeMs: number; kind: 'proof' | OtherTransactionKind }
    const planned: Planned[] = []
    for (let index = 0; index < proofCount; index++) {
      // Denser towards now: about one proof in seven falls in the last day.
      planned.push({ timeMs: this.startTime - 1 - Math.floor(HISTORY_MS * this.prng.next() ** 1.7), kind: 'proof' })
    }
    for (let index = 0; index < otherCount; index++) {
      planned.push({
        timeMs: this.startTime - 1 - Math.floor(HISTORY_MS * this.prng.next() ** 1.3),
        kind: this.draws.otherKind(),
      })
    }
    planned.sort((a, b) => a.timeMs - b.timeMs)

    for (const { timeMs, kind } of planned) {
      if (kind === 'proof') {
        const proof = this.factory.proof(
          this.place(timeMs, 'proof'),
          this.draws.authority(),
          this.draws.circuit((id) => this.circuitStatus(id).enabled),
          this.prng.chance(0.03),
        )
        this.state.records.appendProof(proof)
        this.state.records.appendTransaction(this.factory.verifyTransaction(this.state.nextTransactionSeq++, proof))
      } else {
        this.state.records.appendTransaction(
          this.factory.otherTransaction(this.place(timeMs, 'transaction'), {
            kind,
            ...this.draws.parties(undefined, undefined),
            failed: kind === 'failed-verify' || this.prng.chance(0.06),
            blockTimeKnown: this.prng.chance(0.98),
          }),
        )
      }
    }

    for (let t = this.startTime - HISTORY_MS + SNAPSHOT_EVERY_MS; t <= this.startTime; t += SNAPSHOT_EVERY_MS) {
      this.state.snapshots.push(snapshotAt(this.seed, this.state.records, t))
    }
  }

  /** Time, slot and seq of a new record; time and slot never go backwards. */
  private place(timeMs: number | undefined, kind: 'proof' | 'transaction'): Placement {
    const at = Math.max(this.state.newestTimeMs, timeMs ?? this.clock())
    const slot = this.slotAt(at)
    this.state.newestTimeMs = at
    this.state.newestSlot = slot
    const seq = kind === 'proof' ? this.state.nextProofSeq++ : this.state.nextTransactionSeq++
    return { seq, timeMs: at, slot }
  }

  private emit(event: NetworkEvent): void {
    for (const listener of this.state.listeners) {
      try {
        listener(event)
      } catch (error) {
        // A failing consumer must not stop the network or the other consumers.
        console.error('demo network listener failed:', error)
      }
    }
  }

  private requireCircuit(circuitId: number): DemoCircuit {
    const circuit = circuitById(circuitId)
    if (circuit === undefined) throw invalidArgument(`unknown circuit ${String(circuitId)}`)
    return circuit
  }
}

function invalidArgument(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
}

function checkRate(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0) throw invalidArgument(`rate must be a number >= 0, got ${rate}`)
  return rate
}
