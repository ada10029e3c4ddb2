/**
 * Reads the watched addresses an indexer does not push, each on its own due
 * time, spread evenly over the interval so that requests go out one by one
 * rather than in bursts; the open address on its faster interval; never
 * while the rate limit says to wait (a 429's Retry-After, or too little left
 * of the window). The intervals come from pollBudget.
 *
 * While nobody looks (window hidden, or the user idle), reads go in rounds
 * instead: up to ROUND_SIZE addresses one after another on one wake-up, the
 * rounds spread over the interval. Each wake-up of an idle process costs more
 * than the read it makes (caches cold, docs/benchmarks.md), and a hidden
 * window has no page whose reader is waiting.
 */
import { toErrorInfo } from '@shared/errors'
import type { ErrorInfo } from '@shared/domain'
import { pollBudget, type PollBudget } from './poll-budget'
import { lookedAt, sameActivity, type Activity } from './poller'
import type { RateLimit } from './rate-limit'

export interface AddressPollsOptions {
  /** Reads the address's head; rejects on failure. */
  poll(address: string): Promise<void>
  rateLimit: RateLimit
  onError?(address: string, error: ErrorInfo, failures: number): void
  /** Something a view shows moved (last or next check). */
  onChange?(): void
  /** Other polls' requests a minute, taken from the same budget. */
  otherPerMinute?(): number
  /** Tests: every address on this interval instead of the budget's. */
  fixedIntervalMs?: number
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

interface Entry {
  dueAt: number
  lastAt: number | null
  failures: number
  inFlight: boolean
}

export interface AddressPollState {
  address: string
  intervalMs: number
  lastCheckAt: number | null
  nextCheckAt: number | null
  failures: number
}

const MAX_BACKOFF_MS = 300_000
/** Addresses read one after another on one wake-up while away: 20 a round stays a small share of a minute's limit. */
export const ROUND_SIZE = 20

export class AddressPolls {
  private readonly entries = new Map<string, Entry>()
  private open: string | null = null
  private activity: Activity = { visible: true, idle: false }
  private timer: unknown = null
  private timerAt: number | null = null
  private stopped = false
  private readonly now: () => number
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (handle: unknown) => void

  constructor(private readonly options: AddressPollsOptions) {
    this.now = options.now ?? Date.now
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  }

  /** Polls exactly these addresses; new ones are spread over the interval after this one (their first sync reads them now). */
  setAddresses(addresses: readonly string[]): void {
    const wanted = new Set(addresses)
    for (const address of [...this.entries.keys()]) if (!wanted.has(address)) this.entries.delete(address)
    const added = addresses.filter((address) => !this.entries.has(address))
    if (added.length === 0) return this.plan()
    const spacing = this.spacing(this.entries.size + added.length)
    const start = this.now()
    added.forEach((address, index) => {
      this.entries.set(address, { dueAt: start + (this.away() ? Math.floor(index / ROUND_SIZE) + 1 : index + 1) * spacing, lastAt: null, failures: 0, inFlight: false })
    })
    this.plan()
  }

  /** The address whose page is open (null: none): read at once, then on the faster interval. */
  setOpenAddress(address: string | null): void {
    if (address === this.open) return
    this.open = address
    const entry = address === null ? undefined : this.entries.get(address)
    if (entry && !entry.inFlight) entry.dueAt = Math.min(entry.dueAt, this.now())
    this.plan()
  }

  setActivity(activity: Activity): void {
    if (sameActivity(activity, this.activity)) return
    const wasAway = this.away()
    this.activity = { ...activity }
    // Back in front: what is overdue under the faster interval is read, spread out again.
    if (wasAway && !this.away()) this.respread()
    this.plan()
  }

  budget(): PollBudget {
    const fixed = this.options.fixedIntervalMs
    if (fixed !== undefined) {
      return { ...pollBudget({ addresses: 0, openAddress: false, activity: this.activity, limitPerMinute: null }), openIntervalMs: fixed, addressIntervalMs: fixed }
    }
    return pollBudget({
      addresses: this.entries.size,
      openAddress: this.open !== null && this.entries.has(this.open),
      activity: this.activity,
      limitPerMinute: this.options.rateLimit.view().limitPerMinute,
      otherPerMinute: this.options.otherPerMinute?.() ?? 0,
    })
  }

  /** This address's interval under the current budget. */
  intervalOf(address: string): number {
    const budget = this.budget()
    return address === this.open && budget.openIntervalMs !== null ? budget.openIntervalMs : budget.addressIntervalMs
  }

  states(): AddressPollState[] {
    const blocked = this.options.rateLimit.blockedUntil()
    return [...this.entries].map(([address, entry]) => ({
      address,
      intervalMs: this.intervalOf(address),
      lastCheckAt: entry.lastAt,
      nextCheckAt: entry.inFlight ? null : Math.max(entry.dueAt, blocked ?? 0, this.now()),
      failures: entry.failures,
    }))
  }

  stop(): void {
    this.stopped = true
    this.cancel()
    this.entries.clear()
  }

  /** Nobody looks: the window hidden or the user idle. */
  private away(): boolean {
    return !lookedAt(this.activity)
  }

  /** Time between two wake-ups: one address apart while looked at, one round apart while away. */
  private spacing(count = this.entries.size): number {
    const slots = this.away() ? Math.ceil(count / ROUND_SIZE) : count
    return this.budget().addressIntervalMs / Math.max(1, slots)
  }

  private respread(): void {
    const interval = this.budget().addressIntervalMs
    const overdue = [...this.entries.values()].filter((entry) => !entry.inFlight).sort((a, b) => a.dueAt - b.dueAt)
    const spacing = interval / Math.max(1, this.entries.size)
    const start = this.now()
    overdue.forEach((entry, index) => {
      const spreadAt = start + index * spacing
      entry.dueAt = Math.min(entry.dueAt, spreadAt, entry.lastAt === null ? spreadAt : entry.lastAt + interval)
    })
  }

  private cancel(): void {
    if (this.timer !== null) this.clearTimer(this.timer)
    this.timer = null
    this.timerAt = null
  }

  /** One timer, at the earliest due time (or when the rate limit lets polls go again). */
  private plan(): void {
    if (this.stopped) return
    let next: number | null = null
    for (const entry of this.entries.values()) if (!entry.inFlight && (next === null || entry.dueAt < next)) next = entry.dueAt
    if (next === null) return this.cancel()
    const blocked = this.options.rateLimit.blockedUntil()
    const at = Math.max(next, blocked ?? 0, this.now())
    if (this.timer !== null && this.timerAt === at) return
    this.cancel()
    this.timerAt = at
    this.timer = this.setTimer(() => {
      this.timer = null
      this.timerAt = null
      this.runDue()
    }, at - this.now())
  }

  private runDue(): void {
    if (this.stopped) return
    const blocked = this.options.rateLimit.blockedUntil()
    if (blocked !== null) return this.plan()
    const now = this.now()
    // The open page first: its reader is waiting for it.
    const away = this.away()
    const spacing = this.spacing()
    // Away, a round takes in what falls due before the next one would: a round read now saves that one its own wake-up.
    const horizon = away ? now + spacing / 2 : now
    const overdue = [...this.entries]
      .filter(([, entry]) => !entry.inFlight && entry.dueAt <= horizon)
      .sort((a, b) => Number(b[0] === this.open) - Number(a[0] === this.open) || a[1].dueAt - b[1].dueAt)
    const taken = overdue.slice(0, away ? ROUND_SIZE : 1)
    if (taken.length > 0) void this.runRound(taken)
    // A backlog (after a wait for the rate limit, or the machine asleep) goes out one per spacing, not as a burst.
    overdue
      .slice(taken.length)
      .filter(([address, entry]) => address !== this.open && entry.dueAt <= now)
      .forEach(([, entry], index) => {
        entry.dueAt = now + (away ? Math.floor(index / ROUND_SIZE) + 1 : index + 1) * spacing
      })
    this.plan()
  }

  /** One after another, so that a round holds one connection and never bursts. */
  private async runRound(round: Array<[string, Entry]>): Promise<void> {
    for (const [, entry] of round) entry.inFlight = true
    for (const [index, [address, entry]] of round.entries()) {
      if (this.stopped) return
      // A 429 mid-round holds the rest back, as it would have held their own wake-ups.
      if (this.options.rateLimit.blockedUntil() !== null) {
        for (const [, left] of round.slice(index)) left.inFlight = false
        return this.plan()
      }
      if (this.entries.get(address) !== entry) continue
      await this.runOne(address, entry)
    }
  }

  private runOne(address: string, entry: Entry): Promise<void> {
    entry.inFlight = true
    return this.options
      .poll(address)
      .then(
        () => {
          entry.failures = 0
        },
        (error: unknown) => {
          entry.failures++
          const info = toErrorInfo(error)
          this.options.rateLimit.noteError(info)
          this.options.onError?.(address, info, entry.failures)
        },
      )
      .finally(() => {
        entry.inFlight = false
        entry.lastAt = this.now()
        const interval = this.intervalOf(address)
        const backoff = entry.failures === 0 ? 0 : Math.min(MAX_BACKOFF_MS, interval * 2 ** Math.min(entry.failures, 6)) - interval
        entry.dueAt = entry.lastAt + interval + Math.max(0, backoff)
        if (this.entries.get(address) === entry) {
          this.options.onChange?.()
          this.plan()
        }
      })
  }
}
