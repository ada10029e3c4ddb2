/**
 * Turns what the live side and the indexer's own list hand on into the
 * notification centre's entries, one per thing that happened:
 *
 * - A proof of the user's seen on `user:proofs` and the indexer's
 *   PROOF_VERIFIED notification about it are one entry. They are matched by
 *   proof account (from the notification's `data.url`) or, for a socket
 *   event that leaves the url out, by type and time: a proof waits
 *   `pairWindowMs` for its notification before it becomes an entry itself.
 * - Transactions of one watched address (proofs of one followed circuit) in
 *   a burst are one group entry, updated as the burst grows and expandable
 *   to its items; a gap, a long burst or reading it starts the next group
 *   (burst-groups.ts).
 * - The account's "Watched address activity" notice about an address the
 *   app watches too is one entry with the app's own for that address: the
 *   address's group, which then takes the notice's id (so its read state
 *   goes to the indexer's list, and the list's copy is known as held).
 * - The user's own verified proofs (PROOF_VERIFIED, one every few seconds
 *   for a busy wallet) roll into one updating entry ("12 of your proofs
 *   verified"), which takes its first notification's id; a quiet gap of
 *   `ownRollupGapMs` or reading it starts the next (own-proof-rollup.ts). Only its first proof
 *   is a candidate, and that under the `userProofs` source, off by default.
 * - Entries name watched addresses by their labels and link to a subject.
 *
 * Entries also yield the candidates the decision path judges: one per
 * revocation or notification, but one per burst of a group (and one for a
 * burst's first failed transaction), so a busy address interrupts once.
 */
import type { AddressTransaction, AppNotification, CircuitProof, ProofSummary, Subject } from '@shared/domain'
import type { Topic } from '@shared/unread'
import { circuitLabel } from '@shared/circuit-label'
import { addressTransactionCandidate, circuitProofCandidate, proofTypeLabel, revokedCandidate, userProofCandidate, type NotifyCandidate } from './candidates'
import { shortId } from '@shared/ids'
import { subjectOfNotification } from '../indexer/notification-subject'
import { routeForNotification } from './routes'
import type { NotifyClock } from './timers'
import { reasonFor, reasonText } from './reason'
import { BoundedMap } from './bounded-map'
import { OwnProofRollups } from './own-proof-rollup'
import { BurstGroups, DEFAULT_BURST_GAP_MS, DEFAULT_BURST_SPAN_MS, groupEntry, WATCHED_ACTIVITY_TITLE, type BurstGroup } from './burst-groups'
import type { NotificationReason } from '@shared/notification-reason'

export interface EntryBuilderOptions {
  clock: NotifyClock
  /** A watched address as the user named it (its label), else shortened. */
  describeAddress(pubkey: string): string
  /** Whether the app watches an address itself; default no. */
  followsAddress?(pubkey: string): boolean
  /** A circuit as every view names it (shared/circuit-label.ts); "Circuit #id" by default. */
  describeCircuit?(circuitId: string): string
  /** New or changed entries, and the candidates for native notifications they bring. */
  emit(entries: AppNotification[], candidates: NotifyCandidate[]): void
  /** Entries another one now stands for (a proof whose notification arrived late). */
  remove(ids: string[]): void
  /** How long a proof of the user's waits for its notification. Default 5000. */
  pairWindowMs?: number
  /** A quiet gap this long ends a burst. Default 60_000. */
  burstGapMs?: number
  /** A burst is cut into groups of at most this span. Default 600_000. */
  burstSpanMs?: number
  /** Items a group lists (its count goes on). Default 50. */
  groupItemsKept?: number
  /** Accounts remembered as paired, so a late copy of either side adds nothing. Default 5000. */
  memory?: number
  /** A quiet gap this long ends the roll-up of the user's verified proofs. Default 1_800_000 (30 min). */
  ownRollupGapMs?: number
}

interface PendingProof {
  proof: ProofSummary
  at: number
  timer: unknown
}

const PAIRED_KINDS: ReadonlySet<string> = new Set(['PROOF_VERIFIED'])

export class EntryBuilder {
  private readonly pending = new Map<string, PendingProof>()
  /** PROOF_VERIFIED notifications that named no proof, waiting for one to pair with. */
  private unpaired: Array<{ entry: AppNotification; at: number }> = []
  private readonly pairedAccounts: BoundedMap<string, string>
  private readonly proofEntries: BoundedMap<string, string>
  private readonly groups: BurstGroups
  /** Revoked proofs told once, by our re-read or the indexer's PROOF_REVOKED: the account and that entry's id. */
  private readonly revokedEntries: BoundedMap<string, string>
  /** Watched-activity notices already in a group (socket and list copies add nothing). */
  private readonly absorbedNotices: BoundedMap<string, string>
  private readonly pairWindowMs: number
  private readonly groupItemsKept: number
  private readonly ownProofs: OwnProofRollups

  constructor(private readonly options: EntryBuilderOptions) {
    this.pairWindowMs = options.pairWindowMs ?? 5000
    this.groupItemsKept = options.groupItemsKept ?? 50
    this.groups = new BurstGroups(options.burstGapMs ?? DEFAULT_BURST_GAP_MS, options.burstSpanMs ?? DEFAULT_BURST_SPAN_MS, this.groupItemsKept)
    this.pairedAccounts = new BoundedMap(options.memory ?? 5000)
    this.proofEntries = new BoundedMap(options.memory ?? 5000)
    this.revokedEntries = new BoundedMap(options.memory ?? 5000)
    this.absorbedNotices = new BoundedMap(options.memory ?? 5000)
    this.ownProofs = new OwnProofRollups(options.ownRollupGapMs ?? 1_800_000, this.groupItemsKept, options.memory ?? 5000)
  }

  /**
   * Proofs found revoked by re-reading (`own`: the user's). One entry each;
   * one the indexer already told (its PROOF_REVOKED) adds nothing.
   */
  revokedProofs(items: readonly { proof: ProofSummary; own: boolean }[], notify = true): void {
    const now = this.options.clock.now()
    const entries: AppNotification[] = []
    const candidates: NotifyCandidate[] = []
    for (const { proof, own } of items) {
      const account = proof.proofAccount
      if (this.revokedEntries.has(account)) continue
      const id = `PROOF_REVOKED:${account}`
      const candidate = revokedCandidate(proof, own, now, this.options.describeAddress)
      const subject: Subject = { kind: 'proof', id: account }
      const topic: Topic | null = !own && proof.authority ? { kind: 'address', id: proof.authority } : null
      const watched = !own && proof.authority ? { kind: 'address' as const, name: this.options.describeAddress(proof.authority) } : null
      const reason = reasonFor({ source: candidate.source, watched, revoked: own })
      candidate.reason = reason.text
      entries.push({
        id,
        kind: 'PROOF_REVOKED',
        title: candidate.title,
        body: candidate.body,
        receivedAt: now,
        read: false,
        subject,
        topic,
        raw: { id, type: 'PROOF_REVOKED', title: candidate.title, body: candidate.body, subject },
        extra: {},
        reason,
      })
      this.revokedEntries.set(account, id)
      if (notify) candidates.push(candidate)
    }
    if (entries.length > 0) this.options.emit(entries, candidates)
  }

  /** The indexer's notifications, from its socket or its list. `notify`: false for what was read or is old history. */
  notifications(items: readonly AppNotification[], notify = true): void {
    const now = this.options.clock.now()
    this.pruneUnpaired(now)
    const entries: AppNotification[] = []
    const candidates: NotifyCandidate[] = []
    const removed: string[] = []
    for (const item of items) {
      let subject = subjectOfNotification(item)
      const watchedAddress = this.watchedActivityAddress(item, subject)
      if (watchedAddress !== null) {
        this.absorbNotice(item, watchedAddress, now, notify, entries, candidates, removed)
        continue
      }
      if (PAIRED_KINDS.has(item.kind)) {
        if (subject?.kind === 'proof') {
          const account = subject.id
          const waiting = this.pending.get(account)
          if (waiting) this.cancelPending(account)
          const standalone = this.proofEntries.get(account)
          if (standalone !== undefined) {
            removed.push(standalone)
            this.proofEntries.delete(account)
          }
          const pairedWith = this.pairedAccounts.get(account)
          this.pairedAccounts.set(account, item.id)
          // The same proof told again under another id (a copy of an already paired one) adds nothing.
          if (pairedWith !== undefined && pairedWith !== item.id) continue
        } else if (subject === null) {
          const oldest = this.oldestPending(now)
          if (oldest) {
            this.cancelPending(oldest.proof.proofAccount)
            this.pairedAccounts.set(oldest.proof.proofAccount, item.id)
            subject = { kind: 'proof', id: oldest.proof.proofAccount }
          }
        }
      }
      // A revocation told twice (our re-read, then the indexer's PROOF_REVOKED, or the reverse) is one entry, one pop-up.
      let toldAlready = false
      if (item.kind === 'PROOF_REVOKED' && subject?.kind === 'proof') {
        const ours = this.revokedEntries.get(subject.id)
        if (ours !== undefined && ours !== item.id) {
          removed.push(ours)
          toldAlready = true
        }
        this.revokedEntries.set(subject.id, item.id)
      }
      const entry: AppNotification = { ...item, subject, topic: item.topic ?? topicOfSubject(subject), reason: reasonFor({ source: sourceOf(item), revoked: item.kind === 'PROOF_REVOKED' }) }
      if (PAIRED_KINDS.has(item.kind) && subject === null) this.unpaired.push({ entry, at: now })
      if (PAIRED_KINDS.has(item.kind) && !item.read) {
        this.rollOwn(entry, now, notify && !toldAlready, entries, candidates)
        continue
      }
      entries.push(entry)
      if (notify && !item.read && !toldAlready) candidates.push(candidateOf(entry, now))
    }
    if (removed.length > 0) this.options.remove(removed)
    if (entries.length > 0) this.options.emit(entries, candidates)
  }

  /** Proofs of the user's wallet (`user:proofs`). */
  userProofs(proofs: readonly ProofSummary[], notify = true): void {
    const now = this.options.clock.now()
    this.pruneUnpaired(now)
    const entries: AppNotification[] = []
    for (const proof of proofs) {
      const account = proof.proofAccount
      if (this.pairedAccounts.has(account) || this.pending.has(account) || this.proofEntries.has(account)) continue
      const waiting = this.unpaired.shift()
      if (waiting) {
        // Its notification came first: it now names the proof.
        this.pairedAccounts.set(account, waiting.entry.id)
        const named = { ...waiting.entry, subject: { kind: 'proof' as const, id: account } }
        entries.push(this.ownProofs.named(named, now) ?? named)
        continue
      }
      const timer = this.options.clock.setTimeout(() => this.releasePending(account, notify), this.pairWindowMs)
      this.pending.set(account, { proof, at: now, timer })
    }
    if (entries.length > 0) this.options.emit(entries, [])
  }

  addressTransactions(items: readonly AddressTransaction[], notify = true): void {
    const now = this.options.clock.now()
    const touched = new Map<string, BurstGroup>()
    const candidates: NotifyCandidate[] = []
    for (const { address, transaction } of items) {
      const failed = transaction.status?.toUpperCase() === 'FAILED'
      const group = this.groups.groupFor({ kind: 'address', id: address }, `ADDRESS_TRANSACTION:${address}:${transaction.signature}`, now)
      this.groups.add(group, { subject: { kind: 'transaction', id: transaction.signature }, text: shortId(transaction.signature), at: transaction.blockTime ?? now, failed }, now, failed)
      touched.set(group.id, group)
      // One pop-up per burst of an address, and one more for its first failure: the entry itself keeps counting.
      if (notify && (group.count === 1 || (failed && group.failed === 1))) {
        const name = this.options.describeAddress(address)
        candidates.push({ ...addressTransactionCandidate({ address, transaction }, now, () => name), reason: reasonText({ source: 'addresses', watched: { kind: 'address', name } }) })
      }
    }
    this.emitGroups([...touched.values()], candidates)
  }

  circuitProofs(items: readonly CircuitProof[], notify = true): void {
    const now = this.options.clock.now()
    const touched = new Map<string, BurstGroup>()
    const candidates: NotifyCandidate[] = []
    for (const { circuitId, proof } of items) {
      const group = this.groups.groupFor({ kind: 'circuit', id: circuitId }, `CIRCUIT_PROOF:${circuitId}:${proof.proofAccount}`, now)
      this.groups.add(group, { subject: { kind: 'proof', id: proof.proofAccount }, text: `${proofTypeLabel(proof)} ${shortId(proof.proofAccount)}`, at: now }, now)
      touched.set(group.id, group)
      if (notify && group.count === 1) {
        const circuit = this.circuit(circuitId)
        candidates.push({ ...circuitProofCandidate({ circuitId, proof }, now, () => circuit), reason: reasonText({ source: 'circuits', watched: { kind: 'circuit', name: circuit } }) })
      }
    }
    this.emitGroups([...touched.values()], candidates)
  }

  /** Entries were read: their open groups take no more, so what comes next is unread again. */
  closeGroups(which: 'all' | { ids: readonly string[] } | { topic: Topic }): void {
    if (which === 'all' || 'ids' in which) this.ownProofs.close(which)
    this.groups.close(which)
  }

  /** Proofs still waiting for their notification become entries now. */
  flush(): void {
    for (const account of [...this.pending.keys()]) this.releasePending(account, true)
  }

  dispose(): void {
    for (const waiting of this.pending.values()) this.options.clock.clearTimeout(waiting.timer)
    this.pending.clear()
    this.unpaired = []
    this.groups.clear()
  }

  /** A verified proof of the user's joins the open roll-up (own-proof-rollup.ts), which interrupts once, when it starts. */
  private rollOwn(entry: AppNotification, now: number, notify: boolean, entries: AppNotification[], candidates: NotifyCandidate[]): void {
    const rolled = this.ownProofs.add(entry, now)
    entries.push(rolled.entry)
    if (notify && rolled.started) candidates.push(candidateOf(entry, now))
  }

  /** The address of an account notice about an address the app watches itself; null for any other notification. */
  private watchedActivityAddress(item: AppNotification, subject: Subject | null): string | null {
    if (item.kind !== 'SYSTEM' || item.title !== WATCHED_ACTIVITY_TITLE || subject?.kind !== 'address') return null
    return this.options.followsAddress?.(subject.id) === true ? subject.id : null
  }

  /**
   * The notice joins the address's group: one entry for what the app saw and what the account said.
   * The group takes the first notice's id, so marking it read reaches the indexer's list.
   */
  private absorbNotice(item: AppNotification, address: string, now: number, notify: boolean, entries: AppNotification[], candidates: NotifyCandidate[], removed: string[]): void {
    if (this.absorbedNotices.has(item.id)) return
    const group = this.groups.groupFor({ kind: 'address', id: address }, item.id, now)
    this.absorbedNotices.set(item.id, group.id)
    if (group.noticeId === null) {
      if (group.id !== item.id) {
        removed.push(group.id)
        group.id = item.id
      }
      group.noticeId = item.id
    }
    group.notices++
    const entry = this.groupEntry(group)
    entries.push(group.count === 0 && group.notices === 1 ? { ...entry, read: item.read } : entry)
    // The app's own transactions pop up for themselves; a notice alone does, once.
    if (notify && !item.read && group.count === 0 && group.notices === 1) {
      candidates.push({ ...candidateOf(entry, now), source: 'addresses', address })
    }
  }

  private emitGroups(groups: readonly BurstGroup[], candidates: NotifyCandidate[]): void {
    if (groups.length === 0) return
    this.options.emit(
      groups.map((group) => this.groupEntry(group)),
      candidates,
    )
  }

  private circuit(circuitId: string): string {
    return this.options.describeCircuit?.(circuitId) ?? circuitLabel(circuitId)
  }

  private groupEntry(group: BurstGroup): AppNotification {
    return groupEntry(group, group.topic.kind === 'address' ? this.options.describeAddress(group.topic.id) : this.circuit(group.topic.id))
  }

  private oldestPending(now: number): PendingProof | undefined {
    for (const waiting of this.pending.values()) if (now - waiting.at <= this.pairWindowMs) return waiting
    return undefined
  }

  private cancelPending(account: string): void {
    const waiting = this.pending.get(account)
    if (!waiting) return
    this.options.clock.clearTimeout(waiting.timer)
    this.pending.delete(account)
  }

  private releasePending(account: string, notify: boolean): void {
    const waiting = this.pending.get(account)
    if (!waiting) return
    this.cancelPending(account)
    const { proof } = waiting
    const id = `USER_PROOF:${account}`
    const title = 'New proof of yours'
    const body = proof.circuitId ? `${proofTypeLabel(proof)} ${shortId(account)} on ${this.circuit(proof.circuitId)}` : `${proofTypeLabel(proof)} ${shortId(account)}`
    const subject: Subject = { kind: 'proof', id: account }
    const entry: AppNotification = {
      id,
      kind: 'USER_PROOF',
      title,
      body,
      receivedAt: waiting.at,
      read: false,
      subject,
      topic: null,
      raw: { id, type: 'USER_PROOF', title, body, subject },
      extra: {},
      reason: reasonFor({ source: 'userProofs' }),
    }
    this.proofEntries.set(account, id)
    const candidates: NotifyCandidate[] = notify ? [{ ...userProofCandidate(proof, this.options.clock.now(), (circuitId) => this.circuit(circuitId)), reason: entry.reason?.text }] : []
    this.options.emit([entry], candidates)
  }

  private pruneUnpaired(now: number): void {
    this.unpaired = this.unpaired.filter((waiting) => now - waiting.at <= this.pairWindowMs)
  }
}

function topicOfSubject(subject: Subject | null): Topic | null {
  return subject && (subject.kind === 'address' || subject.kind === 'circuit') ? { kind: subject.kind, id: subject.id } : null
}

/**
 * A revoked proof of the user's is a health alert with a rule of its own; a verified one is one of the user's proofs
 * (the `userProofs` source, off by default: routine, not worth an interruption); other notifications are the indexer's.
 */
function sourceOf(entry: AppNotification): NotificationReason['source'] {
  return entry.kind === 'PROOF_REVOKED' ? 'health' : PAIRED_KINDS.has(entry.kind) ? 'userProofs' : 'notifications'
}

export function candidateOf(entry: AppNotification, at: number): NotifyCandidate {
  const revoked = entry.kind === 'PROOF_REVOKED'
  return {
    key: `notification:${entry.id}`,
    source: sourceOf(entry),
    ...(revoked ? { alert: 'proofRevoked' as const } : {}),
    title: entry.title,
    body: entry.body,
    route: routeForNotification(entry),
    address: null,
    circuitId: null,
    failed: false,
    at,
    ...(entry.reason ? { reason: entry.reason.text } : {}),
  }
}
