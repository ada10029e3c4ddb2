import type { BridgeEvent } from '@shared/bridge'
import type { ActivityNotificationKind, AppNotification, Subject } from '@shared/domain'
import type { NotificationSource } from '@shared/notification-rules'
import { candidatesFromBatch, type CandidateOptions } from './candidates'

const KIND_OF_SOURCE: Partial<Record<NotificationSource, ActivityNotificationKind>> = {
  userProofs: 'USER_PROOF',
  circuits: 'CIRCUIT_PROOF',
  addresses: 'ADDRESS_TRANSACTION',
}

const SUBJECT_OF_KEY: Record<string, Subject['kind']> = { proof: 'proof', transaction: 'transaction' }

/**
 * The notification centre's entries for followed activity: the user's proofs,
 * followed circuits' proofs and watched addresses' transactions, with the same
 * words a native notification would use and a link to their subject. The
 * rules decide what pops up; the centre keeps every one.
 */
export function activityEntries(events: readonly BridgeEvent[], at: number, options: CandidateOptions = {}): AppNotification[] {
  const entries: AppNotification[] = []
  for (const candidate of candidatesFromBatch(events, at, options)) {
    const kind = KIND_OF_SOURCE[candidate.source]
    if (!kind) continue
    const separator = candidate.key.indexOf(':')
    const subjectKind = SUBJECT_OF_KEY[candidate.key.slice(0, separator)]
    const id = candidate.key.slice(separator + 1)
    // One entry per event and place it was seen: the same transaction of two watched addresses is two entries.
    const where = candidate.address ?? candidate.circuitId
    const entryId = where ? `${kind}:${where}:${id}` : `${kind}:${id}`
    const subject = subjectKind ? { kind: subjectKind, id } : null
    const topic = candidate.address ? { kind: 'address' as const, id: candidate.address } : candidate.circuitId && kind === 'CIRCUIT_PROOF' ? { kind: 'circuit' as const, id: candidate.circuitId } : null
    entries.push({
      id: entryId,
      kind,
      title: candidate.title,
      body: candidate.body,
      receivedAt: at,
      read: false,
      subject,
      topic,
      // In the wire's shape, so the cache reads it back as it reads user:notifications.
      raw: { id: entryId, type: kind, title: candidate.title, body: candidate.body, subject },
      extra: {},
    })
  }
  return entries
}
