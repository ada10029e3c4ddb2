/**
 * Health alerts: what a monitor should say about the indexer itself.
 *
 * - The indexer unreachable (no live socket) for longer than N minutes, and
 *   back again after such an alert.
 * - The overview's `status` other than `online`, and online again.
 * - The slot not advancing for N minutes while connected (a stalled indexer),
 *   and advancing again.
 * - The slot going backwards: the indexer started its chain over, so its
 *   totals may now be lower than what the cache holds.
 *
 * Each alert is a rule of its own in the notification rules; what it raises
 * goes through the same decision path as every other entry.
 */
import type { HealthRules } from '@shared/notification-rules'
import { ClockTimer, type NotifyClock } from './timers'

export type HealthAlertKind = 'unreachable' | 'reachable' | 'status' | 'status-online' | 'stalled' | 'advancing' | 'chain-restarted'

export interface HealthAlert {
  kind: HealthAlertKind
  title: string
  body: string
  /** Epoch ms. */
  at: number
}

export interface HealthWatchOptions {
  clock: NotifyClock
  rules(): HealthRules
  raise(alert: HealthAlert): void
}

const MINUTE_MS = 60_000

function minutes(ms: number): string {
  const whole = Math.max(1, Math.round(ms / MINUTE_MS))
  return whole === 1 ? '1 minute' : `${whole} minutes`
}

export class HealthWatch {
  private live: boolean | null = null
  private downSince: number | null = null
  private readonly unreachableTimer: ClockTimer
  private unreachableRaised = false
  private status: string | null = null
  private statusRaised = false
  private slot: bigint | null = null
  private slotSince = 0
  private readonly stallTimer: ClockTimer
  private stallRaised = false
  private disposed = false

  constructor(private readonly options: HealthWatchOptions) {
    this.unreachableTimer = new ClockTimer(options.clock)
    this.stallTimer = new ClockTimer(options.clock)
  }

  /** Whether the live socket is up; `paused`: the user stopped it, which is no outage. */
  noteConnection(live: boolean, paused = false): void {
    if (this.disposed) return
    const now = this.options.clock.now()
    if (paused) {
      this.unreachableTimer.cancel()
      this.stallTimer.cancel()
      this.live = null
      this.downSince = null
      return
    }
    if (live === this.live) return
    this.live = live
    if (live) {
      this.unreachableTimer.cancel()
      if (this.unreachableRaised && this.downSince !== null && this.options.rules().unreachable) {
        this.raise('reachable', 'Indexer reachable again', `Connected again after ${minutes(now - this.downSince)} away`)
      }
      this.unreachableRaised = false
      this.downSince = null
      // The slot is judged from now: time offline is no stall.
      this.slotSince = now
      this.scheduleStall()
      return
    }
    this.stallTimer.cancel()
    this.downSince ??= now
    this.scheduleUnreachable()
  }

  noteOverview(status: string | null, slot: string | null): void {
    if (this.disposed) return
    const now = this.options.clock.now()
    if (status !== null && status !== this.status) {
      const online = status.toLowerCase() === 'online'
      if (!online && this.options.rules().statusNotOnline) {
        this.raise('status', `Indexer status: ${status}`, `The indexer reports its status as “${status}” instead of online`)
        this.statusRaised = true
      } else if (online && this.statusRaised) {
        this.raise('status-online', 'Indexer online again', 'The indexer reports its status as online')
        this.statusRaised = false
      }
      this.status = status
    }
    if (slot !== null && /^\d+$/.test(slot)) {
      const value = BigInt(slot)
      if (this.slot !== null && value < this.slot) {
        this.raise(
          'chain-restarted',
          'Indexer chain restarted',
          `The slot went back from ${this.slot} to ${slot}: the indexer started its chain over. Its totals may be lower than what the cache holds until it has counted again.`,
        )
        this.slot = value
        this.slotSince = now
      } else if (this.slot === null || value > this.slot) {
        this.slot = value
        this.slotSince = now
        if (this.stallRaised) {
          this.raise('advancing', 'Indexer advancing again', `The slot moves again (${slot})`)
          this.stallRaised = false
        }
        if (this.live) this.scheduleStall()
      }
    }
  }

  /** Rules changed (a threshold, a switch): timers follow at once. */
  rulesChanged(): void {
    if (this.live === false) this.scheduleUnreachable()
    if (this.live) this.scheduleStall()
  }

  /** Another indexer is watched now: its slot and status are not compared with the last one's. */
  indexerChanged(): void {
    this.slot = null
    this.status = null
  }

  dispose(): void {
    this.disposed = true
    this.unreachableTimer.cancel()
    this.stallTimer.cancel()
  }

  private raise(kind: HealthAlertKind, title: string, body: string): void {
    this.options.raise({ kind, title, body, at: this.options.clock.now() })
  }

  private scheduleUnreachable(): void {
    const rules = this.options.rules()
    this.alertAfter(this.unreachableTimer, rules.unreachable && !this.unreachableRaised, this.downSince, rules.unreachableMinutes, () => {
      if (this.live !== false || this.downSince === null) return
      this.unreachableRaised = true
      this.raise('unreachable', 'Indexer unreachable', `No connection to the indexer for ${minutes(this.options.clock.now() - this.downSince)}`)
    })
  }

  private scheduleStall(): void {
    const rules = this.options.rules()
    this.alertAfter(this.stallTimer, rules.stalled && !this.stallRaised && this.slot !== null, this.slotSince, rules.stalledMinutes, () => {
      if (!this.live) return
      this.stallRaised = true
      this.raise('stalled', 'Indexer stalled', `The slot has not moved for ${minutes(this.options.clock.now() - this.slotSince)} (still ${String(this.slot)}) while connected`)
    })
  }

  /** (Re)sets an alert's timer to fire `afterMinutes` after `since`, at once when that is past; `wanted` false (or no `since`) only cancels it. */
  private alertAfter(timer: ClockTimer, wanted: boolean, since: number | null, afterMinutes: number, fire: () => void): void {
    timer.cancel()
    if (!wanted || since === null) return
    timer.start(Math.max(0, since + afterMinutes * MINUTE_MS - this.options.clock.now()), fire)
  }
}
