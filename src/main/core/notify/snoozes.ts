/**
 * The snoozes in force: kept in the settings (an expired one is dropped at
 * load), each ended by a timer when its time comes, and asked by the rules
 * for every candidate (the `snoozed` reason).
 */
import type { Snooze, SnoozeInput, SnoozeTarget } from '@shared/snooze'
import { checkSnoozeDuration, checkSnoozeTarget, MAX_SNOOZES, sameSnoozeTarget, snoozeActive, snoozeEnd, snoozesFromStored } from '@shared/snooze'
import { ProofWatchError } from '@shared/errors'
import type { NotifyCandidate } from './candidates'
import { Digest, noticeKind } from './summary'
import { ClockTimer, type NotifyClock } from './timers'

export interface SnoozesOptions {
  clock: NotifyClock
  store: { read(): unknown; write(snoozes: Snooze[]): void }
  /** The list changed: a snooze began, was ended or ran out. */
  onChange(snoozes: Snooze[]): void
}

/** The pop-up kind one candidate would show as (summary.ts decides it for a burst the same way). */
export function candidateNoticeKind(candidate: NotifyCandidate): ReturnType<typeof noticeKind> {
  const digest = new Digest()
  digest.add(candidate)
  return noticeKind(digest)
}

const MAX_TIMER_MS = 2 ** 31 - 1

export class Snoozes {
  private snoozes: Snooze[]
  private readonly timer: ClockTimer

  constructor(private readonly options: SnoozesOptions) {
    this.timer = new ClockTimer(options.clock)
    const stored = options.store.read()
    this.snoozes = snoozesFromStored(stored, options.clock.now())
    // What ran out while the app was closed (or was not valid) goes from the file too.
    if (Array.isArray(stored) && stored.length !== this.snoozes.length) options.store.write(this.list())
    this.schedule()
  }

  list(): Snooze[] {
    return this.snoozes.map((s) => ({ target: { ...s.target }, until: s.until }))
  }

  /** Snoozes a target (again: the new end replaces the old). Untrusted input is checked here. */
  snooze(input: SnoozeInput): Snooze[] {
    if (typeof input !== 'object' || input === null) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'A snooze needs a target and a duration' })
    const target = checkSnoozeTarget(input.target)
    const until = snoozeEnd(checkSnoozeDuration(input.duration), this.options.clock.now())
    const others = this.snoozes.filter((s) => !sameSnoozeTarget(s.target, target))
    if (others.length >= MAX_SNOOZES) {
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `At most ${MAX_SNOOZES} snoozes can be in force; end one first` })
    }
    return this.change([...others, { target, until }])
  }

  /** Ends a target's snooze; one already over (or never begun) is no error. */
  end(target: SnoozeTarget): Snooze[] {
    const checked = checkSnoozeTarget(target)
    return this.change(this.snoozes.filter((s) => !sameSnoozeTarget(s.target, checked)))
  }

  /** Whether a snooze in force covers the candidate: its address, its source or its pop-up kind. */
  covers(candidate: NotifyCandidate): boolean {
    const now = this.options.clock.now()
    const active = this.snoozes.filter((s) => snoozeActive(s, now))
    if (active.length === 0) return false
    const kind = candidateNoticeKind(candidate)
    return active.some(({ target }) => {
      if (target.kind === 'address') return candidate.address === target.id
      return target.kind === 'source' ? candidate.source === target.id : kind === target.id
    })
  }

  dispose(): void {
    this.timer.cancel()
  }

  private change(next: Snooze[]): Snooze[] {
    this.snoozes = next
    this.options.store.write(this.list())
    this.schedule()
    const list = this.list()
    this.options.onChange(list)
    return list
  }

  /** One timer, for the snooze that ends first. */
  private schedule(): void {
    this.dispose()
    const ends = this.snoozes.map((s) => s.until).filter((until): until is number => until !== null)
    if (ends.length === 0) return
    const first = Math.min(...ends)
    // A far end (a hand-edited file) is looked at again in 24 days: timers past 2^31 ms fire at once.
    this.timer.start(Math.min(MAX_TIMER_MS, Math.max(0, first - this.options.clock.now())), () => {
      const now = this.options.clock.now()
      this.change(this.snoozes.filter((s) => snoozeActive(s, now)))
    })
  }
}
