/** Whether one event may show a native notification under the user's rules. */
import type { NotificationRules, QuietHours } from '@shared/notification-rules'
import { clockTimeMinutes } from '@shared/notification-rules'
import type { NotifyCandidate } from './candidates'

/**
 * Why an event shows no native notification. The first three say the user
 * does not want this event at all; `snoozed` holds back its address, source
 * or kind for a while, the last two every notification. Either way the
 * event still reaches the centre.
 */
export type SuppressReason = 'source-off' | 'muted' | 'not-failed' | 'snoozed' | 'do-not-disturb' | 'quiet-hours'

export const SUPPRESS_REASONS: readonly SuppressReason[] = ['source-off', 'muted', 'not-failed', 'snoozed', 'do-not-disturb', 'quiet-hours']

export type RuleVerdict = { notify: true } | { notify: false; reason: SuppressReason }

/** Watched addresses and followed circuits whose own switch (`notify` in the watchlist) is off. */
export interface MutedSubjects {
  addresses: ReadonlySet<string>
  circuits: ReadonlySet<string>
}

export const NOTHING_MUTED: MutedSubjects = { addresses: new Set(), circuits: new Set() }

/** Whether a time of day (minutes after local midnight) falls in quiet hours; the start is in, the end is out. */
export function inQuietHours(quiet: QuietHours, minutesOfDay: number): boolean {
  if (!quiet.enabled) return false
  const start = clockTimeMinutes(quiet.start)
  const end = clockTimeMinutes(quiet.end)
  if (start === null || end === null || start === end) return false
  // 22:00–07:00 spans midnight: quiet from the start until midnight, and from midnight until the end.
  return start < end ? minutesOfDay >= start && minutesOfDay < end : minutesOfDay >= start || minutesOfDay < end
}

export function evaluateRules(
  candidate: NotifyCandidate,
  rules: NotificationRules,
  minutesOfDay: number,
  muted: MutedSubjects = NOTHING_MUTED,
  /** Whether a snooze in force covers it (snoozes.ts). */
  snoozed: (candidate: NotifyCandidate) => boolean = () => false,
): RuleVerdict {
  if (!rules.sources[candidate.source]) return { notify: false, reason: 'source-off' }
  if (candidate.alert !== undefined && !rules.health[candidate.alert]) return { notify: false, reason: 'source-off' }
  if (candidate.address !== null && muted.addresses.has(candidate.address)) return { notify: false, reason: 'muted' }
  if (candidate.source === 'circuits' && candidate.circuitId !== null && muted.circuits.has(candidate.circuitId)) {
    return { notify: false, reason: 'muted' }
  }
  if (candidate.source === 'addresses' && rules.failedTransactionsOnly && !candidate.failed) return { notify: false, reason: 'not-failed' }
  if (snoozed(candidate)) return { notify: false, reason: 'snoozed' }
  if (rules.doNotDisturb) return { notify: false, reason: 'do-not-disturb' }
  if (inQuietHours(rules.quietHours, minutesOfDay)) return { notify: false, reason: 'quiet-hours' }
  return { notify: true }
}
