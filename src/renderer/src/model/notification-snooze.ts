import type { AppNotification } from '@shared/domain'
import type { NotificationSource } from '@shared/notification-rules'
import type { SnoozeTarget } from '@shared/snooze'
import { snoozeTargetText } from '@shared/snooze'

export interface LabelledSnoozeTarget {
  target: SnoozeTarget
  label: string
}

/** The rule (notification source) a centre entry's pop-up comes under, as main's candidates decide it. */
const SOURCE_OF_KIND: Record<string, NotificationSource> = {
  USER_PROOF: 'userProofs',
  CIRCUIT_PROOF: 'circuits',
  ADDRESS_TRANSACTION: 'addresses',
  HEALTH: 'health',
  // The user's own revoked proof is a health alert (a watched address's is that address's).
  PROOF_REVOKED: 'health',
}

/** What an entry's "Snooze…" offers: its watched address, its rule, and for a revocation or failure the alerts kind. */
export function snoozeTargetsOf(entry: AppNotification, describeAddress: (pubkey: string) => string): LabelledSnoozeTarget[] {
  const targets: SnoozeTarget[] = []
  if (entry.topic?.kind === 'address') targets.push({ kind: 'address', id: entry.topic.id })
  targets.push({ kind: 'source', id: SOURCE_OF_KIND[entry.kind] ?? 'notifications' })
  if (entry.kind === 'PROOF_REVOKED' || (entry.group?.failed ?? 0) > 0) targets.push({ kind: 'notice', id: 'alerts' })
  return targets.map((target) => ({
    target,
    label: target.kind === 'address' ? `This address (${describeAddress(target.id)})` : `All: ${snoozeTargetText(target)}`,
  }))
}
