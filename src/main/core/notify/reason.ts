/**
 * The one place a reason's words are built, for centre entries and pop-ups
 * alike, so that whatever rewrites names before a pop-up shows (redacting
 * addresses) can build them too.
 */
import type { NotificationReason } from '@shared/notification-reason'
import { RULE_LABELS } from '@shared/notification-reason'
import type { NotificationSource } from '@shared/notification-rules'

export interface ReasonFacts {
  source: NotificationSource
  /** The watched address or followed circuit it is about, as entries name it. */
  watched?: { kind: 'address' | 'circuit'; name: string } | null
  /** Events it stands for (a burst, a roll-up, a summary); 1 or less says nothing. */
  grouped?: number
  /** A revoked proof of the user's. */
  revoked?: boolean
}

function opening(facts: ReasonFacts): string | null {
  const many = (facts.grouped ?? 1) > 1
  if (facts.watched) return `because you ${facts.watched.kind === 'address' ? 'watch' : 'follow'} ${facts.watched.name}`
  if (facts.revoked) return 'because your proof was revoked'
  if (facts.source === 'userProofs') return many ? 'because they are your proofs' : 'because it is your proof'
  if (facts.source === 'notifications') return `because the indexer sent ${many ? 'them' : 'it'} to your account`
  return null
}

export function reasonText(facts: ReasonFacts): string {
  const parts = [opening(facts), `rule '${RULE_LABELS[facts.source]}'`]
  if ((facts.grouped ?? 1) > 1) parts.push(`burst of ${facts.grouped} grouped`)
  return parts.filter((part) => part !== null).join(' · ')
}

export function reasonFor(facts: ReasonFacts): NotificationReason {
  return { source: facts.source, text: reasonText(facts) }
}

/** A pop-up that sums up several events: the one rule they share, or each rule among them. */
export function summaryReasonText(sources: readonly NotificationSource[], count: number, watched: ReasonFacts['watched'] = null): string {
  const [only] = sources
  if (sources.length === 1 && only !== undefined) return reasonText({ source: only, watched, grouped: count })
  return `rules ${sources.map((source) => `'${RULE_LABELS[source]}'`).join(', ')} · burst of ${count} grouped`
}
