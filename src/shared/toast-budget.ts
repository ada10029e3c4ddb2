/**
 * Which pop-ups a browser tab shows as in-page toasts: only the kinds the user switched on (the rules' `toasts`), and
 * at most `perHour` in any hour, so a quiet hour stays quiet. What it holds back is counted, never lost: every event
 * is in the notification centre.
 */
import type { Notice } from './notice'
import type { NotificationRules } from './notification-rules'

const HOUR_MS = 3_600_000

export type ToastVerdict = 'show' | 'kind-off' | 'over-budget'

export class ToastBudget {
  /** When each toast of the last hour showed, oldest first. */
  private shownAt: number[] = []
  readonly held = { 'kind-off': 0, 'over-budget': 0 }

  constructor(private readonly now: () => number) {}

  /** Decides for one notice under `rules` (read at each call, so a changed switch applies at once). */
  admit(notice: Notice, rules: Pick<NotificationRules, 'toasts' | 'toastsPerHour'>): ToastVerdict {
    const now = this.now()
    while (this.shownAt.length > 0 && this.shownAt[0]! <= now - HOUR_MS) this.shownAt.shift()
    // A notice from an older core without a kind is treated as the least urgent.
    const kind = notice.kind ?? 'other'
    let verdict: ToastVerdict = 'show'
    if (!rules.toasts[kind]) verdict = 'kind-off'
    else if (this.shownAt.length >= rules.toastsPerHour) verdict = 'over-budget'
    if (verdict === 'show') this.shownAt.push(now)
    else this.held[verdict]++
    return verdict
  }

  /** Toasts shown in the hour up to now. */
  get lastHour(): number {
    return this.shownAt.length
  }
}
