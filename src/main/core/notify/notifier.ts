/**
 * The notify core: which events show a native notification, and how they are
 * coalesced. Fed the monitor's event batches; calls `show` with each
 * notification to display and counts what it held back and why. The
 * Electron layer only displays what this decides.
 */
import type { NotificationRules } from '@shared/notification-rules'
import { notificationText } from '@shared/notification-text'
import type { EventLike, NotifyCandidate } from './candidates'
import { candidatesFromBatch } from './candidates'
import type { CoalescerStats } from './coalescer'
import { Coalescer } from './coalescer'
import type { Watchlist } from '@shared/watchlist'
import type { MutedSubjects, RuleVerdict, SuppressReason } from './rules'
import { evaluateRules, inQuietHours, NOTHING_MUTED, SUPPRESS_REASONS } from './rules'
import type { NativeNotice } from './summary'
import type { NotifyClock } from './timers'
import { localMinutesOfDay, systemClock } from './timers'
import { forgetOldest } from '@shared/forget-oldest'

export interface NotifierOptions {
  /** The current rules; read for every decision, so a change applies at once. */
  rules(): NotificationRules
  show(notice: NativeNotice): void
  clock?: NotifyClock
  /** Minutes after local midnight of an epoch-ms time (quiet hours are local). */
  minutesOfDay?: (epochMs: number) => number
  burstWindowMs?: number
  describeAddress?: (address: string) => string
  /** How many recent event keys are remembered, so a repeat (a backfilled copy) notifies once. */
  memory?: number
  /** Whether a snooze in force covers a candidate. */
  snoozed?: (candidate: NotifyCandidate) => boolean
}

export interface Decision {
  candidate: NotifyCandidate
  verdict: RuleVerdict
}

export interface NotifierStats {
  /** Notifiable events seen, repeats excluded. */
  events: number
  /** Events seen again with a key already handled. */
  repeats: number
  /** Events (or events of a held summary) that showed nothing, by reason. */
  suppressed: Record<SuppressReason, number>
  /** Native notifications shown. */
  shown: number
  coalescer: CoalescerStats
}

export class Notifier {
  private readonly clock: NotifyClock
  private readonly minutesOfDay: (epochMs: number) => number
  private readonly coalescer: Coalescer
  private readonly seen = new Set<string>()
  private readonly memory: number
  private readonly counts = { events: 0, repeats: 0, shown: 0 }
  private muted: MutedSubjects = NOTHING_MUTED
  private readonly suppressed = Object.fromEntries(SUPPRESS_REASONS.map((reason) => [reason, 0])) as Record<SuppressReason, number>

  constructor(private readonly options: NotifierOptions) {
    this.clock = options.clock ?? systemClock
    this.minutesOfDay = options.minutesOfDay ?? localMinutesOfDay
    this.memory = options.memory ?? 5000
    this.coalescer = new Coalescer({
      clock: this.clock,
      maxPerMinute: () => options.rules().maxPerMinute,
      burstWindowMs: options.burstWindowMs,
      describeAddress: options.describeAddress,
      show: (notice) => this.showUnlessHeld(notice),
    })
  }

  /** Each watched address and followed circuit notifies unless its own switch is off. */
  setWatchlist(watchlist: Watchlist): void {
    this.muted = {
      addresses: new Set(watchlist.addresses.filter((a) => !a.notify).map((a) => a.pubkey)),
      circuits: new Set(watchlist.circuits.filter((c) => !c.notify).map((c) => c.circuitId)),
    }
  }

  /**
   * Decides for every notifiable event of a batch; returns the decisions for
   * events not seen before. A `watchlist` event in the batch applies first.
   */
  push(batch: readonly EventLike[]): Decision[] {
    const now = this.clock.now()
    for (const { event, payload } of batch) if (event === 'watchlist' && isWatchlist(payload)) this.setWatchlist(payload)
    return this.consider(candidatesFromBatch(batch, now, { describeAddress: this.options.describeAddress }))
  }

  /** Decides for each candidate (the notification centre hands them on, one per event); returns the decisions for those not seen before. */
  consider(candidates: readonly NotifyCandidate[]): Decision[] {
    const rules = this.options.rules()
    const minutes = this.minutesOfDay(this.clock.now())
    const decisions: Decision[] = []
    for (const given of candidates) {
      // Every pop-up passes here, whichever path built it (centre entries, health, batches): cleaned once for all.
      // The reason stays apart: it becomes the pop-up's last line when it shows.
      const candidate = { ...given, ...notificationText({ title: given.title, body: given.body }) }
      if (!this.remember(candidate.key)) {
        this.counts.repeats++
        continue
      }
      this.counts.events++
      const verdict = evaluateRules(candidate, rules, minutes, this.muted, this.options.snoozed)
      decisions.push({ candidate, verdict })
      if (verdict.notify) this.coalescer.add(candidate)
      else this.suppressed[verdict.reason]++
    }
    return decisions
  }

  /** Shows what is gathered now instead of at the end of the burst window (the cap still applies). */
  flush(): void {
    this.coalescer.flush()
  }

  stats(): NotifierStats {
    return { ...this.counts, suppressed: { ...this.suppressed }, coalescer: this.coalescer.stats() }
  }

  dispose(): void {
    this.coalescer.dispose()
  }

  private remember(key: string): boolean {
    if (this.seen.has(key)) return false
    this.seen.add(key)
    forgetOldest(this.seen, this.memory)
    return true
  }

  /** Do-not-disturb or quiet hours may have begun while the burst was gathered. */
  private showUnlessHeld(notice: NativeNotice): void {
    const rules = this.options.rules()
    if (rules.doNotDisturb) {
      this.suppressed['do-not-disturb'] += notice.count
      return
    }
    if (inQuietHours(rules.quietHours, this.minutesOfDay(this.clock.now()))) {
      this.suppressed['quiet-hours'] += notice.count
      return
    }
    this.counts.shown++
    this.options.show(notice)
  }
}

function isWatchlist(value: unknown): value is Watchlist {
  if (typeof value !== 'object' || value === null) return false
  const { addresses, circuits } = value as Partial<Watchlist>
  return Array.isArray(addresses) && Array.isArray(circuits)
}
